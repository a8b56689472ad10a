import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

// A message in a box: a failed request, a filter that was not understood, a value shown once.
// The caller gives it its role (alert, status) where it must be announced.

export const noticeVariants = cva('rounded-control border px-3 py-2 text-sm', {
  variants: {
    tone: {
      danger: 'border-danger-700 bg-danger-50 text-danger-700',
      warning: 'border-warning-900 bg-warning-50 text-warning-900',
      neutral: 'border-line bg-canvas text-ink',
    },
  },
  defaultVariants: { tone: 'danger' },
});

export function Notice({ className, tone, ...props }: ComponentProps<'div'> & VariantProps<typeof noticeVariants>) {
  return <div data-slot="notice" className={cn(noticeVariants({ tone }), className)} {...props} />;
}
