import 'server-only';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import { faceLang } from '@/lib/i18n/words';
import type { Lang } from '@/lib/i18n/messages';
import type deCommon from '@/messages/de/common.json';
import type deEmployer from '@/messages/de/employer.json';

// The employer face's words (messages/<locale>/employer.json, then common.json), in the language
// the reader chose (the faces' language cookie). Server side; client components get their
// messages from the EmployerProvider.

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type EmployerTextKey = StringKeys<typeof deEmployer> | StringKeys<typeof deCommon>;

export const employerLang = faceLang;

export function employerTranslator(lang: Lang) {
  return namespaceTranslator<EmployerTextKey>(lang, 'employer');
}
export type EmployerTranslate = ReturnType<typeof employerTranslator>;

/** One of the face's texts in both languages (an answer's error entry carries both); params may depend on the language (amounts). */
export function employerText(key: EmployerTextKey, params?: Record<string, string | number> | ((lang: Lang) => Record<string, string | number>)): { de: string; en: string } {
  const of = (lang: Lang) => (typeof params === 'function' ? params(lang) : params);
  return { de: employerTranslator('de')(key, of('de')), en: employerTranslator('en')(key, of('en')) };
}
