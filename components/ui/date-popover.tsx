'use client';

import { Popover } from 'radix-ui';
import type { RefObject } from 'react';
import { DayCalendar } from './calendar';
import { datePopoverClass } from './date-trigger';
import { fromIso, toIso } from './day';

// DatePicker's open part, loaded when it is first opened: Radix's popover anchored at the
// picker's button (which is not a Popover.Trigger, so the page's first load carries neither the
// popover nor the calendar) and the calendar in it.

export function DatePopover({
  anchor,
  open,
  onOpenChange,
  locale,
  value,
  onChange,
  min,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locale: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          // The calendar focuses its day itself (autoFocus), not the popover's first button.
          onOpenAutoFocus={(e) => e.preventDefault()}
          // Closed, the focus goes back to the picker's button (Radix would look for a Popover.Trigger).
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchor.current?.focus();
          }}
          // A press on the picker's own button is its toggle: it closes the popover itself.
          onPointerDownOutside={(e) => {
            if (anchor.current?.contains(e.target as Node)) e.preventDefault();
          }}
          className={datePopoverClass}
        >
          <DayCalendar
            locale={locale}
            selected={fromIso(value)}
            min={min ? fromIso(min) : undefined}
            onSelect={(day) => {
              onChange(toIso(day));
              if (day) onOpenChange(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
