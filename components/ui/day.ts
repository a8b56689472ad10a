// Days as ISO dates (YYYY-MM-DD) and as people read them, without the calendar: the offer list's
// chips show a range without loading react-day-picker.

export type IsoRange = { from: string; to: string };

export type DayRangeTexts = {
  /** "from …" and "until …" for a range open at one end. */
  fromOnly: (date: string) => string;
  toOnly: (date: string) => string;
};

export const toIso = (d: Date | undefined): string =>
  d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : '';

/** An ISO date as a local day; undefined unless the day exists (2026-13-45 is no day, not 14.02.2027). */
export function fromIso(s: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return toIso(d) === s ? d : undefined;
}

/** A date in the page's language: 23.11.2026 in German, 23/11/2026 in English (whatever the browser's locale). */
export function formatDay(iso: string, locale: string): string {
  const d = fromIso(iso);
  return d ? new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d) : '';
}

/** A range in words: "01.11.2026 – 05.11.2026", "ab 01.11.2026", "bis 05.11.2026" or ''. */
export function formatDayRange(value: IsoRange, locale: string, texts: DayRangeTexts): string {
  const from = formatDay(value.from, locale);
  const to = formatDay(value.to, locale);
  return from && to ? `${from} – ${to}` : from ? texts.fromOnly(from) : to ? texts.toOnly(to) : '';
}
