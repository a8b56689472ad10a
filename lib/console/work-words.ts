import type { ConsoleTextKey, ConsoleTranslate } from './i18n';
import { formatMoney, type Words } from '@/lib/i18n/words';
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

/** The codes of a decline by the employer or the operator: a decision, nothing for the dealer to fix. */
const DECLINE_CODES = new Set(['EMPLOYER_DECLINED', 'OPERATOR_DECLINED']);

/** Whether an offer in `status` with these errors was declined by a decision (not rejected by a check). */
export const isDeclined = (status: string, errors: readonly { code: string }[]) => status === 'rejected' && errors.some((e) => DECLINE_CODES.has(e.code));

/**
 * The operator's words for a status: who acts next, seen from the operator's desk. A declined
 * offer (`errors` holding a decline) is a decision, not the dealer's to fix.
 */
export const operatorStatusWords = (status: string, t: ConsoleTranslate, errors: readonly { code: string }[] = []) =>
  isDeclined(status, errors) ? t('opStatus_declined') : OPERATOR_STATUSES.has(status) ? t(`opStatus_${status}` as ConsoleTextKey) : status;

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

/** One offer of a work queue as its endpoint answers it (dates as ISO strings over the wire). */
export type WorkOfferData = {
  id: string;
  offerNumber: string;
  externalOfferId: string;
  dealerName: string;
  environment: string;
  status: string;
  customerName: string;
  productBrandName: string | null;
  productModelName: string | null;
  totalPriceGross: string;
  statusErrors: { code: string }[];
  statusChangedAt: string | Date;
  claim: { operatorId: string; operatorName: string } | null;
};

/** A row of a work queue's table, in the reader's words. */
export type WorkRow = {
  id: string;
  offerNumber: string;
  externalOfferId: string;
  dealerName: string;
  environment: string;
  status: string;
  /** The status by its one name (shared with the portal and the PDF). */
  statusText: string;
  /** The operator's perspective on it ("Sie sind dran"), a secondary line. */
  perspective: string;
  customer: string;
  product: string;
  total: string;
  waiting: string;
  waitingSince: string;
  errors: string[];
  /** "In Bearbeitung von …" while an operator holds the offer. */
  claim: string | null;
  claimedByOther: boolean;
};

/** A queue's offer as a row, for the operator `operatorId`, its waiting time counted up to `now`. */
export function workRow(o: WorkOfferData, ctx: { words: Words; t: ConsoleTranslate; operatorId: string; now: Date }): WorkRow {
  const { words, t } = ctx;
  const { lang } = words;
  const w = workWords(t);
  const since = new Date(o.statusChangedAt);
  return {
    id: o.id,
    offerNumber: o.offerNumber,
    externalOfferId: o.externalOfferId,
    dealerName: o.dealerName,
    environment: o.environment === 'production' ? t('production') : t('sandbox'),
    status: o.status,
    statusText: words.statusLabel(o.status),
    perspective: operatorStatusWords(o.status, t, o.statusErrors),
    customer: o.customerName,
    product: [o.productBrandName, o.productModelName].filter(Boolean).join(' ') || t('none'),
    total: formatMoney(Number(o.totalPriceGross), lang),
    waiting: waitingTime(since, ctx.now, w),
    waitingSince: since.toISOString(),
    errors: [...new Set(o.statusErrors.map((e) => e.code))].map((c) => words.codeLabel('errorCode', c, c)),
    claim: o.claim ? (o.claim.operatorId === ctx.operatorId ? w('claimedByYou') : w('claimedBy', { name: o.claim.operatorName })) : null,
    claimedByOther: !!o.claim && o.claim.operatorId !== ctx.operatorId,
  };
}
