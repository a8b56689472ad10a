import type { Lang } from '@/lib/i18n/messages';
import { intlLocale } from '@/lib/i18n/words';

/** A percentage (3.15 = 3.15 %) as the reader's locale writes it: "3,15 %", "3.15%". */
export function formatPercent(value: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 3 }).format(value / 100);
}
