import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-control border text-sm font-semibold transition-colors focus-visible:focus-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'border-brand-700 bg-brand-700 text-white hover:bg-brand-900',
        secondary: 'border-line-strong bg-surface text-ink hover:bg-canvas',
        ghost: 'border-transparent bg-transparent text-ink hover:bg-canvas',
        danger: 'border-danger-700 bg-danger-700 text-white hover:opacity-90',
        link: 'border-transparent px-0 text-brand-700 underline-offset-4 hover:underline',
      },
      size: {
        md: 'h-control px-3',
        sm: 'h-8 px-2 text-xs',
        icon: 'size-control',
      },
    },
    defaultVariants: { variant: 'secondary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      data-slot="button"
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
