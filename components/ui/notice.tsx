import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

// A message in a box: a failed request, a filter that was not understood, a value shown once.
// The caller gives it its role (alert, status) where it must be announced. `size` box is a line
// of small text; card is a page's own message (a heading, links), in the page's text size.

export const noticeVariants = cva('border', {
  variants: {
    tone: {
      danger: 'border-danger-700 bg-danger-50 text-danger-700',
      warning: 'border-warning-900 bg-warning-50 text-warning-900',
      success: 'border-brand-700 bg-brand-50 text-brand-900',
      neutral: 'border-line bg-canvas text-ink',
    },
    size: {
      box: 'rounded-control px-3 py-2 text-sm',
      card: 'rounded-card p-4',
    },
  },
  defaultVariants: { tone: 'danger', size: 'box' },
});

export function Notice({ className, tone, size, ...props }: ComponentProps<'div'> & VariantProps<typeof noticeVariants>) {
  return <div data-slot="notice" className={cn(noticeVariants({ tone, size }), className)} {...props} />;
}
