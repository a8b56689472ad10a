'use client';

import { SlidersHorizontal } from 'lucide-react';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetTrigger } from '@/components/ui/sheet';

// A list's filters as the work queues show them: beside the list on a wide screen, in the kit's
// drawer (Sheet) behind one button on a phone. The filters are rendered once, in one place or the
// other, so their fields keep one id each. The server renders the wide layout; a phone switches
// to the button once the page runs.

const PHONE = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export function FilterDrawer({ label, title, closeLabel, doneLabel, children }: { label: string; title: string; closeLabel: string; doneLabel: string; children: ReactNode }) {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  const [open, setOpen] = useState(false);
  if (!phone) return <>{children}</>;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="filter-drawer">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="secondary" className="min-h-11">
            <SlidersHorizontal aria-hidden="true" />
            {label}
          </Button>
        </SheetTrigger>
        <SheetContent title={title} closeLabel={closeLabel}>
          {children}
          <SheetClose asChild>
            <Button variant="primary" className="mt-auto min-h-11">
              {doneLabel}
            </Button>
          </SheetClose>
        </SheetContent>
      </Sheet>
    </div>
  );
}
