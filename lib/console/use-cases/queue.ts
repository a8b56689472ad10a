import 'server-only';
import { getDb } from '@/lib/database';
import { listDealerNames } from '@/db/repositories/dealers';
import { isoWeek, listRejectedOffers, rejectedErrorCodes, rejectionsPerWeek, type RejectedFilters, type WeeklyRejections } from '@/db/repositories/operator';
import { badRequest, fieldError } from '@/lib/api/errors';
import { parseQueryOf } from '@/lib/api/params';
import { isStorableText } from '@/lib/api/validation';
import { REJECTION_CODES } from '@/lib/offers/rules/checks';
import { QUEUE_PAGE_SIZE, queueQuerySchema, type QueueQuery } from '@/lib/console/schemas';
import { queueEnvironment } from './work-queues';

// The rejected-offers queue: its filters from the query string, the page of offers, the chart.

const DAY_MS = 86_400_000;

/**
 * A page's filters from its query string. A malformed value (by the rules of the API, which
 * refuses it: given twice, holding text the database cannot store, or failing the schema) is
 * dropped and named in `invalid` rather than failing the page: the operator sees the unfiltered
 * field and a note.
 */
export function readQueueQuery(params: Record<string, string | string[] | undefined>): { query: QueueQuery; invalid: string[] } {
  const invalid: string[] = [];
  const kept: Record<string, string> = {};
  for (const key of Object.keys(queueQuerySchema.shape) as (keyof QueueQuery)[]) {
    const value = params[key];
    if (value === undefined) continue;
    if (typeof value === 'string' && isStorableText(value) && queueQuerySchema.shape[key].safeParse(value).success) kept[key] = value;
    else invalid.push(key);
  }
  const query = queueQuerySchema.parse(kept);
  if (query.from && query.to && query.to < query.from) {
    invalid.push('to');
    delete query.to;
  }
  return { query, invalid };
}

/** An API request's filters, by the rules of every query: 400 naming each malformed parameter. */
export function queueQueryOf(url: URL): QueueQuery {
  const query = parseQueryOf(url, queueQuerySchema);
  if (query.from && query.to && query.to < query.from) badRequest([fieldError('INVALID_PARAMETER', 'dateRange', 'to')]);
  return query;
}

export function filtersOf(q: QueueQuery): RejectedFilters {
  return {
    dealerId: q.dealer,
    // Production unless asked otherwise, as the navigation counts the rejected offers.
    environment: queueEnvironment('rejected', q.environment),
    errorCode: q.code,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    // `to` is a whole day (UTC), inclusive.
    before: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

export async function loadQueue(q: QueueQuery) {
  const { rows, total } = await listRejectedOffers(getDb(), { ...filtersOf(q), sortBy: q.sortBy, order: q.order, limit: QUEUE_PAGE_SIZE, offset: (q.page - 1) * QUEUE_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
  return { rows, total, page: q.page, pages, perPage: QUEUE_PAGE_SIZE };
}

/** The chart: rejections per code and week, each week also by its ISO week number. */
export type RejectionsChartView = WeeklyRejections & { weekNumbers: number[] };

/** The chart follows the dealer and environment filters (not the code or dates: it shows them all). */
export async function loadChart(q: QueueQuery, now = new Date()): Promise<RejectionsChartView> {
  const chart = await rejectionsPerWeek(getDb(), { now, dealerId: q.dealer, environment: queueEnvironment('rejected', q.environment) });
  return { ...chart, weekNumbers: chart.weeks.map((monday) => isoWeek(new Date(`${monday}T00:00:00Z`)).week) };
}

/** The choices of the queue's filters: every dealer, and the error codes (met now, known, or chosen). */
export async function queueFilterOptions(q: QueueQuery) {
  const db = getDb();
  const [dealers, codesNow] = await Promise.all([listDealerNames(db), rejectedErrorCodes(db)]);
  const codes = [...new Set([...codesNow.map((c) => c.code), ...REJECTION_CODES, ...(q.code ? [q.code] : [])])];
  return { dealers, codes };
}

/** The queue's URL with `changes` applied (undefined removes a filter); the page resets unless given. */
export function queueHref(q: Partial<QueueQuery>, changes: Partial<Record<keyof QueueQuery, string | number | undefined>> = {}): string {
  const merged: Record<string, string | number | undefined> = { ...q, page: undefined, ...changes };
  const params = new URLSearchParams();
  for (const key of ['code', 'dealer', 'environment', 'from', 'to', 'sortBy', 'order', 'page'] as const) {
    const v = merged[key];
    if (v !== undefined && v !== '' && !(key === 'page' && Number(v) === 1)) params.set(key, String(v));
  }
  const s = params.toString();
  return s ? `/console/rejected?${s}` : '/console/rejected';
}
