import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../schema';
import type { DeliveryRow, EndpointRow } from './webhooks';

// The sender's side of the webhook outbox (lib/webhooks/deliver.ts): claiming due deliveries,
// recording attempts and their endpoint's health, and pruning what is finished.

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

/** The channel on which deliveries and mails that are due now are announced (migration 0040). */
export const OUTBOX_DUE_CHANNEL = 'spoke_outbox_due';

/**
 * When the earliest pending delivery of an active endpoint can next be claimed (it may be due
 * already): not before its attempt is due, its claim's lease has ended, and its endpoint's backoff
 * is over (greatest() passes over the nulls). Null when none is pending.
 */
export async function nextDeliveryAt(db: Executor): Promise<Date | null> {
  const d = webhookDeliveries;
  const e = webhookEndpoints;
  const [row] = await db
    .select({ at: sql<Date | null>`min(greatest(${d.nextAttemptAt}, ${d.lockedUntil}, ${e.backoffUntil}))`.mapWith(d.nextAttemptAt) })
    .from(d)
    .innerJoin(e, and(eq(e.id, d.endpointId), eq(e.active, true)))
    .where(eq(d.status, 'pending'));
  return row?.at ?? null;
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

/** Deletes up to `limit` finished deliveries (and their attempts) older than `days`; answers how many. */
export async function pruneDeliveries(db: Executor, days: number, limit: number): Promise<number> {
  const old = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${days}::int)`,
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    )
    .limit(limit);
  const rows = await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, old)).returning({ id: webhookDeliveries.id });
  return rows.length;
}
