import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
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

// ---- Claims and attempts, for the sender ------------------------------------------------------------

export type Claimed = DeliveryRow & {
  lockToken: string;
  endpoint: Pick<EndpointRow, 'id' | 'url' | 'secretCiphertext' | 'previousSecretCiphertext' | 'previousSecretExpiresAt'>;
};

const timeOf = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/**
 * Claims up to `limit` due deliveries for `leaseMs`: pending, due, not claimed by a live run, of an
 * active endpoint not in backoff, and the oldest pending event of its offer for its endpoint
 * (per-offer order); at most `slots[endpointId]` (default `perEndpoint`) of one endpoint, so one
 * endpoint's backlog never fills a claim. The rows are locked with FOR UPDATE SKIP LOCKED, so
 * concurrent runs claim disjoint sets.
 */
export async function claimDueDeliveries(
  db: Executor,
  options: { limit: number; leaseMs: number; at?: Date; exclude?: readonly string[]; perEndpoint?: number; slots?: Readonly<Record<string, number>> },
): Promise<Claimed[]> {
  const d = webhookDeliveries;
  const at = timeOf(options.at);
  const token = randomUUID();
  const excluded = options.exclude?.length
    ? sql`and p.id not in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(options.exclude)}::jsonb))`
    : sql``;
  // Per endpoint (not in backoff) its first due deliveries, as many as it has slots.
  const candidates = sql`
    select c.id from ${webhookEndpoints} e
    cross join lateral (
      select p.id from ${webhookDeliveries} p
      where p.endpoint_id = e.id and p.status = 'pending' and p.next_attempt_at <= ${at}
        and (p.locked_until is null or p.locked_until <= ${at}) ${excluded}
        and not exists (select 1 from ${webhookDeliveries} q
          where q.endpoint_id = p.endpoint_id and q.offer_id = p.offer_id and q.status = 'pending' and q.seq < p.seq)
      order by p.next_attempt_at, p.seq
      limit coalesce((${JSON.stringify(options.slots ?? {})}::jsonb ->> e.id::text)::int, ${options.perEndpoint ?? 1}::int)
    ) c
    where e.active and (e.backoff_until is null or e.backoff_until <= ${at})`;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(and(sql`${d.id} in (${candidates})`, eq(d.status, 'pending'), or(isNull(d.lockedUntil), lte(d.lockedUntil, at))))
    .orderBy(asc(d.nextAttemptAt), asc(d.seq))
    .limit(options.limit)
    .for('update', { of: d, skipLocked: true });
  const claimed = await db
    .update(d)
    .set({ lockedUntil: sql`${at} + make_interval(secs => ${options.leaseMs / 1000}::float8)`, lockToken: token })
    .where(inArray(d.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secretCiphertext: webhookEndpoints.secretCiphertext,
      previousSecretCiphertext: webhookEndpoints.previousSecretCiphertext,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((c) => c.endpointId))]));
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  return claimed
    .filter((c) => byId.has(c.endpointId))
    .sort((a, b) => a.seq - b.seq)
    .map((c) => ({ ...c, lockToken: token, endpoint: byId.get(c.endpointId)! }));
}

/** Gives a claim back unattempted (a run stopped while sending it): due again at once. */
export async function releaseClaim(db: Executor, claim: Pick<Claimed, 'id' | 'lockToken'>): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ lockedUntil: null, lockToken: null })
    .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.lockToken, claim.lockToken)));
}

/**
 * Notes an attempt's outcome in its endpoint's health: a delivered one clears it; a failed one
 * counts, puts the endpoint in backoff for `backoffMs(failures)`, and — when the endpoint has been
 * failing for `disableAfterMs` without a success — disables it. Answers true when this call
 * disabled it (exactly one call does, the endpoint row being locked).
 */
export async function recordEndpointHealth(
  db: Executor,
  endpointId: string,
  attempt: { delivered: boolean; startedAt: Date; at?: Date },
  rules: { backoffMs: (failures: number) => number; disableAfterMs: number },
): Promise<boolean> {
  const e = webhookEndpoints;
  if (attempt.delivered) {
    await db.update(e).set({ consecutiveFailures: 0, failingSince: null, backoffUntil: null }).where(and(eq(e.id, endpointId), sql`${e.consecutiveFailures} > 0`));
    return false;
  }
  const [row] = await db
    .select({ active: e.active, failures: e.consecutiveFailures, failingSince: e.failingSince, nowMs: sql<number>`(extract(epoch from ${timeOf(attempt.at)}) * 1000)::float8` })
    .from(e)
    .where(eq(e.id, endpointId))
    .for('update');
  if (!row) return false;
  const now = new Date(Number(row.nowMs));
  const failingSince = row.failingSince ?? attempt.startedAt;
  const failures = row.failures + 1;
  const disable = row.active && now.getTime() - failingSince.getTime() >= rules.disableAfterMs;
  await db
    .update(e)
    .set({
      consecutiveFailures: failures,
      failingSince,
      backoffUntil: new Date(now.getTime() + rules.backoffMs(failures)),
      ...(disable ? { active: false, disabledAt: now } : {}),
    })
    .where(eq(e.id, endpointId));
  return disable;
}

export type AttemptRecord = {
  url: string;
  startedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  responseExcerpt: string | null;
};

/**
 * Records one attempt and its outcome: delivered; or due again after `retryDelayMs`; or, when that
 * would fall after the retry window (`maxAgeMs` from the delivery's creation), failed for good.
 * The outcome only applies while the claim is still ours; the attempt is recorded either way.
 */
export async function recordAttempt(
  db: Executor,
  claim: Pick<Claimed, 'id' | 'lockToken'>,
  attempt: AttemptRecord,
  outcome: { delivered: boolean; retryDelayMs: number; maxAgeMs: number; at?: Date },
): Promise<'delivered' | 'pending' | 'failed' | 'lost'> {
  const at = timeOf(outcome.at);
  const next = sql`${at} + make_interval(secs => ${outcome.retryDelayMs / 1000}::float8)`;
  const expired = sql`${next} > ${webhookDeliveries.createdAt} + make_interval(secs => ${outcome.maxAgeMs / 1000}::float8)`;
  const status = outcome.delivered ? sql`'delivered'` : sql`case when ${expired} then 'failed' else 'pending' end`;
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: sql`${status}::webhook_delivery_status`,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: attempt.startedAt,
      lastResponseStatus: attempt.responseStatus,
      lastError: attempt.error,
      deliveredAt: outcome.delivered ? sql`${at}` : null,
      nextAttemptAt: outcome.delivered ? webhookDeliveries.nextAttemptAt : sql`case when ${expired} then ${webhookDeliveries.nextAttemptAt} else ${next} end`,
      lockedUntil: null,
      lockToken: null,
    })
    .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.lockToken, claim.lockToken)))
    .returning({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts });
  await db.execute(sql`
    insert into ${webhookDeliveryAttempts} (delivery_id, attempt, url, started_at, duration_ms, response_status, error, response_excerpt)
    select d.id, ${row ? sql`${row.attempts}::int` : sql`d.attempts + 1`}, ${attempt.url}::text, ${attempt.startedAt.toISOString()}::timestamptz,
      ${attempt.durationMs}::int, ${attempt.responseStatus}::int, ${attempt.error}::text, ${attempt.responseExcerpt}::text
    from ${webhookDeliveries} d where d.id = ${claim.id}`);
  return row ? row.status : 'lost';
}

/** Deletes finished deliveries (and their attempts) older than `days`. */
export async function pruneDeliveries(db: Executor, days: number): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${days}::int)`,
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
