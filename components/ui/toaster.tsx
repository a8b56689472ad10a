'use client';

import { Toaster as Sonner } from 'sonner';

/**
 * Toasts of every face (sonner), in the brand's frame; call `toast(...)` from 'sonner'. Expanded:
 * two toasts in a row are both readable, never one faded behind the other.
 */
export function Toaster() {
  return (
    <Sonner
      expand
      position="bottom-right"
      toastOptions={{ classNames: { toast: 'rounded-card border border-line bg-surface text-ink shadow-lg', description: 'text-ink-muted' } }}
    />
  );
}
