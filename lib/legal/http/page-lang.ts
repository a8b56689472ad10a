import 'server-only';
import { headers } from 'next/headers';
import type { Lang } from '@/lib/i18n/messages';
import { browserLang } from '@/lib/i18n/words';

/** The language of a legal page: `?lang=` when it names one (the page's own switch), else the browser's. */
export async function legalPageLang(searchParams: Promise<Record<string, string | string[] | undefined>>): Promise<Lang> {
  const asked = (await searchParams).lang;
  if (asked === 'de' || asked === 'en') return asked;
  return browserLang((await headers()).get('accept-language'));
}
