import { getDb } from '@/db/client';
import { listRejectedOffers, rejectionsPerWeek, type RejectedFilters } from '@/db/repositories/operator';
import { QUEUE_PAGE_SIZE, queueQuerySchema, type QueueQuery } from './schemas';

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

/** The chart follows the dealer and environment filters (not the code or dates: it shows them all). */
export async function loadChart(q: QueueQuery, now = new Date()) {
  return rejectionsPerWeek(getDb(), { now, dealerId: q.dealer, environment: q.environment });
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
