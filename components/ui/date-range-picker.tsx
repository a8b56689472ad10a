'use client';

import { Popover } from 'radix-ui';
import type { DateRange } from 'react-day-picker';
import { RangeCalendar } from './calendar';
import { DateTrigger, datePopoverClass } from './date-trigger';
import { formatDayRange, fromIso, toIso, type DayRangeTexts, type IsoRange } from './day';

// A date range as one control: a button showing the chosen range in the page's language
// (German: TT.MM.JJJJ, whatever the browser's locale) that opens a calendar. Values are ISO
// dates (YYYY-MM-DD) or '' for an open end.

export type { IsoRange } from './day';

export type DateRangeTexts = DayRangeTexts & {
  /** Shown when no date is chosen. */
  placeholder: string;
  clear: string;
};

export { formatDay, formatDayRange } from './day';

export function DateRangePicker({
  id,
  value,
  onChange,
  locale,
  texts,
  className,
  'aria-describedby': describedBy,
}: {
  id?: string;
  value: IsoRange;
  onChange: (value: IsoRange) => void;
  locale: string;
  texts: DateRangeTexts;
  className?: string;
  'aria-describedby'?: string;
}) {
  const shown = formatDayRange(value, locale, texts);
  const selected: DateRange | undefined = value.from || value.to ? { from: fromIso(value.from), to: fromIso(value.to) } : undefined;
  return (
    <Popover.Root>
      <DateTrigger
        as={Popover.Trigger}
        id={id}
        aria-describedby={describedBy}
        className={className}
        shown={shown}
        placeholder={texts.placeholder}
        clearLabel={texts.clear}
        onClear={() => onChange({ from: '', to: '' })}
        valueTestId="date-range-value"
      />
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          // The focus goes to the calendar's day (the range's start, or today) — the one day button
          // the grid's roving focus lets the keyboard reach — not to the popover's first button (the
          // previous month). It is moved here, once the popover's focus scope is active, because a
          // focus set while it mounts is taken back by an enclosing dialog (the filter sheet).
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]')?.focus();
          }}
          className={datePopoverClass}>
          <RangeCalendar locale={locale} selected={selected} onSelect={(r) => onChange({ from: toIso(r?.from), to: toIso(r?.to) })} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
