import 'server-only';
import { getDb } from '@/lib/database';
import { listDealerNames } from '@/db/repositories/dealers';
import { rejectedErrorCodes } from '@/db/repositories/operator';
import { EMPLOYER_OVERDUE_DAYS, listWorkQueue, offerNumbersOf, WORK_QUEUES, workQueueCounts, type WorkQueue } from '@/db/repositories/work-queues';
import { ApiError } from '@/lib/api/errors';
import { isStorableText } from '@/lib/api/validation';
import type { Lang } from '@/lib/i18n/messages';
import { logger } from '@/lib/logger';
import type { Operator } from './operator';
import { claimsOf } from './claims';
import { takeStep } from './offers';
import { defaultQueueOrder, PRODUCTION_BY_DEFAULT, QUEUE_FILTERS, QUEUE_PAGE_SIZE, workQueueQuerySchema, type BulkStepBody, type QueueFilterKey, type WorkQueueQuery } from '@/lib/console/schemas';
import { answerTexts } from '@/lib/i18n/messages';

// The console's work queues: what waits on the operator (decision), on the dealer (rejected), on
// the employer for too long (employer), and a search over all offers; and the bulk step that
// changes several offers of a queue at once, each on its own.

export { EMPLOYER_OVERDUE_DAYS, WORK_QUEUES, type WorkQueue };
export const isWorkQueue = (v: string): v is WorkQueue => (WORK_QUEUES as readonly string[]).includes(v);

const DAY_MS = 86_400_000;

/**
 * A page's filters from its query string: a malformed value (by the rules of the API, which
 * refuses it: given twice, holding text the database cannot store, or failing the schema) is
 * dropped and named in `invalid`, so the page shows the unfiltered field and a note.
 */
export function readWorkQuery(params: Record<string, string | string[] | undefined>): { query: WorkQueueQuery; invalid: string[] } {
  const kept: Record<string, string> = {};
  const invalid: string[] = [];
  for (const key of Object.keys(workQueueQuerySchema.shape) as (keyof WorkQueueQuery)[]) {
    const value = params[key];
    if (value === undefined) continue;
    if (typeof value === 'string' && isStorableText(value) && workQueueQuerySchema.shape[key].safeParse(value).success) kept[key] = value;
    else invalid.push(key);
  }
  return { query: workQueueQuerySchema.parse(kept), invalid };
}

export function workHref(queue: WorkQueue, q: Partial<WorkQueueQuery>, changes: Partial<Record<keyof WorkQueueQuery, string | number | undefined>> = {}): string {
  const merged: Record<string, string | number | undefined> = { ...q, page: undefined, ...changes };
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'code', 'dealer', 'environment', 'age', 'sortBy', 'order', 'page'] as const) {
    const v = merged[key];
    if (v !== undefined && v !== '' && !(key === 'page' && Number(v) === 1)) params.set(key, String(v));
  }
  const s = params.toString();
  return `/console/queues/${queue}${s ? `?${s}` : ''}`;
}

/** The query with only the filters the queue offers (QUEUE_FILTERS): another one does not apply to it. */
export function queueQuery(queue: WorkQueue, q: WorkQueueQuery): WorkQueueQuery {
  const offered: readonly QueueFilterKey[] = QUEUE_FILTERS[queue];
  const out = { ...q };
  for (const key of ['q', 'status', 'code', 'dealer', 'environment', 'age'] as const) if (!offered.includes(key)) delete out[key];
  return out;
}

/**
 * The environment a queue lists: the filter's, else production for the decision queues and the
 * rejected offers (all for the search); `all` is both. The one definition of the queues' default:
 * their pages, the rejected overview and the navigation's counts all read it.
 */
export function queueEnvironment(queue: WorkQueue, filter: WorkQueueQuery['environment']): 'sandbox' | 'production' | undefined {
  if (filter === 'all') return undefined;
  return filter ?? (PRODUCTION_BY_DEFAULT.includes(queue) ? 'production' : undefined);
}

