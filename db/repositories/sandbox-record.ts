import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { offerHistory, offers, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../schema';
import type { Environment, OfferStatus } from '@/lib/shared/model';

// What a dealer's integration has proven in one environment (the sandbox, before production is
// enabled): the figures the production checklist is derived from (lib/console/production-checklist.ts).
// Every count is scoped by dealer and environment; offers' past statuses come from their history.

export type SandboxRecord = {
  /** Offers the dealer created. */
  offersCreated: number;
  /** Offers that reached `draft` at some point (processing accepted them). */
  offersReachedDraft: number;
  /** Offers rejected and later resubmitted until they reached `draft` or a later status. */
  offersFixed: number;
  /** Offers canceled at some point. */
  offersCanceled: number;
  /** Webhook endpoints registered now. */
  webhookEndpoints: number;
  /** Attempts to deliver an event to those endpoints, and the deliveries that arrived. */
  webhookAttempts: number;
  webhookDelivered: number;
};

/** Draft and the statuses after it on the way to done: an offer in one of them was accepted. */
const ACCEPTED_STATUSES = ['draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done'] as const satisfies readonly OfferStatus[];

/** The dealer's record in `environment` (the sandbox unless told otherwise). */
export async function dealerSandboxRecord(db: Executor, dealerId: string, environment: Environment = 'sandbox'): Promise<SandboxRecord> {
  const tenant = sql`o.dealer_id = ${dealerId} and o.environment = ${environment}`;
  const accepted = sql.join(
    ACCEPTED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = rowsOf<Record<string, number | string | null>>(
    await db.execute(sql`
      select
        (select count(*)::int from ${offers} o where ${tenant}) as offers_created,
        (select count(distinct h.offer_id)::int
           from ${offerHistory} h join ${offers} o on o.id = h.offer_id
           where ${tenant} and h.to_status = 'draft') as offers_reached_draft,
        (select count(distinct r.offer_id)::int
           from ${offerHistory} r join ${offers} o on o.id = r.offer_id
           where ${tenant} and r.to_status = 'rejected'
             and exists (
               select 1 from ${offerHistory} d
               where d.offer_id = r.offer_id and d.id > r.id and d.to_status::text in (${accepted})
             )) as offers_fixed,
        (select count(distinct h.offer_id)::int
           from ${offerHistory} h join ${offers} o on o.id = h.offer_id
           where ${tenant} and h.to_status = 'canceled') as offers_canceled,
        (select count(*)::int from ${webhookEndpoints} e
           where e.dealer_id = ${dealerId} and e.environment = ${environment}) as webhook_endpoints,
        (select count(*)::int
           from ${webhookDeliveryAttempts} a
           join ${webhookDeliveries} d on d.id = a.delivery_id
           join ${webhookEndpoints} e on e.id = d.endpoint_id
           where e.dealer_id = ${dealerId} and e.environment = ${environment}) as webhook_attempts,
        (select count(*)::int
           from ${webhookDeliveries} d
           join ${webhookEndpoints} e on e.id = d.endpoint_id
           where e.dealer_id = ${dealerId} and e.environment = ${environment} and d.status = 'delivered') as webhook_delivered`),
  );
  const num = (v: unknown) => Number(v ?? 0);
  return {
    offersCreated: num(row?.offers_created),
    offersReachedDraft: num(row?.offers_reached_draft),
    offersFixed: num(row?.offers_fixed),
    offersCanceled: num(row?.offers_canceled),
    webhookEndpoints: num(row?.webhook_endpoints),
    webhookAttempts: num(row?.webhook_attempts),
    webhookDelivered: num(row?.webhook_delivered),
  };
}
