import 'server-only';
import { getDb } from '@/lib/database';
import { insertWebhookDisabledNotifications } from '@/db/repositories/notifications';
import { claimDueDeliveries, pruneDeliveries, recordAttempt, recordEndpointHealth, releaseClaim, type Claimed } from '@/db/repositories/webhook-sending';
import { logger } from '@/lib/logger';
import { recordDelivery } from '@/lib/ops/metrics';
import { inSpan } from '@/lib/ops/tracing';
import { DELIVERY_TIMEOUT_MS, RETRY_WINDOW_MS } from './delivery-limits';
import { eventPayload } from './events';
import { postJson } from './http-post';
import { decryptSecret } from './secret-box';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';
import { urlPolicy, type LookupAll, type UrlPolicy } from './url-policy';

// The sender of the outbox (docs/webhooks.md, "Delivery"). A run keeps up to `concurrency`
// requests in flight, at most `perEndpoint` of them to one endpoint: whenever one ends, it claims
// more due deliveries for a lease (FOR UPDATE SKIP LOCKED, committed at once), sends them outside
// any transaction, and records each attempt with its outcome and its endpoint's health. A slow or
// dead endpoint thus holds only its own slots; a failing one is skipped while in backoff, and
// disabled after failing for DISABLE_AFTER_MS. A run that dies after claiming leaves its claims to
// expire: the next run after the lease sends them (at least once). No run holds a transaction open
// while it waits for a receiver.

/** An endpoint failing this long without a single delivered attempt is disabled and its dealer told. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * How long an endpoint is skipped after `failures` failed attempts in a row: not at all for the
 * first two (one bad answer is the delivery's own retry), then 5 s doubling to at most 10 min.
 */
export function endpointBackoff(failures: number): number {
  return failures < 3 ? 0 : Math.min(5_000 * 2 ** Math.min(failures - 3, 20), 10 * 60_000);
}

/** Delay before attempt `n + 1` after `n` failed attempts: 30 s doubling to at most 2 h, ±10 % jitter. */
export function defaultBackoff(failedAttempts: number): number {
  const base = Math.min(30_000 * 2 ** (failedAttempts - 1), 2 * 60 * 60 * 1000);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

export type DeliverOptions = {
  /** Deliveries claimed per round (default 50). */
  batchSize?: number;
  /** Requests in flight at once (default 10). */
  concurrency?: number;
  /** Requests in flight to one endpoint at once (default 2). */
  perEndpoint?: number;
  /** How long an endpoint is skipped after n failures in a row (default endpointBackoff). */
  endpointBackoff?: (failures: number) => number;
  /** Aborted: no further delivery starts, and those in flight are given back unattempted. */
  signal?: AbortSignal;
  /** While requests are in flight and slots are free, look for newly due deliveries this often (default 200 ms). */
  pollMs?: number;
  timeoutMs?: number;
  /** How long a claim keeps other runs off (default 2 min): longer than a round can take. */
  leaseMs?: number;
  /** Retry window from a delivery's creation (default 24 h). */
  maxAgeMs?: number;
  backoff?: (failedAttempts: number) => number;
  /** Stop starting rounds after this long (default 20 s); the rest is due for the next run. */
  budgetMs?: number;
  /** The time the run acts at (tests); default the database's clock. */
  at?: Date;
  policy?: UrlPolicy;
  /** The name resolver of the deliveries (default the system's; tests inject one). */
  lookup?: LookupAll;
};

/** `left`: the budget ended the run while deliveries were still being found due (the next run sends them). */
export type DeliverySummary = { attempted: number; delivered: number; retrying: number; failed: number; left?: true };

export const USER_AGENT = 'Spoke-Webhooks/1.0 (+https://spoke.example/docs/webhooks)';

/** The secrets an endpoint signs with at `now` (ms): its own, and a rotated-out one in its grace period. */
export function secretsOf(e: Claimed['endpoint'], now: number): string[] {
  const secrets = [decryptSecret(e.secretCiphertext, e.id)];
  if (e.previousSecretCiphertext && e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > now) {
    secrets.push(decryptSecret(e.previousSecretCiphertext, e.id));
  }
  return secrets;
}

/** The exact request of a delivery: JSON body and headers, signed at `timestamp` (unix seconds). */
export function deliveryRequest(claim: Claimed, timestamp: number) {
  const body = JSON.stringify(eventPayload(claim));
  return {
    body,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': USER_AGENT,
      [EVENT_ID_HEADER]: claim.eventId,
      'Spoke-Event-Type': claim.eventType,
      'Spoke-Delivery-ID': claim.id,
      [SIGNATURE_HEADER]: signatureHeader(secretsOf(claim.endpoint, timestamp * 1000), timestamp, body),
    },
  };
}

