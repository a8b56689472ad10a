import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { employerLang, employerText } from '@/lib/employer/i18n';
import { berlinMonth, payrollMonth, type PayrollMonth } from '@/lib/employer/rules/payroll-month';
import type { Lang } from '@/lib/i18n/messages';
import { LANG_COOKIE } from '@/lib/i18n/words';

/**
 * The payroll file's query: `month` (`YYYY-MM`, default the current month in Berlin), `format`
 * (`csv` default, or `xlsx`), `lang` (default the face's language cookie). Anything else: 400
 * INVALID_PARAMETER naming the parameter, before any lease is read.
 */
export function payrollQueryOf(url: URL, req: Request): { month: PayrollMonth; format: 'csv' | 'xlsx'; lang: Lang } {
  const rawMonth = url.searchParams.get('month') ?? berlinMonth();
  const month = payrollMonth(rawMonth);
  if (!month) throw new ApiError('INVALID_PARAMETER', { text: employerText('invalidMonth'), details: 'month' });
  const rawFormat = url.searchParams.get('format') ?? 'csv';
  if (rawFormat !== 'csv' && rawFormat !== 'xlsx') throw new ApiError('INVALID_PARAMETER', { details: 'format' });
  const cookie = /(?:^|;\s*)([^=;]+)=([^;]*)/g;
  let langCookie: string | undefined;
  for (const m of (req.headers.get('cookie') ?? '').matchAll(cookie)) if (m[1] === LANG_COOKIE) langCookie = decodeURIComponent(m[2]!);
  const rawLang = url.searchParams.get('lang');
  if (rawLang !== null && rawLang !== 'de' && rawLang !== 'en') throw new ApiError('INVALID_PARAMETER', { details: 'lang' });
  return { month, format: rawFormat, lang: rawLang ?? employerLang(langCookie) };
}
