import 'server-only';
import { codeLabel, namespaceTranslator } from '@/lib/i18n/catalogue';
import { validationMessage as validation } from '@/lib/i18n/words';
import type { Lang } from '@/lib/i18n/messages';
import type deCommon from '@/messages/de/common.json';
import type deConsole from '@/messages/de/console.json';
import { actionLabel as portalActionLabel } from '@/lib/portal/i18n';

// The operator console's own texts in German and English. Status names, actions, actors, field
// names and number/date formats are the portal's (lib/i18n/words.ts), so both faces of Spoke
// call things the same; status entry texts come from the offer's translations. Server side
// (lib/i18n/catalogue.ts); client components take their words from the ConsoleProvider.

export type { Lang };
export {
  actorName,
  actorTypeLabel,
  CANCEL_REASON_CODES,
  cancelReasonLabel,
  fieldLabel,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  LANG_COOKIE,
  portalLang as consoleLang,
  statusLabel,
} from '@/lib/portal/i18n';

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type ConsoleTextKey = StringKeys<typeof deConsole> | StringKeys<typeof deCommon>;

/** A translator for `lang`: `t('resultCount', {from: 1, to: 25, total: 42})`. */
export function consoleTranslator(lang: Lang) {
  return namespaceTranslator<ConsoleTextKey>(lang, 'console');
}
export type ConsoleTranslate = ReturnType<typeof consoleTranslator>;

/** A zod message key (lib/console/schemas.ts) as a sentence for a form field. */
export function validationMessage(key: string | undefined, t: ConsoleTranslate): string {
  return validation<ConsoleTextKey>(key, t);
}

/** Words for the error codes of status errors (the chart and the queue's filter). */
export function errorCodeLabel(code: string, lang: Lang): string {
  return codeLabel(lang, 'errorCode', code, code);
}

/** The portal's action words, plus the console's own action (re-run of processing). */
export function actionLabel(action: string, lang: Lang): string {
  return action === 'reprocess' ? codeLabel(lang, 'action', 'reprocessConsole', action) : portalActionLabel(action, lang);
}
