'use client';

import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export const overlayClass = 'fixed inset-0 z-40 bg-ink/40 data-[state=open]:animate-in';
export const panelClass = 'z-50 border border-line bg-surface text-ink shadow-xl focus:outline-none';

export function DialogContent({
  className,
  children,
  closeLabel,
  ...props
}: ComponentProps<typeof D.Content> & { closeLabel: string }) {
  return (
    <D.Portal>
      <D.Overlay className={overlayClass} />
      <D.Content
        className={cn(
          panelClass,
          'fixed left-1/2 top-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-card p-5',
          className,
        )}
        {...props}
      >
        {children}
        <D.Close aria-label={closeLabel} className="absolute right-3 top-3 rounded-control p-1 text-ink-muted hover:text-ink focus-visible:focus-ring">
          <X aria-hidden="true" className="size-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

export function DialogHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="grid gap-1 pr-6">
      <D.Title className="text-lg font-semibold">{title}</D.Title>
      {description ? <D.Description className="text-sm text-ink-muted">{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
    </div>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
