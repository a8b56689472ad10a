'use client';

import { CalendarDays, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { DayPicker, type DateRange } from 'react-day-picker';
import { de, enGB } from 'react-day-picker/locale';
import { Button } from './button';
import { cn } from './cn';
import { formatDayRange, fromIso, toIso, type DayRangeTexts, type IsoRange } from './day';
import { controlFrame } from './field';

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
      <div className={cn('flex min-w-0', className)}>
        <Popover.Trigger
          id={id}
          aria-describedby={describedBy}
          className={cn(controlFrame, 'flex h-control items-center gap-2 text-left', shown && 'rounded-r-none')}
        >
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          <span className={cn('truncate', !shown && 'text-ink-muted')} data-testid="date-range-value">
            {shown || texts.placeholder}
          </span>
        </Popover.Trigger>
        {shown ? (
          <Button variant="secondary" size="icon" className="rounded-l-none border-l-0" aria-label={texts.clear} onClick={() => onChange({ from: '', to: '' })}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
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
          className="z-50 rounded-card border border-line bg-surface p-3 shadow-lg">
          <DayPicker
            mode="range"
            locale={locale === 'de' ? de : enGB}
            selected={selected}
            defaultMonth={selected?.from}
            onSelect={(r) => onChange({ from: toIso(r?.from), to: toIso(r?.to) })}
            classNames={{
              root: 'text-sm text-ink',
              months: 'relative',
              nav: 'absolute right-0 top-0 flex gap-1',
              button_previous: 'inline-flex size-8 items-center justify-center rounded-control hover:bg-canvas focus-visible:focus-ring',
              button_next: 'inline-flex size-8 items-center justify-center rounded-control hover:bg-canvas focus-visible:focus-ring',
              chevron: 'size-4 fill-current',
              month_caption: 'flex h-8 items-center font-semibold',
              weekday: 'size-9 text-xs font-medium text-ink-muted',
              day: 'size-9 p-0 text-center',
              day_button: 'size-9 rounded-control hover:bg-brand-50 focus-visible:focus-ring',
              selected: 'bg-brand-100 font-semibold',
              range_start: 'rounded-l-control bg-brand-700 text-white',
              range_end: 'rounded-r-control bg-brand-700 text-white',
              today: 'underline',
              outside: 'text-ink-muted opacity-60',
              disabled: 'opacity-40',
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
