import 'server-only';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from '../client';
import { dealers, offerHistory, offers, type StoredStatusEntry } from '../schema';
import { newChangeColumns } from './offers-write';
import { notifyDue, tenantWhere } from './offers';
import type { Environment, Tenant } from '@/lib/shared/model';

// The operator console's view of offers: across dealers and environments. Every function here is
// for operator code only (the console checks the role before it calls them). Reads that lead to
// a change find the offer's tenant here and then go through the tenant-scoped functions of
// offers.ts and lib/offers, like every other caller.

// ---- One offer ------------------------------------------------------------------------------

export type OfferOwner = Tenant & { dealerName: string };

/** Whose offer `id` is (dealer and environment, from the row), or undefined when there is none. */
export async function findOfferOwner(db: Executor, id: string): Promise<OfferOwner | undefined> {
  const [row] = await db
    .select({ dealerId: offers.dealerId, environment: offers.environment, dealerName: dealers.name })
    .from(offers)
    .innerJoin(dealers, eq(dealers.id, offers.dealerId))
    .where(eq(offers.id, id))
    .limit(1);
  return row;
}

/**
 * Puts the tenant's offer back to `pending` as a new change (the operator's re-run of
 * processing): errors cleared, infos kept (processing keeps those of the request), change
 * counter up, due now with fresh attempts. False when the tenant has no such offer.
 */
export async function requeueOffer(db: Executor, tenant: Tenant, id: string): Promise<boolean> {
  const updated = await db
    .update(offers)
    .set(newChangeColumns())
    .where(and(tenantWhere(tenant), eq(offers.id, id)))
    .returning({ id: offers.id, notified: notifyDue() });
  return updated.length > 0;
}

// ---- Rejected offers across dealers ----------------------------------------------------------

export type RejectedFilters = QueueFilters & {
  /** Rejected (status changed) at or after. */
  from?: Date;
  /** Rejected before (exclusive). */
  before?: Date;
};

export type RejectedQuery = RejectedFilters & { limit: number; offset: number; sortBy?: RejectedSort; order?: 'asc' | 'desc' };

/** The columns the rejected offers can be sorted by (`rejectedAt` ascending: the oldest rejection first). */
export type RejectedSort = 'rejectedAt' | 'offerNumber' | 'dealer' | 'customer';

export type RejectedOffer = {
  id: string;
  offerNumber: string;
  externalOfferId: string;
  dealerId: string;
  dealerName: string;
  environment: Environment;
  customerName: string;
  customerEmail: string;
  productBidexCode: string;
  productBrandName: string | null;
  productModelName: string | null;
  statusErrors: StoredStatusEntry[];
  createdAt: Date;
  rejectedAt: Date;
};

// ---- What the console's queues share (this file's rejected queue, work-queues.ts) -------------

/** The filters every console queue offers: a dealer, an environment, a code among the status errors. */
export type QueueFilters = { dealerId?: string; environment?: Environment; errorCode?: string };

/** The conditions of `QueueFilters` (undefined where a filter is not set), for `and(...)`. */
export function queueFilterConditions(f: QueueFilters): (SQL | undefined)[] {
  return [
    f.dealerId ? eq(offers.dealerId, f.dealerId) : undefined,
    f.environment ? eq(offers.environment, f.environment) : undefined,
    f.errorCode ? sql`${offers.statusErrors} @> ${JSON.stringify([{ code: f.errorCode }])}::jsonb` : undefined,
  ];
}

/** The columns of an offer that every queue row shows, besides the dealer's name. */
export const queueRowColumns = {
  id: offers.id,
  offerNumber: offers.offerNumber,
  externalOfferId: offers.externalOfferId,
  dealerId: offers.dealerId,
  environment: offers.environment,
  customerName: offers.customerName,
  customerEmail: offers.customerEmail,
  productBrandName: offers.productBrandName,
  productModelName: offers.productModelName,
  statusErrors: offers.statusErrors,
} as const;

/**
 * One page of a queue across dealers — `columns` of each offer and its dealer's name, the
 * longest-waiting first — and the count of all offers `where` holds; unexecuted.
 */
export function queuePageQueries<C extends SelectedFields>(
  db: Executor,
  columns: C,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  /** The order; the longest-waiting first when not given (the id breaks ties either way). */
  order: SQL[] = [asc(offers.statusChangedAt)],
) {
  return {
    rows: db
      .select({ ...columns, dealerName: dealers.name })
      .from(offers)
      .innerJoin(dealers, eq(dealers.id, offers.dealerId))
      .where(where)
      .orderBy(...order, asc(offers.id))
      .limit(page.limit)
      .offset(page.offset),
    count: db.select({ total: sql<number>`count(*)::int` }).from(offers).where(where),
  };
}

function rejectedWhere(f: RejectedFilters): SQL | undefined {
  return and(
    eq(offers.status, 'rejected'),
    ...queueFilterConditions(f),
    f.from ? gte(offers.statusChangedAt, f.from) : undefined,
    f.before ? lt(offers.statusChangedAt, f.before) : undefined,
  );
}

/**
 * The queries of a queue page, unexecuted (test/operator-explain.test.ts EXPLAINs exactly these).
 * Both read the rejected offers through the partial index `offers_rejected_idx`
 * (status_changed_at, id where status = 'rejected'), whatever the filters.
 */
