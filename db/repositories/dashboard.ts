import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { OfferStatus, Tenant } from '@/lib/shared/model';
import type { Executor } from '../client';
import { offers } from '../schema';

// The dealer portal's home page: counts per status, what needs action and what changed since the
// last visit — each query scoped by dealer and environment (the indexes lead with both).

export type DashboardTenant = Tenant;

export type DashboardOffer = {
  id: string;
  offerNumber: string;
  customerName: string;
  status: OfferStatus;
  createdAt: Date;
  statusChangedAt: Date;
};

const columns = {
  id: offers.id,
  offerNumber: offers.offerNumber,
  customerName: offers.customerName,
  status: offers.status,
  createdAt: offers.createdAt,
  statusChangedAt: offers.statusChangedAt,
};

const tenantOf = (t: DashboardTenant) => and(eq(offers.dealerId, t.dealerId), eq(offers.environment, t.environment));

/** The number of offers per status (statuses without offers are absent). One grouped query. */
export async function countOffersByStatus(db: Executor, tenant: DashboardTenant): Promise<Partial<Record<OfferStatus, number>>> {
  const rows = await db.select({ status: offers.status, n: count() }).from(offers).where(tenantOf(tenant)).groupBy(offers.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Offers waiting for the dealer: rejected ones to fix and drafts older than `draftOlderThan`, longest waiting first. */
export async function listNeedsAction(db: Executor, tenant: DashboardTenant, draftOlderThan: Date, limit: number): Promise<{ rejected: DashboardOffer[]; agedDrafts: DashboardOffer[]; agedDraftTotal: number }> {
  const rejected = await db
    .select(columns)
    .from(offers)
    .where(and(tenantOf(tenant), eq(offers.status, 'rejected')))
    .orderBy(asc(offers.statusChangedAt), asc(offers.id))
    .limit(limit);
  const agedWhere = and(tenantOf(tenant), eq(offers.status, 'draft'), lt(offers.statusChangedAt, draftOlderThan));
  const agedDrafts = await db.select(columns).from(offers).where(agedWhere).orderBy(asc(offers.statusChangedAt), asc(offers.id)).limit(limit);
  const [total] = await db.select({ n: count() }).from(offers).where(agedWhere);
  return { rejected, agedDrafts, agedDraftTotal: Number(total?.n ?? 0) };
}

/** Offers whose status changed after `since`, newest first, with their total. */
export async function listChangedSince(db: Executor, tenant: DashboardTenant, since: Date, limit: number): Promise<{ rows: DashboardOffer[]; total: number }> {
  const where = and(tenantOf(tenant), gt(offers.statusChangedAt, since));
  const rows = await db.select(columns).from(offers).where(where).orderBy(desc(offers.statusChangedAt), desc(offers.id)).limit(limit);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(offers).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