export async function loadWorkQueue(queue: WorkQueue, query: WorkQueueQuery, now = new Date()) {
  const q = queueQuery(queue, query);
  const { rows, total } = await listWorkQueue(getDb(), {
    queue,
    dealerId: q.dealer,
    environment: queueEnvironment(queue, q.environment),
    errorCode: q.code,
    minAgeMs: q.age === undefined ? undefined : q.age * DAY_MS,
    text: q.q,
    status: q.status,
    sortBy: q.sortBy,
    order: q.order ?? defaultQueueOrder(queue),
    now,
    limit: QUEUE_PAGE_SIZE,
    offset: (q.page - 1) * QUEUE_PAGE_SIZE,
  });
  const claims = await claimsOf(rows.map((r) => r.id));
  const withClaims = rows.map((r) => ({ ...r, claim: claims.get(r.id) ?? null }));
  return { rows: withClaims, total, page: q.page, pages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)), perPage: QUEUE_PAGE_SIZE };
}

/** The choices of the filter form (dealers, error codes seen in rejected offers). */
export async function workQueueChoices() {
  const db = getDb();
  const [dealers, codes] = await Promise.all([listDealerNames(db), rejectedErrorCodes(db)]);
  return { dealers, codes: codes.map((c) => c.code) };
}

/** The counts in the navigation: each queue as its page lists it without filters (the same conditions, the same default environment). */
export const loadWorkQueueCounts = (now = new Date()) => workQueueCounts(getDb(), (queue) => queueEnvironment(queue, undefined), now);

export type BulkResult = {
  id: string;
  offerNumber: string | null;
  ok: boolean;
  /** The new status when the step was taken. */
  status?: string;
  /** Why not, in the caller's language. */
  error?: { code: string; message: string };
};

/**
 * One step for several offers. Each offer is changed in its own transaction through the same
 * function as the single step (so each change is in its history as usual); a refusal or failure of
 * one offer is reported for that offer and does not undo or stop the others.
 */
export async function bulkStep(operator: Operator, body: BulkStepBody, lang: Lang): Promise<BulkResult[]> {
  const ids = [...new Set(body.ids)];
  const numbers = await offerNumbersOf(getDb(), ids);
  const results: BulkResult[] = [];
  for (const id of ids) {
    const offerNumber = numbers.get(id) ?? null;
    try {
      const offer = await takeStep(operator, id, { action: body.action, reason: body.reason, onBehalfReason: body.onBehalfReason }, lang);
      results.push({ id, offerNumber, ok: true, status: offer.status.current.code });
    } catch (err) {
      if (err instanceof ApiError) {
        const entry = err.entries[0];
        results.push({ id, offerNumber, ok: false, error: { code: err.code, message: entry ? entry.text[lang] : err.message } });
      } else {
        logger.error({ err, offerId: id }, 'bulk step failed');
        results.push({ id, offerNumber, ok: false, error: { code: 'INTERNAL_SERVER_ERROR', message: answerTexts.unexpectedError[lang] } });
      }
    }
  }
  return results;
}

/** The waiting queues a decision is taken from (the search and the rejected queue hold no decisions). */
export const DECISION_QUEUES: readonly WorkQueue[] = ['decision', 'employer'];

/**
 * The offer a queue goes on to after a decision on `currentId`: its longest-waiting other offer
 * that no other operator holds, or null when none is left (among the first page).
 */
export async function nextInQueue(queue: WorkQueue, currentId: string, operatorId: string, now = new Date()): Promise<string | null> {
  const { rows } = await listWorkQueue(getDb(), { queue, now, limit: QUEUE_PAGE_SIZE, offset: 0 });
  const others = rows.filter((r) => r.id !== currentId);
  const claims = await claimsOf(others.map((r) => r.id));
  return others.find((r) => (claims.get(r.id)?.operatorId ?? operatorId) === operatorId)?.id ?? null;
}
