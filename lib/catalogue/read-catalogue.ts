import 'server-only';
import { getDb } from '@/lib/database';
import { excludedCodesByEmail } from '@/db/repositories/employers';
import { warn } from '@/lib/api/warnings';
import type { Lang } from '@/lib/i18n/messages';
import { negotiateLang } from '@/lib/i18n/words';
import { loadCatalogue } from './catalogue';

/**
 * The language of the names: `lang` when it is de or en, else German (the spec's fallback) — and
 * a language asked for that is not there is said in `meta.warnings` (LANGUAGE_NOT_SUPPORTED).
 */
export function catalogueLang(lang: string | undefined): Lang {
  const chosen = negotiateLang(lang, 'de');
  const named = (lang ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase().slice(0, 2));
  if (lang !== undefined && lang.trim() !== '' && !named.some((tag) => tag === 'de' || tag === 'en')) {
    warn('LANGUAGE_NOT_SUPPORTED', { parameter: 'lang' }, { lang: lang.slice(0, 35) });
  }
  return chosen;
}

export async function accessoryCategories(lang: Lang) {
  const catalogue = await loadCatalogue();
  const data = catalogue.entries('accessory', lang);
  return { data, meta: { lang, totalCount: data.length } };
}

export async function allCategories(lang: Lang, email?: string) {
  const catalogue = await loadCatalogue();
  const excluded = email ? (await excludedCodesByEmail(getDb(), [email])).get(email.toLowerCase()) : undefined;
  const data = {
    bicycles: catalogue.entries('bicycle', lang, excluded),
    accessories: catalogue.entries('accessory', lang, excluded),
  };
  return { data, meta: { lang, restrictedForEmployee: excluded !== undefined, totalCount: data.bicycles.length + data.accessories.length } };
}
