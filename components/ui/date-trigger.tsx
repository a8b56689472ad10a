'use client';

import { CalendarDays, X } from 'lucide-react';
import type { ComponentProps, ElementType } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { controlFrame } from './field';

// The closed face of the date pickers: a field-like button with a calendar icon and the chosen
// day(s) in words, and a button that clears them once chosen. The button is `as` (the range
// picker's Popover.Trigger; a plain button where the popover loads later), so this module does not
// bring Radix's popover into a page that has not opened one.

export function DateTrigger({
  shown,
  placeholder,
  clearLabel,
  onClear,
  className,
  valueTestId,
  as: Trigger = 'button',
  ...trigger
}: {
  as?: ElementType;
  /** The chosen day(s) as people read them, '' when none. */
  shown: string;
  placeholder: string;
  clearLabel: string;
  onClear: () => void;
  className?: string;
  valueTestId: string;
} & Pick<ComponentProps<'button'>, 'id' | 'ref' | 'aria-describedby' | 'aria-invalid' | 'aria-expanded' | 'aria-haspopup' | 'onBlur' | 'onClick'>) {
  return (
    <div className={cn('flex min-w-0', className)}>
      <Trigger type="button" {...trigger} className={cn(controlFrame, 'flex h-control items-center gap-2 text-left', shown && 'rounded-r-none')}>
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
        <span className={cn('truncate', !shown && 'text-ink-muted')} data-testid={valueTestId}>
          {shown || placeholder}
        </span>
      </Trigger>
      {shown ? (
        <Button variant="secondary" size="icon" className="rounded-l-none border-l-0" aria-label={clearLabel} onClick={onClear}>
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

/** The popover's frame under the trigger. */
export const datePopoverClass = 'z-50 rounded-card border border-line bg-surface p-3 shadow-lg';
