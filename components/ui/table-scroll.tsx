import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * The box a wide table scrolls sideways in (on a phone). It takes the keyboard's focus, so the
 * table can be scrolled without a mouse (axe: scrollable-region-focusable). It is the containing
 * block of what the table positions (an `sr-only` heading), so nothing of it widens the page.
 */
export function TableScroll({ className, ...props }: ComponentProps<'div'>) {
  return <div tabIndex={0} className={cn('relative overflow-x-auto', className)} {...props} />;
}