/** Sends one claimed delivery and records the attempt ('released': stopped by the signal, no attempt). */
export async function sendClaimed(claim: Claimed, options: DeliverOptions = {}): Promise<'delivered' | 'pending' | 'failed' | 'lost' | 'released'> {
  const startedAt = new Date();
  let result;
  try {
    const { body, headers } = deliveryRequest(claim, Math.floor(startedAt.getTime() / 1000));
    result = await inSpan(
      'webhook delivery',
      { 'spoke.delivery_id': claim.id, 'spoke.event_type': claim.eventType, 'spoke.attempt': claim.attempts + 1 },
      () =>
        postJson(claim.endpoint.url, body, headers, {
          timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
          policy: options.policy ?? urlPolicy(claim.environment),
          lookup: options.lookup,
          signal: options.signal,
        }),
      (r) => (r.status === null ? {} : { 'http.response.status_code': r.status }),
    );
  } catch (err) {
    // Not the receiver's fault (for example a secret that no longer decrypts): still an attempt.
    logger.error({ err, deliveryId: claim.id }, 'webhook delivery could not be prepared');
    result = { status: null, error: 'internal error preparing the delivery', excerpt: null, durationMs: Date.now() - startedAt.getTime() };
  }
  if ('aborted' in result && result.aborted) {
    await releaseClaim(getDb(), claim);
    return 'released';
  }
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const backoff = options.backoff ?? defaultBackoff;
  const outcome = await getDb().transaction(async (tx) => {
    const recorded = await recordAttempt(
      tx,
      claim,
      {
        url: claim.endpoint.url,
        startedAt,
        durationMs: result.durationMs,
        responseStatus: result.status,
        error: delivered ? null : (result.error ?? `HTTP ${result.status}`),
        responseExcerpt: result.excerpt,
      },
      { delivered, retryDelayMs: backoff(claim.attempts + 1), maxAgeMs: options.maxAgeMs ?? RETRY_WINDOW_MS, at: options.at },
    );
    const disabled = await recordEndpointHealth(
      tx,
      claim.endpointId,
      { delivered, startedAt, at: options.at },
      { backoffMs: options.endpointBackoff ?? endpointBackoff, disableAfterMs: DISABLE_AFTER_MS },
    );
    if (disabled) {
      await insertWebhookDisabledNotifications(tx, claim.endpointId);
      logger.warn({ endpointId: claim.endpointId }, 'webhook endpoint disabled after failing for 3 days; its dealer is told');
    }
    return recorded;
  });
  recordDelivery(outcome, result.durationMs);
  return outcome;
}

/**
 * Sends every due delivery until none is due or the budget is spent: up to `concurrency` at once,
 * at most `perEndpoint` to one endpoint, claiming more whenever one ends. A delivery is attempted
 * at most once per run; an offer's next event becomes due within the same run as soon as the one
 * before it is delivered or given up.
 */
export async function deliverWebhooks(options: DeliverOptions = {}): Promise<DeliverySummary> {
  const started = Date.now();
  const summary: DeliverySummary = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
  const attempted: string[] = [];
  const budget = options.budgetMs ?? 20_000;
  const concurrency = options.concurrency ?? 10;
  const perEndpoint = options.perEndpoint ?? 2;
  const inFlight = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let lastClaimed = 0;
  const send = async (claim: Claimed) => {
    const outcome = await sendClaimed(claim, options).catch((err: unknown) => {
      // Not recorded (the database failed us): the claim's lease ends and a later run sends it.
      logger.error({ err, deliveryId: claim.id }, 'webhook delivery not recorded');
      return 'released' as const;
    });
    if (outcome === 'released') return;
    summary.attempted++;
    if (outcome === 'delivered') summary.delivered++;
    else if (outcome === 'pending') summary.retrying++;
    else if (outcome === 'failed') summary.failed++;
  };
  for (;;) {
    if (!options.signal?.aborted && Date.now() - started < budget && running.size < concurrency) {
      const claimed = await claimDueDeliveries(getDb(), {
        limit: Math.min(concurrency - running.size, options.batchSize ?? 50),
        leaseMs: options.leaseMs ?? 120_000,
        at: options.at,
        exclude: attempted,
        perEndpoint,
        slots: Object.fromEntries([...inFlight].map(([id, n]) => [id, perEndpoint - n])),
      });
      lastClaimed = claimed.length;
      for (const claim of claimed) {
        attempted.push(claim.id);
        inFlight.set(claim.endpointId, (inFlight.get(claim.endpointId) ?? 0) + 1);
        const task: Promise<void> = send(claim).finally(() => {
          running.delete(task);
          const left = (inFlight.get(claim.endpointId) ?? 1) - 1;
          if (left > 0) inFlight.set(claim.endpointId, left);
          else inFlight.delete(claim.endpointId);
        });
        running.add(task);
      }
    }
    if (running.size === 0) break;
    // A free slot is filled with what became due meanwhile: new events do not wait for a slow receiver.
    let poll: NodeJS.Timeout | undefined;
    const tick = running.size < concurrency ? new Promise<void>((resolve) => (poll = setTimeout(resolve, options.pollMs ?? 200))) : undefined;
    await Promise.race(tick ? [...running, tick] : running);
    clearTimeout(poll);
  }
  if (Date.now() - started >= budget && lastClaimed > 0) summary.left = true;
  return summary;
}

/** Housekeeping: finished deliveries are kept for 30 days; at most `limit` go at once. */
export async function pruneOldDeliveries(limit = 10_000): Promise<number> {
  return pruneDeliveries(getDb(), 30, limit);
}
