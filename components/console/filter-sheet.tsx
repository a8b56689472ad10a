'use client';

import { SlidersHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';

/** A queue's filters on a phone: a button that opens them in a sheet, closed by showing the results. */
export function FilterSheet({
  label,
  title,
  closeLabel,
  showLabel,
  resetLabel,
  onReset,
  children,
}: {
  label: string;
  title: string;
  closeLabel: string;
  showLabel: string;
  /** Offered while a filter is set. */
  resetLabel?: string;
  onReset: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3 md:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="secondary" className="min-h-11">
            <SlidersHorizontal aria-hidden="true" />
            {label}
          </Button>
        </SheetTrigger>
        <SheetContent title={title} closeLabel={closeLabel}>
          <div className="grid gap-4" data-testid="queue-filters-sheet">
            {children}
          </div>
          <div className="mt-auto flex flex-wrap items-center gap-3">
            <Button variant="primary" className="min-h-11" onClick={() => setOpen(false)}>
              {showLabel}
            </Button>
            {resetLabel ? (
              <Button variant="link" onClick={onReset}>
                {resetLabel}
              </Button>
            ) : null}
          </div>
        </SheetContent>
      </Sheet>
    </div>
  );
}
