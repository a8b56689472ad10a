'use client';

import { RadioGroup as R } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export function RadioGroup({ className, ...props }: ComponentProps<typeof R.Root>) {
  return <R.Root data-slot="radio-group" className={cn('grid gap-2', className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof R.Item>) {
  return (
    <R.Item
      data-slot="radio-group-item"
      className={cn(
        'inline-flex size-5 shrink-0 items-center justify-center rounded-pill border border-line-strong bg-surface focus-visible:focus-ring disabled:opacity-60 data-[state=checked]:border-brand-700',
        className,
      )}
      {...props}
    >
      <R.Indicator className="size-2.5 rounded-pill bg-brand-700" />
    </R.Item>
  );
}
