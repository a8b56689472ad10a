'use client';

import type { ComponentProps, ReactNode } from 'react';
import { FieldError, FieldHint, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

// One field of the counter's forms: a big control for a phone held at the counter (48 px high,
// 18 px text; `className` is the control's), its label above and its hint and error below, wired for screen readers.

export function OrderField({
  id,
  label,
  hint,
  error,
  required,
  className,
  ...input
}: ComponentProps<'input'> & { id: string; label: ReactNode; hint?: ReactNode; error?: string | null; required?: boolean }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="text-base">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      <Input
        id={id}
        className={cn('mt-1 h-12 text-lg sm:text-lg', className)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      <FieldError id={`${id}-error`} role="alert">
        {error}
      </FieldError>
    </div>
  );
}