export function rejectedQueueQueries(db: Executor, q: RejectedQuery) {
  const columns = { ...queueRowColumns, productBidexCode: offers.productBidexCode, createdAt: offers.createdAt, rejectedAt: offers.statusChangedAt };
  const column = { rejectedAt: offers.statusChangedAt, offerNumber: offers.offerNumber, dealer: dealers.name, customer: offers.customerName }[q.sortBy ?? 'rejectedAt'];
  return queuePageQueries(db, columns, rejectedWhere(q), q, [q.order === 'desc' ? desc(column) : asc(column)]);
}

/** The rejected offers of every dealer that match the filters, the longest-waiting first. */
export async function listRejectedOffers(db: Executor, q: RejectedQuery): Promise<{ rows: RejectedOffer[]; total: number }> {
  const queries = rejectedQueueQueries(db, q);
  const [rows, [count]] = await Promise.all([queries.rows, queries.count]);
  return { rows, total: count?.total ?? 0 };
}

/** The error codes that rejected offers carry now, most frequent first (for the queue's filter). */
export const rejectedErrorCodesSql = () => sql`
  select e.entry->>'code' as code, count(distinct o.id)::int as offers
  from ${offers} o cross join lateral jsonb_array_elements(o.status_errors) as e(entry)
  where o.status = 'rejected'
  group by 1
  order by 2 desc, 1`;

export async function rejectedErrorCodes(db: Executor): Promise<{ code: string; offers: number }[]> {
  const rows = rowsOf<{ code: string; offers: number }>(await db.execute(rejectedErrorCodesSql()));
  return rows.map((r) => ({ code: r.code, offers: Number(r.offers) }));
}

// ---- Rejections per error code per ISO week --------------------------------------------------

export const CHART_WEEKS = 8;

/** Monday 00:00 UTC of the ISO week that holds `date`. */
export function isoWeekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = (d.getUTCDay() + 6) % 7; // Monday = 0
  d.setUTCDate(d.getUTCDate() - weekday);
  return d;
}

/** The ISO week number and its year (the year of the week's Thursday). */
export function isoWeek(weekStart: Date): { year: number; week: number } {
  const thursday = new Date(weekStart.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round((isoWeekStart(thursday).getTime() - isoWeekStart(firstThursday).getTime()) / (7 * 86_400_000));
  return { year, week };
}

export type WeeklyRejections = {
  /** The weeks shown, oldest first: their Mondays as YYYY-MM-DD. */
  weeks: string[];
  /** One row per error code met in these weeks, with a count per week (same order as `weeks`). */
  codes: { code: string; counts: number[]; total: number }[];
};

/**
 * Rejected offers per error code and ISO week (of the rejection), over the last `weeks` weeks up
 * to the week of `now`. An offer counts once per code it carries, however often the code occurs
 * in it (two unknown accessories are one offer with ACCESSORY_NOT_LEASABLE). Codes are ordered by
 * this week's count, then by the total: the most common failure of this week comes first.
 */
export type WeeklyOptions = { now?: Date; weeks?: number; dealerId?: string; environment?: Environment };

function chartWeeks(options: WeeklyOptions) {
  const count = options.weeks ?? CHART_WEEKS;
  const current = isoWeekStart(options.now ?? new Date());
  const first = new Date(current.getTime() - (count - 1) * 7 * 86_400_000);
  const end = new Date(current.getTime() + 7 * 86_400_000);
  const weeks = Array.from({ length: count }, (_, i) => new Date(first.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10));
  return { count, first, end, weeks };
}

/** The chart's query, unexecuted (EXPLAINed by test/operator-explain.test.ts). */
export function rejectionsPerWeekSql(options: WeeklyOptions = {}) {
  const { first, end } = chartWeeks(options);
  return sql`
    select to_char(date_trunc('week', o.status_changed_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
           e.entry->>'code' as code,
           count(distinct o.id)::int as offers
    from ${offers} o cross join lateral jsonb_array_elements(o.status_errors) as e(entry)
    where o.status = 'rejected'
      and o.status_changed_at >= ${first.toISOString()}::timestamptz
      and o.status_changed_at < ${end.toISOString()}::timestamptz
      ${options.dealerId ? sql`and o.dealer_id = ${options.dealerId}` : sql``}
      ${options.environment ? sql`and o.environment = ${options.environment}` : sql``}
    group by 1, 2`;
}

export async function rejectionsPerWeek(db: Executor, options: WeeklyOptions = {}): Promise<WeeklyRejections> {
  const { count, weeks } = chartWeeks(options);
  const rows = rowsOf<{ week: string; code: string; offers: number }>(await db.execute(rejectionsPerWeekSql(options)));

  const byCode = new Map<string, number[]>();
  for (const r of rows) {
    const index = weeks.indexOf(r.week);
    if (index < 0 || !r.code) continue;
    const counts = byCode.get(r.code) ?? weeks.map(() => 0);
    counts[index] = Number(r.offers);
    byCode.set(r.code, counts);
  }
  const codes = [...byCode.entries()].map(([code, counts]) => ({ code, counts, total: counts.reduce((a, b) => a + b, 0) }));
  const last = count - 1;
  codes.sort((a, b) => b.counts[last]! - a.counts[last]! || b.total - a.total || a.code.localeCompare(b.code));
  return { weeks, codes };
}

/** One offer's whole history, newest first (at most `limit` entries). */
export async function offerHistoryForOperator(db: Executor, offerId: string, limit = 200) {
  return db.select().from(offerHistory).where(eq(offerHistory.offerId, offerId)).orderBy(desc(offerHistory.id)).limit(limit);
}
