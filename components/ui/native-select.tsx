import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlFrame } from './field';

/**
 * A real select element in the kit's frame, for forms that are sent as they are (a GET filter
 * form rendered on the server) or register their fields directly (react-hook-form); everywhere
 * else the Radix Select (./select.tsx).
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select data-slot="select" className={cn(controlFrame, 'h-control pr-8', className)} {...props} />;
}
