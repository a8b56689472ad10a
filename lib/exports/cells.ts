import type { Lang } from '@/lib/i18n/messages';
import { intlLocale } from '@/lib/i18n/words';

// What every spreadsheet file of ours writes the same way: text cells a spreadsheet would run as a
// formula are defused, CSV cells are quoted only where they must be, amounts in the file's locale.

/** Spreadsheet text cells that would start a formula (`=`, `+`, `-`, `@`, tab, CR) get a leading apostrophe. */
export const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** A text cell of a CSV with separator `sep`: defused, quoted only where it must be (its separator, a quote, a line break). */
export function csvCell(value: string, sep: string): string {
  const s = defuse(value);
  return s.includes(sep) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A cell that is no text (an amount, a date): quoted where it must be, never defused. */
export function csvValue(value: string, sep: string): string {
  return value.includes(sep) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** An amount as the locale writes it, without the currency (the heading names it): `5.328,90`, `5,328.90`. */
export function csvAmount(n: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).format(n);
}
