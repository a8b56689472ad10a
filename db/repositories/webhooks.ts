import 'server-only';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { offers, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../schema';
import type { Tenant } from '@/lib/shared/model';

// Every query of webhook endpoints and deliveries. Endpoint queries are scoped by dealer and
// environment; deliveries are reached through their endpoint.

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

// ---- The outbox ---------------------------------------------------------------------------------

/** One event to fan out to the subscribed endpoints of its offer's dealer and environment. */
export type OutboxEvent = {
  eventId: string;
  type: string;
  offerId: string;
  oldStatus: string | null;
  /** The offer's new status; null: as its row holds it (an order's change leaves it as it is). */
  newStatus: string | null;
  /** An order's status change (offer.order_changed). */
  order?: { oldStatus: string | null; newStatus: string };
  occurredAt?: Date;
};

/**
 * The statement that writes one delivery per event and subscribed active endpoint, for the
 * caller's transaction (insertHistory runs it with the history entries). The offer's number,
 * external id and status entries are read from its row as the change left it, so the event shows
 * the status at change time whenever it is sent.
 */
export function outboxInsert(events: OutboxEvent[]): SQL | undefined {
  if (events.length === 0) return undefined;
  return outboxFrom(sql`${outboxEventsJson(events)}`, sql`${offers}`);
}

/** The events as outboxFrom reads them: one JSON text (a statement's parameter). */
export function outboxEventsJson(events: OutboxEvent[]): string {
  return JSON.stringify(
    events.map((e, ord) => ({
      ord,
      event_id: e.eventId,
      type: e.type,
      offer_id: e.offerId,
      old_status: e.oldStatus,
      new_status: e.newStatus,
      order_old_status: e.order?.oldStatus ?? null,
      order_new_status: e.order?.newStatus ?? null,
      occurred_at: e.occurredAt?.toISOString() ?? null,
    })),
  );
}

/**
 * outboxInsert's statement for `eventsJson` (outboxEventsJson's text, or a placeholder for it).
 * `offersFrom`: where the offers' rows are — the table, or the data-modifying CTE that inserts a
 * new one in the same statement (the table does not show it to the statement's other parts).
 */
export function outboxFrom(eventsJson: SQL, offersFrom: SQL): SQL {
  return sql`
    insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, offer_id, environment, occurred_at, data)
    select e.id, v.event_id, v.type, o.id, o.environment, coalesce(v.occurred_at, now()),
      jsonb_build_object(
        'externalOfferId', o.external_offer_id, 'offerNumber', o.offer_number,
        'oldStatus', v.old_status, 'newStatus', coalesce(v.new_status, o.status::text),
        'status', o.status, 'errors', o.status_errors, 'infos', o.status_infos)
      || case when v.order_new_status is null then '{}'::jsonb
         else jsonb_build_object('order', jsonb_build_object('oldStatus', v.order_old_status, 'newStatus', v.order_new_status)) end
    from jsonb_to_recordset(${eventsJson}::jsonb)
      as v(ord int, event_id uuid, type text, offer_id uuid, old_status text, new_status text, order_old_status text, order_new_status text, occurred_at timestamptz)
    join ${offersFrom} o on o.id = v.offer_id
    join ${webhookEndpoints} e on e.dealer_id = o.dealer_id and e.environment = o.environment
      and e.active and v.type = any(e.events)
    order by v.ord, e.id`;
}

// ---- Endpoints ----------------------------------------------------------------------------------

const tenantWhere = (t: Tenant) => and(eq(webhookEndpoints.dealerId, t.dealerId), eq(webhookEndpoints.environment, t.environment));

export async function countEndpoints(db: Executor, tenant: Tenant): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(tenantWhere(tenant));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: Executor, row: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function listEndpoints(db: Executor, tenant: Tenant, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(tenantWhere(tenant))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .limit(limit)
      .offset(offset),
    countEndpoints(db, tenant),
  ]);
  return { rows, total };
}

export async function findEndpoint(db: Executor, tenant: Tenant, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(tenantWhere(tenant), eq(webhookEndpoints.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateEndpoint(
  db: Executor,
  tenant: Tenant,
  id: string,
  set: Partial<Pick<EndpointRow, 'url' | 'description' | 'events' | 'active' | 'secretCiphertext' | 'previousSecretCiphertext' | 'previousSecretExpiresAt'>>,
): Promise<EndpointRow | undefined> {
  // Switched on again or pointed elsewhere: a fresh start, without the old failures.
  const fresh = set.active === true || set.url !== undefined ? { consecutiveFailures: 0, failingSince: null, backoffUntil: null, disabledAt: null } : {};
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, ...fresh, updatedAt: sql`now()` })
    .where(and(tenantWhere(tenant), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

/** Deletes the endpoint with its deliveries and their attempts. */
export async function deleteEndpoint(db: Executor, tenant: Tenant, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(tenantWhere(tenant), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

// ---- Deliveries, as the dealer sees them ------------------------------------------------------------

export type DeliveryStatus = DeliveryRow['status'];

export async function listDeliveries(db: Executor, endpointId: string, limit: number, offset: number, status?: DeliveryStatus) {
  const where = and(eq(webhookDeliveries.endpointId, endpointId), status ? eq(webhookDeliveries.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.seq)).limit(limit).offset(offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDelivery(db: Executor, endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)))
    .limit(1);
  return row;
}

export async function listAttempts(db: Executor, deliveryId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookDeliveryAttempts.id));
}

/**
 * Sends an event again: a pending delivery becomes due now; a delivered or failed one is repeated
 * by a new delivery of the same event (same event id and content) with a new retry window.
 */
export async function resendDelivery(db: Executor, original: DeliveryRow): Promise<DeliveryRow> {
  if (original.status === 'pending') {
    const [row] = await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, original.id), eq(webhookDeliveries.status, 'pending')))
      .returning();
    if (row) return row;
  }
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: original.endpointId,
      eventId: original.eventId,
      eventType: original.eventType,
      offerId: original.offerId,
      environment: original.environment,
      occurredAt: original.occurredAt,
      data: original.data,
      resendOf: original.id,
    })
    .returning();
  return row!;
}
