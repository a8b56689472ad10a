import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, tidyAmount, type AmountReading } from '@/lib/i18n/amount';

const read = (value: number | undefined): AmountReading => ({ ok: true, value });
const refused = (problem: 'unreadable' | 'separator' | 'decimals'): AmountReading => ({ ok: false, problem });

// What a person types, and what it means on a German and on an English page.
const table: [typed: string, de: AmountReading, en: AmountReading][] = [
  ['5.000', read(5000), refused('decimals')],
  ['5.000,00', read(5000), refused('separator')],
  ['4.999,5', read(4999.5), refused('separator')],
  ['4.999', read(4999), refused('decimals')],
  ['3.900', read(3900), refused('decimals')],
  ['250.000', read(250000), refused('decimals')],
  ['1.234.567,89', read(1234567.89), refused('separator')],
  ['5,000.50', refused('separator'), read(5000.5)],
  ['5,000', refused('decimals'), read(5000)],
  ['1,234,567.89', refused('separator'), read(1234567.89)],
  ['5.00', refused('separator'), read(5)],
  ['5,00', read(5), refused('separator')],
  ['12,5', read(12.5), refused('separator')],
  ['12.5', refused('separator'), read(12.5)],
  ['3499', read(3499), read(3499)],
  ['3499,90', read(3499.9), refused('separator')],
  ['3499.90', refused('separator'), read(3499.9)],
  ['0', read(0), read(0)],
  [',5', read(0.5), refused('separator')],
  ['5,', read(5), refused('separator')],
  ['5 000', read(5000), read(5000)],
  ['5\u00a0000,50', read(5000.5), refused('separator')],
  ['89,9 €', read(89.9), refused('separator')],
  ['€ 89.90', refused('separator'), read(89.9)],
  ['EUR 1.000', read(1000), refused('decimals')],
  ['  7  ', read(7), read(7)],
  ['', read(undefined), read(undefined)],
  ['   ', read(undefined), read(undefined)],
  ['-5', read(-5), read(-5)],
  ['\u22125,50', read(-5.5), refused('separator')],
  ['-0', read(0), read(0)],
  ['1.2.3', refused('separator'), refused('separator')],
  ['5.0000', refused('separator'), refused('decimals')],
  ['1.00.000', refused('separator'), refused('separator')],
  ['0,001', refused('decimals'), refused('separator')],
  ['0.001', refused('separator'), refused('decimals')],
  ['abc', refused('unreadable'), refused('unreadable')],
  ['1e3', refused('unreadable'), refused('unreadable')],
  ['5 Euro', refused('unreadable'), refused('unreadable')],
  ['--5', refused('unreadable'), refused('unreadable')],
  ['-', refused('unreadable'), refused('unreadable')],
  [',', refused('unreadable'), refused('unreadable')],
  ['0x10', refused('unreadable'), refused('unreadable')],
];

describe('amounts typed by people', () => {
  it.each(table)('%j reads as the German and the English page write amounts', (typed, de, en) => {
    expect(parseAmount(typed, 'de')).toEqual(de);
    expect(parseAmount(typed, 'de-DE')).toEqual(de);
    expect(parseAmount(typed, 'en')).toEqual(en);
    expect(parseAmount(typed, 'en-GB')).toEqual(en);
  });

  it('writes amounts the locale’s way for typing, and tidies a field once it is left', () => {
    expect(formatAmount(5000, 'de')).toBe('5.000,00');
    expect(formatAmount(5000, 'en')).toBe('5,000.00');
    expect(formatAmount(0.5, 'de')).toBe('0,50');
    expect(tidyAmount('5.000', 'de')).toBe('5.000,00');
    expect(tidyAmount('4999,5', 'de')).toBe('4.999,50');
    expect(tidyAmount('4999.5', 'en')).toBe('4,999.50');
    // What cannot be read stays as typed, for the person to correct.
    expect(tidyAmount('5.00', 'de')).toBe('5.00');
    expect(tidyAmount('', 'de')).toBe('');
  });

  const cents = fc.integer({ min: 0, max: 9_999_999_999 });
  const locales = fc.constantFrom('de', 'en', 'de-DE', 'en-GB');

  it('reads back every amount it writes, in every locale', () => {
    fc.assert(
      fc.property(cents, locales, (c, locale) => {
        const value = c / 100;
        expect(parseAmount(formatAmount(value, locale), locale)).toEqual(read(value));
      }),
    );
  });

  it('reads back amounts written without grouping or with fewer decimals, as people type them', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('de', 'en'), fc.constantFrom(0, 1, 2), (c, locale, decimals) => {
        const value = Math.round(c / 10 ** (2 - decimals)) / 10 ** decimals;
        const typed = new Intl.NumberFormat(locale, { useGrouping: false, minimumFractionDigits: decimals }).format(value);
        expect(parseAmount(typed, locale)).toEqual(read(value));
      }),
    );
  });

  it('never reads the other locale’s writing of an amount ≥ 1,000 with cents as some other amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 9_999_999_999 }).filter((c) => c % 100 !== 0), (c) => {
        const value = c / 100;
        expect(parseAmount(formatAmount(value, 'en'), 'de').ok).toBe(false);
        expect(parseAmount(formatAmount(value, 'de'), 'en').ok).toBe(false);
      }),
    );
  });

  it('whatever it reads, it reads again the same after tidying', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-0-9., €]{0,14}$/), locales, (typed, locale) => {
        const first = parseAmount(typed, locale);
        if (!first.ok) return;
        expect(parseAmount(tidyAmount(typed, locale), locale)).toEqual(first);
      }),
    );
  });
});
