'use client';

import { AlertDialog as A } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonVariants } from './button';
import { cn } from './cn';
import { overlayClass, panelClass } from './dialog';

/**
 * A confirmation that must be answered: title, what happens, the body (e.g. a reason field),
 * cancel and confirm. The confirm button does not close by itself when `onConfirm` returns false.
 */
export function AlertDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  onConfirm,
  destructive,
  busy,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void | boolean | Promise<void | boolean>;
  destructive?: boolean;
  busy?: boolean;
}) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <A.Trigger asChild>{trigger}</A.Trigger> : null}
      <A.Portal>
        <A.Overlay className={overlayClass} />
        <A.Content
          className={cn(
            panelClass,
            'fixed left-1/2 top-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-card p-5',
          )}
        >
          <div className="grid gap-1">
            <A.Title className="text-lg font-semibold">{title}</A.Title>
            {description ? <A.Description className="text-sm text-ink-muted">{description}</A.Description> : <A.Description className="sr-only">{title}</A.Description>}
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel className={buttonVariants({ variant: 'secondary' })}>{cancelLabel}</A.Cancel>
            <button
              type="button"
              disabled={busy}
              className={buttonVariants({ variant: destructive ? 'danger' : 'primary' })}
              onClick={async () => {
                const result = await onConfirm();
                if (result !== false) onOpenChange?.(false);
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
