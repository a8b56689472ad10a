import 'server-only';
import { cookies } from 'next/headers';
import type { Operator } from '@/lib/console/use-cases/operator';
import { requireOperator } from './auth';
import { consoleLang, consoleTranslator, LANG_COOKIE, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';

/** What every console page starts with: the operator check (again, besides the layout's) and the language. */
export async function consolePage(): Promise<{ operator: Operator; lang: Lang; t: ConsoleTranslate }> {
  const operator = await requireOperator();
  const lang = consoleLang((await cookies()).get(LANG_COOKIE)?.value);
  return { operator, lang, t: consoleTranslator(lang) };
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
