// Amounts typed by people, read and written the way the page's locale writes them: German
// `5.000,50` (`.` groups thousands, `,` marks the cents), English `5,000.50`. The one reader of
// every amount field of every face; the marks come from Intl, so the reading and the formatting
// (`formatAmount`) cannot disagree.
//
// Invariant: a text is either read exactly as the locale writes it, or refused with a reason —
// never read by guessing. `5.00` on a German page is refused (a group of two digits is no
// German grouping), not taken as 500 or as 5.

export type AmountProblem =
  /** Not a number at all (letters, several signs, nothing but marks). */
  | 'unreadable'
  /** Digits and marks, but not placed as this locale places them (`5.00` in German, `5,00` in English). */
  | 'separator'
  /** More than two digits after the decimal mark. */
  | 'decimals';

export type AmountReading = { ok: true; value: number | undefined } | { ok: false; problem: AmountProblem };

type Marks = { group: string; decimal: string };

const marksByLocale = new Map<string, Marks>();

/** The group and decimal marks of `locale`, as Intl writes numbers there. */
export function amountMarks(locale: string): Marks {
  let marks = marksByLocale.get(locale);
  if (!marks) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
    marks = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    marksByLocale.set(locale, marks);
  }
  return marks;
}

const SPACE = /[\s\u00a0\u202f]/;
const CURRENCY = /^(?:€|EUR)\s*|\s*(?:€|EUR)$/gi;
const MINUS = /^[-\u2212]/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads an amount typed in `locale` ('de', 'de-DE', 'en', 'en-GB', …). Empty text is no amount
 * (`value: undefined`). A euro sign or `EUR` around the number and spaces between thousands are
 * allowed; a leading minus is read (the caller's rules refuse negative amounts in words).
 */
export function parseAmount(text: string, locale: string): AmountReading {
  let s = text.trim().replace(CURRENCY, '').trim();
  if (s === '') return { ok: true, value: undefined };
  const negative = MINUS.test(s);
  if (negative) s = s.slice(1).trimStart();
  const { group, decimal } = amountMarks(locale);
  for (const c of s) {
    if (!(c >= '0' && c <= '9') && c !== group && c !== decimal && c !== '.' && c !== ',' && !SPACE.test(c)) {
      return { ok: false, problem: 'unreadable' };
    }
  }
  if (!/\d/.test(s)) return { ok: false, problem: 'unreadable' };

  const at = s.indexOf(decimal);
  const whole = at === -1 ? s : s.slice(0, at);
  const fraction = at === -1 ? '' : s.slice(at + 1);
  if (!/^\d*$/.test(fraction)) return { ok: false, problem: 'separator' };

  let digits: string;
  if (/^\d*$/.test(whole)) {
    digits = whole;
  } else {
    // Grouped: one to three digits (no leading zero), then groups of exactly three, each after one group mark or space.
    const groups = whole.split(new RegExp(`${escape(group)}|${SPACE.source}`));
    const grouped = groups.length > 1 && /^[1-9]\d{0,2}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
    if (!grouped) return { ok: false, problem: 'separator' };
    digits = groups.join('');
  }
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const value = Number(`${digits || '0'}.${fraction || '0'}`);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

const formats = new Map<string, Intl.NumberFormat>();

/** An amount as the locale writes it for typing: grouped, two decimals, no currency (`5.000,00`). */
export function formatAmount(value: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    formats.set(locale, format);
  }
  return format.format(value);
}

/** The text an amount field shows once left: the amount rewritten the locale's way, or the text as typed when it cannot be read. */
export function tidyAmount(text: string, locale: string): string {
  const reading = parseAmount(text, locale);
  return reading.ok && reading.value !== undefined ? formatAmount(reading.value, locale) : text;
}
