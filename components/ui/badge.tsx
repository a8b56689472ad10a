import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const badgeVariants = cva('inline-flex items-center gap-1 whitespace-nowrap rounded-pill px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', {
  variants: {
    tone: {
      neutral: 'bg-slate-200 text-slate-800 ring-slate-300',
      info: 'bg-sky-100 text-sky-900 ring-sky-300',
      progress: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
      decision: 'bg-violet-100 text-violet-900 ring-violet-300',
      waiting: 'bg-amber-100 text-amber-900 ring-amber-300',
      success: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
      danger: 'bg-red-100 text-red-900 ring-red-300',
      brand: 'bg-brand-50 text-brand-900 ring-brand-100',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
