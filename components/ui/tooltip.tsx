'use client';

import { Tooltip as T } from 'radix-ui';
import type { ReactNode } from 'react';

export const TooltipProvider = T.Provider;

/** A short explanation on hover and keyboard focus of its trigger (which must be focusable). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content sideOffset={4} className="z-50 max-w-xs rounded-control bg-ink px-2 py-1 text-xs text-white shadow">
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
