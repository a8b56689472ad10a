'use client';

import dynamic from 'next/dynamic';
import { useRef, useState, type ComponentProps } from 'react';
import { DateTrigger } from './date-trigger';
import { formatDay } from './day';

// One day as a control: a button showing the day in the page's language (23.11.2026 in German,
// 23/11/2026 in English, whatever the browser's locale — a native date input shows the browser's
// own format) that opens a calendar. The popover and the calendar (Radix, react-day-picker) load
// when it is first opened (date-popover.tsx), so a form's first load carries neither.
// Value: an ISO date (YYYY-MM-DD) or ''; `min` (an ISO date) is the first day the calendar offers.

const DatePopover = dynamic(() => import('./date-popover').then((m) => m.DatePopover), { ssr: false });

export function DatePicker({
  value,
  onChange,
  locale,
  texts,
  className,
  ref,
  min,
  ...trigger
}: {
  value: string;
  min?: string;
  onChange: (value: string) => void;
  locale: string;
  texts: { placeholder: string; clear: string };
  className?: string;
  ref?: (element: HTMLButtonElement | null) => void;
} & Pick<ComponentProps<'button'>, 'id' | 'aria-describedby' | 'aria-invalid' | 'onBlur'>) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  return (
    <>
      <DateTrigger
        {...trigger}
        ref={(element: HTMLButtonElement | null) => {
          button.current = element;
          ref?.(element);
        }}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(!open);
        }}
        className={className}
        shown={formatDay(value, locale)}
        placeholder={texts.placeholder}
        clearLabel={texts.clear}
        onClear={() => onChange('')}
        valueTestId="date-value"
      />
      {opened ? <DatePopover anchor={button} open={open} onOpenChange={setOpen} locale={locale} value={value} onChange={onChange} min={min} /> : null}
    </>
  );
}
