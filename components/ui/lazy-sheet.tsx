'use client';

import dynamic from 'next/dynamic';
import { useState, type ComponentProps, type RefObject } from 'react';
import type { OpenSheet } from './sheet';

// A Sheet whose code (Radix Dialog: focus trap, scroll lock, layers) loads the first time it
// opens, so pages that show it only on demand — the phone navigation, the list's filters — keep
// it out of their first JavaScript (docs/performance.md, "JavaScript budgets"). The caller's own
// button opens it (aria-haspopup="dialog", aria-expanded) and gets the focus back on closing.

const Loaded = dynamic(() => import('./sheet').then((m) => m.OpenSheet), { ssr: false });

export function LazySheet({
  open,
  returnFocus,
  ...props
}: ComponentProps<typeof OpenSheet> & { returnFocus: RefObject<HTMLElement | null> }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Loaded
      open={open}
      {...props}
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        returnFocus.current?.focus();
      }}
    />
  );
}
