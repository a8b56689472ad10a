import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * A real checkbox input in the kit's size and colours, for forms that register inputs directly
 * (react-hook-form); everywhere else the Radix Checkbox (./checkbox.tsx).
 */
export function NativeCheckbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" data-slot="checkbox" className={cn('size-5 shrink-0 cursor-pointer rounded-control accent-brand-700 focus-visible:focus-ring', className)} {...props} />;
}
