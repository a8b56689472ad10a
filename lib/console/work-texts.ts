import type { Lang } from '@/lib/i18n/messages';
import { consoleTranslator } from './i18n';
import { operatorStatusWords, workWords } from './work-words';

// The work queues' words on the server, by language (lib/console/work-words.ts holds them).

export { isDeclined, waitingTime, type WorkTextKey, type WorkTranslate } from './work-words';

export const workTranslator = (lang: Lang) => workWords(consoleTranslator(lang));

/** The operator's words for a status: who acts next, seen from the operator's desk. */
export const operatorStatusLabel = (status: string, lang: Lang, errors: readonly { code: string }[] = []) => operatorStatusWords(status, consoleTranslator(lang), errors);
