import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlFrame } from './field';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(controlFrame, 'h-control', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn(controlFrame, 'min-h-20 py-2', className)} {...props} />;
}
