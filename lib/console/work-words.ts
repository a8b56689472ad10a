import type { ConsoleTextKey, ConsoleTranslate } from './i18n';
import { OFFER_STATUSES } from '@/lib/shared/model';
import type deConsole from '@/messages/de/console.json';

// The work queues' words, for the server and the browser alike: they take the console's
// translator (on the server `consoleTranslator(lang)`, in the browser `useConsole().t`), so this
// module loads no catalogue. Keys `w_…` and `opStatus_…` of messages/<locale>/console.json: the
// operator reads who acts next, not the dealer's instruction ("Bitte die Fehler beheben").

type WorkKeys<T> = { [K in keyof T]: K extends `w_${infer R}` ? R : never }[keyof T];
export type WorkTextKey = WorkKeys<typeof deConsole>;

/** The queues' texts (`w_<key>`) through the console's translator `t`. */
export function workWords(t: ConsoleTranslate) {
  return (key: WorkTextKey, params: Record<string, string | number> = {}) => t(`w_${key}` as ConsoleTextKey, params);
}
export type WorkTranslate = ReturnType<typeof workWords>;

/** Every status has the operator's own words (`opStatus_<status>` in the console catalogue). */
const OPERATOR_STATUSES = new Set<string>(OFFER_STATUSES);

/** The operator's words for a status: who acts next, seen from the operator's desk. */
export const operatorStatusWords = (status: string, t: ConsoleTranslate) =>
  OPERATOR_STATUSES.has(status) ? t(`opStatus_${status}` as ConsoleTextKey) : status;

/** How long since `since`, in whole days, hours or minutes. */
export function waitingTime(since: Date, now: Date, t: WorkTranslate): string {
  const ms = Math.max(0, now.getTime() - since.getTime());
  const days = Math.floor(ms / 86_400_000);
  if (days >= 2) return t('days', { n: days });
  if (days === 1) return t('oneDay');
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 1) return t('hours', { n: hours });
  return t('minutes', { n: Math.floor(ms / 60_000) });
}
