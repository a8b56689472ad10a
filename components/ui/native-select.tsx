import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlFrame } from './field';

/**
 * The kit's select: a real select element in the kit's frame, controlled, sent as it is (a GET
 * filter form rendered on the server) or registered directly (react-hook-form).
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select data-slot="select" className={cn(controlFrame, 'h-control pr-8', className)} {...props} />;
}
