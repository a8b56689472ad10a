'use client';

import { DayPicker, type DateRange } from 'react-day-picker';
import { de, enGB } from 'react-day-picker/locale';

// The kit's calendar: react-day-picker in the kit's look, weeks and month names in the page's
// language. The date pickers open it in a popover (DatePicker loads it only then).

const classNames = {
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
};

const localeOf = (locale: string) => (locale === 'de' ? de : enGB);

export function RangeCalendar({ locale, selected, onSelect }: { locale: string; selected: DateRange | undefined; onSelect: (range: DateRange | undefined) => void }) {
  return <DayPicker mode="range" locale={localeOf(locale)} selected={selected} defaultMonth={selected?.from} onSelect={onSelect} classNames={classNames} />;
}

/** One day; `autoFocus` puts the focus on the chosen day (or today) as the calendar appears; days before `min` cannot be chosen. */
export function DayCalendar({ locale, selected, onSelect, min }: { locale: string; selected: Date | undefined; onSelect: (day: Date | undefined) => void; min?: Date }) {
  return (
    <DayPicker
      mode="single"
      autoFocus
      disabled={min ? { before: min } : undefined}
      locale={localeOf(locale)}
      selected={selected}
      defaultMonth={selected}
      onSelect={onSelect}
      classNames={{ ...classNames, selected: 'rounded-control bg-brand-700 font-semibold text-white' }}
    />
  );
}
