'use client';

import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { overlayClass, panelClass } from './dialog';

export const Sheet = D.Root;
export const SheetTrigger = D.Trigger;
export const SheetClose = D.Close;

/** A panel sliding in from a side: the navigation on a phone, the list's filters. */
export function SheetContent({
  side = 'right',
  title,
  description,
  closeLabel,
  className,
  children,
  ...props
}: ComponentProps<typeof D.Content> & { side?: 'left' | 'right'; title: ReactNode; description?: ReactNode; closeLabel: string }) {
  return (
    <D.Portal>
      <D.Overlay className={overlayClass} />
      <D.Content
        className={cn(
          panelClass,
          'fixed inset-y-0 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-4 overflow-y-auto p-5',
          side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
          className,
        )}
        {...props}
      >
        <div className="grid gap-1 pr-6">
          <D.Title className="text-lg font-semibold">{title}</D.Title>
          {description ? <D.Description className="text-sm text-ink-muted">{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
        </div>
        {children}
        <D.Close aria-label={closeLabel} className="absolute right-3 top-3 rounded-control p-1 text-ink-muted hover:text-ink focus-visible:focus-ring">
          <X aria-hidden="true" className="size-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

/** An open Sheet with its content, for LazySheet (components/ui/lazy-sheet.tsx). */
export function OpenSheet({ open, onOpenChange, ...content }: { open: boolean; onOpenChange: (open: boolean) => void } & ComponentProps<typeof SheetContent>) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent {...content} />
    </Sheet>
  );
}
