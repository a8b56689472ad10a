import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

// The parts of a form field: the control's frame (shared by Input, Textarea, Select, Combobox),
// a label, a hint and an error in words.

export const controlFrame =
  'block w-full min-w-0 rounded-control border border-line-strong bg-surface px-3 text-base text-ink sm:text-sm placeholder:text-ink-muted focus-visible:focus-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger-700';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium text-ink', className)} {...props} />;
}

export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1 text-xs text-ink-muted', className)} {...props} />;
}

export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p className={cn('mt-1 text-sm font-medium text-danger-700', className)} {...props}>
      {children}
    </p>
  );
}

/** A labelled field: label above, control, hint and error below, wired by id (`errorRole` alert: the error is announced when it appears). */
export function Field({
  id,
  label,
  hint,
  error,
  errorRole,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  errorRole?: 'alert';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1">{children}</div>
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      <FieldError id={`${id}-error`} role={errorRole}>
        {error}
      </FieldError>
    </div>
  );
}

/** aria-describedby for a control in a Field: its hint and its error, when shown. */
export function describedBy(id: string, hint?: unknown, error?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
