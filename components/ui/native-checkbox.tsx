import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * The kit's checkbox: a real checkbox input in the kit's size and colours, controlled (`checked`,
 * `onChange`) or registered directly (react-hook-form).
 */
export function NativeCheckbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" data-slot="checkbox" className={cn('size-5 shrink-0 cursor-pointer rounded-control accent-brand-700 focus-visible:focus-ring', className)} {...props} />;
}
