'use client';

import { useState } from 'react';
import { DateRangePicker, type IsoRange } from '@/components/ui/date-range-picker';
import { Label } from '@/components/ui/field';
import { cn } from '@/components/ui/cn';

// A date range in one of the console's GET forms: the kit's calendar (days written the page's way,
// 23.11.2026 in German, whatever the browser's locale), its ends sent as two fields (YYYY-MM-DD or
// empty, as the native date inputs sent them).

export type DateRangeFieldTexts = {
  placeholder: string;
  clear: string;
  /** "from {date}" and "until {date}", with `{date}` where the day goes. */
  fromOnly: string;
  toOnly: string;
};

export function DateRangeField({
  id,
  label,
  names,
  defaultValue,
  lang,
  texts,
  className,
}: {
  id: string;
  label: string;
  names: { from: string; to: string };
  defaultValue: IsoRange;
  lang: string;
  texts: DateRangeFieldTexts;
  className?: string;
}) {
  const [value, setValue] = useState<IsoRange>(defaultValue);
  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id}>{label}</Label>
      <DateRangePicker
        id={id}
        className="mt-1"
        locale={lang}
        value={value}
        onChange={setValue}
        texts={{
          placeholder: texts.placeholder,
          clear: texts.clear,
          fromOnly: (date) => texts.fromOnly.replace('{date}', date),
          toOnly: (date) => texts.toOnly.replace('{date}', date),
        }}
      />
      <input type="hidden" name={names.from} value={value.from} />
      <input type="hidden" name={names.to} value={value.to} />
    </div>
  );
}
