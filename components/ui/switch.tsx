'use client';

import { Switch as S } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Switch({ className, ...props }: ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      data-slot="switch"
      className={cn(
        'inline-flex h-6 w-11 shrink-0 items-center rounded-pill border-2 border-transparent bg-line-strong transition-colors focus-visible:focus-ring disabled:opacity-60 data-[state=checked]:bg-brand-700',
        className,
      )}
      {...props}
    >
      <S.Thumb className="block size-5 rounded-pill bg-surface shadow transition-transform data-[state=checked]:translate-x-5" />
    </S.Root>
  );
}
