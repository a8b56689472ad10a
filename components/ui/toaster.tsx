'use client';

import { Toaster as Sonner } from 'sonner';

/** Toasts of both faces (sonner), in the brand's frame; call `toast(...)` from 'sonner'. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      toastOptions={{ classNames: { toast: 'rounded-card border border-line bg-surface text-ink shadow-lg', description: 'text-ink-muted' } }}
    />
  );
}
