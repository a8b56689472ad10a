import 'server-only';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { apiClients, dealers, offerHistory, offers } from '../schema';
import type { Environment, OfferStatus } from '@/lib/shared/model';

// The operator console's view of dealers: an overview across all of them and the evaluation of
// one dealer's integration. For operator code only (the console checks the role before it calls).

// ---- Dealers ---------------------------------------------------------------------------------

export type DealerOverview = {
  id: string;
  name: string;
  createdAt: Date;
  productionEnabledAt: Date | null;
  sandboxClients: number;
  productionClients: number;
  sandboxOffers: number;
  productionOffers: number;
  rejectedOffers: number;
};

/** Every dealer with its active clients and offers per environment, by name. */
export async function listDealersOverview(db: Executor): Promise<DealerOverview[]> {
  // The dealer's id qualified by hand: in a one-table select Drizzle writes a column unqualified
  // ("id"), which inside these subqueries would name the subquery's own id (every count was 0).
  const dealerId = sql.raw('"dealers"."id"');
  const activeClients = (env: Environment) =>
    sql<number>`(select count(*)::int from ${apiClients} c where c.dealer_id = ${dealerId} and c.environment = ${env} and c.disabled_at is null)`;
  const offerCount = (where: SQL) => sql<number>`(select count(*)::int from ${offers} o where o.dealer_id = ${dealerId} and ${where})`;
  const rows = await db
    .select({
      id: dealers.id,
      name: dealers.name,
      createdAt: dealers.createdAt,
      productionEnabledAt: dealers.productionEnabledAt,
      sandboxClients: activeClients('sandbox'),
      productionClients: activeClients('production'),
      sandboxOffers: offerCount(sql`o.environment = 'sandbox'`),
      productionOffers: offerCount(sql`o.environment = 'production'`),
      rejectedOffers: offerCount(sql`o.status = 'rejected'`),
    })
    .from(dealers)
    .orderBy(asc(sql`spoke_fold(${dealers.name})`), asc(dealers.id));
  return rows.map((r) => ({
    ...r,
    sandboxClients: Number(r.sandboxClients),
    productionClients: Number(r.productionClients),
    sandboxOffers: Number(r.sandboxOffers),
    productionOffers: Number(r.productionOffers),
    rejectedOffers: Number(r.rejectedOffers),
  }));
}

export async function findDealer(db: Executor, id: string) {
  const [row] = await db
    .select({ id: dealers.id, name: dealers.name, createdAt: dealers.createdAt, productionEnabledAt: dealers.productionEnabledAt })
    .from(dealers)
    .where(eq(dealers.id, id))
    .limit(1);
  return row;
}

// ---- Evaluation of a dealer's integration ----------------------------------------------------

export type DealerEvaluation = {
  environment: Environment;
  /** Offers the dealer created. */
  offersCreated: number;
  /** Processing results (each accepted change is processed once). */
  processed: number;
  /** Processing results that accepted the change (→ draft). */
  accepted: number;
  /** Processing results that rejected the change. */
  rejected: number;
  /** Offers that were rejected at some point. */
  offersRejected: number;
  /** Offers accepted by processing after an earlier rejection: the dealer fixed them. */
  offersFixed: number;
  /** Updates (resubmissions) and the offers they touched. */
  updates: number;
  offersUpdated: number;
  /** Offers canceled (by the dealer or the operator). */
  offersCanceled: number;
  /** Later lifecycle steps taken on the dealer's offers (start_order … operator_approve). */
  lifecycleSteps: number;
  /** Offers per current status. */
  byStatus: Partial<Record<OfferStatus, number>>;
  /** The error codes processing met, with how many processing results carried each. */
  errorCodes: { code: string; count: number }[];
  firstActivityAt: Date | null;
  lastActivityAt: Date | null;
};

const STEP_ACTIONS = ['start_order', 'submit_order', 'employer_approve', 'employer_decline', 'operator_approve', 'operator_decline'];

/**
 * What a dealer's integration has done in one environment (sandbox by default), from the offers
 * and their history: the figures the operator judges before enabling production.
 */
export async function dealerEvaluation(db: Executor, dealerId: string, environment: Environment = 'sandbox'): Promise<DealerEvaluation> {
  const tenant = sql`o.dealer_id = ${dealerId} and o.environment = ${environment}`;
  const [events] = rowsOf<Record<string, number | string | Date | null>>(
    await db.execute(sql`
      select
        count(*) filter (where h.action = 'processed')::int as processed,
        count(*) filter (where h.action = 'processed' and h.to_status = 'draft')::int as accepted,
        count(*) filter (where h.action = 'processed' and h.to_status = 'rejected')::int as rejected,
        count(distinct h.offer_id) filter (where h.to_status = 'rejected')::int as offers_rejected,
        count(*) filter (where h.action = 'updated')::int as updates,
        count(distinct h.offer_id) filter (where h.action = 'updated')::int as offers_updated,
        count(distinct h.offer_id) filter (where h.action = 'canceled')::int as offers_canceled,
        count(*) filter (where h.action in (${sql.join(
          STEP_ACTIONS.map((a) => sql`${a}`),
          sql`, `,
        )}))::int as lifecycle_steps,
        min(h.occurred_at) as first_at,
        max(h.occurred_at) as last_at
      from ${offerHistory} h join ${offers} o on o.id = h.offer_id
      where ${tenant}`),
  );
  const [fixed] = rowsOf<{ offers: number }>(
    await db.execute(sql`
      select count(distinct r.offer_id)::int as offers
      from ${offerHistory} r
      join ${offers} o on o.id = r.offer_id
      where ${tenant} and r.to_status = 'rejected'
        and exists (
          select 1 from ${offerHistory} d
          where d.offer_id = r.offer_id and d.id > r.id and d.action = 'processed' and d.to_status = 'draft'
        )`),
  );
  const statuses = rowsOf<{ status: OfferStatus; offers: number }>(
    await db.execute(sql`select o.status, count(*)::int as offers from ${offers} o where ${tenant} group by 1`),
  );
  const codes = rowsOf<{ code: string; count: number }>(
    await db.execute(sql`
      select c.code, count(*)::int as count
      from ${offerHistory} h
      join ${offers} o on o.id = h.offer_id
      cross join lateral jsonb_array_elements(h.changes) as ch(change)
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(ch.change->'new') = 'array' then ch.change->'new' else '[]'::jsonb end
      ) as c(code)
      where ${tenant} and h.action = 'processed' and ch.change->>'field' = 'status.errors'
      group by 1
      order by 2 desc, 1`),
  );
  const num = (v: unknown) => Number(v ?? 0);
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  const byStatus: Partial<Record<OfferStatus, number>> = {};
  for (const s of statuses) byStatus[s.status] = num(s.offers);
  return {
    environment,
    offersCreated: statuses.reduce((sum, s) => sum + num(s.offers), 0),
    processed: num(events?.processed),
    accepted: num(events?.accepted),
    rejected: num(events?.rejected),
    offersRejected: num(events?.offers_rejected),
    offersFixed: num(fixed?.offers),
    updates: num(events?.updates),
    offersUpdated: num(events?.offers_updated),
    offersCanceled: num(events?.offers_canceled),
    lifecycleSteps: num(events?.lifecycle_steps),
    byStatus,
    errorCodes: codes.map((c) => ({ code: c.code, count: num(c.count) })),
    firstActivityAt: date(events?.first_at),
    lastActivityAt: date(events?.last_at),
  };
}
