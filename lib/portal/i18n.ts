import 'server-only';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import { faceLang } from '@/lib/i18n/words';
import type { Lang } from '@/lib/i18n/messages';
import type dePortal from '@/messages/de/portal.json';
import type deCommon from '@/messages/de/common.json';

// The portal's words, from the one catalogue (messages/<locale>/portal.json and common.json).
// Status, error and info messages of an offer come from the API's translations; these are the
// words around them and the words for codes. Server side (lib/i18n/catalogue.ts); client
// components take their words from the PortalProvider (`usePortal().words`).

export type { Lang };

export const portalLang = faceLang;

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type TextKey = StringKeys<typeof dePortal> | StringKeys<typeof deCommon>;

/** A translator for `lang`: `t('resultCount', {from: 1, to: 10, total: 42})`. */
export function translator(lang: Lang) {
  return namespaceTranslator<TextKey>(lang, 'portal');
}
export type Translate = ReturnType<typeof translator>;

export { actionLabel, actorName, actorTypeLabel, cancelReasonLabel, fieldLabel, statusLabel } from '@/lib/i18n/catalogue';
export { CANCEL_REASON_CODES, formatCount, formatDate, formatDateTime, formatMoney, formFieldName, LANG_COOKIE } from '@/lib/i18n/words';
