import 'server-only';
import { getDb } from '@/lib/database';
import { listDealerNames } from '@/db/repositories/dealers';
import { isoWeek, listRejectedOffers, rejectedErrorCodes, rejectionsPerWeek, type RejectedFilters, type WeeklyRejections } from '@/db/repositories/operator';
import { REJECTION_CODES } from '@/lib/offers/checks';
import { QUEUE_PAGE_SIZE, queueQuerySchema, type QueueQuery } from '@/lib/console/schemas';

// The rejected-offers queue: its filters from the query string, the page of offers, the chart.

const DAY_MS = 86_400_000;

/**
 * The queue's filters from a query string. A malformed value is dropped (and named in
 * `invalid`) rather than failing the page: the operator sees the unfiltered field and a note.
 */
export function readQueueQuery(params: URLSearchParams | Record<string, string | string[] | undefined>): { query: QueueQuery; invalid: string[] } {
  const raw: Record<string, string> = {};
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [k, v] of entries) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string') raw[k] = value;
  }
  const invalid: string[] = [];
  const keys = Object.keys(queueQuerySchema.shape) as (keyof QueueQuery)[];
  const kept: Record<string, string> = {};
  for (const key of keys) {
    if (raw[key] === undefined) continue;
    const one = queueQuerySchema.shape[key].safeParse(raw[key]);
    if (one.success) kept[key] = raw[key];
    else invalid.push(key);
  }
  const query = queueQuerySchema.parse(kept);
  if (query.from && query.to && query.to < query.from) {
    invalid.push('to');
    delete query.to;
  }
  return { query, invalid };
}

export function filtersOf(q: QueueQuery): RejectedFilters {
  return {
    dealerId: q.dealer,
    environment: q.environment,
    errorCode: q.code,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    // `to` is a whole day (UTC), inclusive.
    before: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

export async function loadQueue(q: QueueQuery) {
  const { rows, total } = await listRejectedOffers(getDb(), { ...filtersOf(q), limit: QUEUE_PAGE_SIZE, offset: (q.page - 1) * QUEUE_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
  return { rows, total, page: q.page, pages, perPage: QUEUE_PAGE_SIZE };
}

/** The chart: rejections per code and week, each week also by its ISO week number. */
export type RejectionsChartView = WeeklyRejections & { weekNumbers: number[] };

/** The chart follows the dealer and environment filters (not the code or dates: it shows them all). */
export async function loadChart(q: QueueQuery, now = new Date()): Promise<RejectionsChartView> {
  const chart = await rejectionsPerWeek(getDb(), { now, dealerId: q.dealer, environment: q.environment });
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
  for (const key of ['code', 'dealer', 'environment', 'from', 'to', 'page'] as const) {
    const v = merged[key];
    if (v !== undefined && v !== '' && !(key === 'page' && Number(v) === 1)) params.set(key, String(v));
  }
  const s = params.toString();
  return s ? `/console?${s}` : '/console';
}
