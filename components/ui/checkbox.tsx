'use client';

import { Check, Minus } from 'lucide-react';
import { Checkbox as C } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Checkbox({ className, ...props }: ComponentProps<typeof C.Root>) {
  return (
    <C.Root
      data-slot="checkbox"
      className={cn(
        'peer inline-flex size-5 shrink-0 items-center justify-center rounded-control border border-line-strong bg-surface text-white focus-visible:focus-ring disabled:opacity-60 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=indeterminate]:border-brand-700 data-[state=indeterminate]:bg-brand-700',
        className,
      )}
      {...props}
    >
      <C.Indicator className="group">
        <Check aria-hidden="true" className="size-4 group-data-[state=indeterminate]:hidden" />
        <Minus aria-hidden="true" className="hidden size-4 group-data-[state=indeterminate]:block" />
      </C.Indicator>
    </C.Root>
  );
}
