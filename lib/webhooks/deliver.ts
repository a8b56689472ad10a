import 'server-only';
import { getDb } from '@/lib/database';
import { claimDueDeliveries, pruneDeliveries, recordAttempt, type Claimed } from '@/db/repositories/webhooks';
import { logger } from '@/lib/logger';
import { recordDelivery } from '@/lib/ops/metrics';
import { inSpan } from '@/lib/ops/tracing';
import { eventPayload } from './events';
import { postJson } from './http-post';
import { decryptSecret } from './secret-box';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';
import { urlPolicy, type LookupAll, type UrlPolicy } from './url-policy';

// The sender of the outbox (docs/webhooks.md, "Delivery"). Each round claims due deliveries for a
// lease (FOR UPDATE SKIP LOCKED, committed at once), sends them outside any transaction, and
// records each attempt with its outcome. A run that dies after claiming leaves its claims to expire:
// the next run after the lease sends them (at least once). No run holds a transaction open while it
// waits for a receiver.

export const DELIVERY_TIMEOUT_MS = 5_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

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

export type DeliverySummary = { attempted: number; delivered: number; retrying: number; failed: number };

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

/** Sends one claimed delivery and records the attempt. */
export async function sendClaimed(claim: Claimed, options: DeliverOptions = {}): Promise<'delivered' | 'pending' | 'failed' | 'lost'> {
  const startedAt = new Date();
  let result;
  try {
    const { body, headers } = deliveryRequest(claim, Math.floor(startedAt.getTime() / 1000));
    result = await inSpan(
      'webhook delivery',
      { 'spoke.delivery_id': claim.id, 'spoke.event_type': claim.eventType, 'spoke.attempt': claim.attempts + 1 },
      () => postJson(claim.endpoint.url, body, headers, { timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS, policy: options.policy ?? urlPolicy(claim.environment), lookup: options.lookup }),
      (r) => (r.status === null ? {} : { 'http.response.status_code': r.status }),
    );
  } catch (err) {
    // Not the receiver's fault (for example a secret that no longer decrypts): still an attempt.
    logger.error({ err, deliveryId: claim.id }, 'webhook delivery could not be prepared');
    result = { status: null, error: 'internal error preparing the delivery', excerpt: null, durationMs: Date.now() - startedAt.getTime() };
  }
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const backoff = options.backoff ?? defaultBackoff;
  const outcome = await getDb().transaction((tx) =>
    recordAttempt(
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
    ),
  );
  recordDelivery(outcome, result.durationMs);
  return outcome;
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Sends every due delivery, round after round, until none is due or the budget is spent. A
 * delivery is attempted at most once per run; an offer's next event becomes due within the same
 * run as soon as the one before it is delivered or given up.
 */
export async function deliverWebhooks(options: DeliverOptions = {}): Promise<DeliverySummary> {
  const started = Date.now();
  const summary: DeliverySummary = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
  const attempted: string[] = [];
  const budget = options.budgetMs ?? 20_000;
  while (Date.now() - started < budget) {
    const claimed = await claimDueDeliveries(getDb(), {
      limit: options.batchSize ?? 50,
      leaseMs: options.leaseMs ?? 120_000,
      at: options.at,
      exclude: attempted,
    });
    if (claimed.length === 0) break;
    await inParallel(claimed, options.concurrency ?? 10, async (claim) => {
      attempted.push(claim.id);
      summary.attempted++;
      const outcome = await sendClaimed(claim, options);
      if (outcome === 'delivered') summary.delivered++;
      else if (outcome === 'pending') summary.retrying++;
      else if (outcome === 'failed') summary.failed++;
    });
  }
  return summary;
}

/** Housekeeping: finished deliveries are kept for 30 days. */
export async function pruneOldDeliveries(): Promise<number> {
  return pruneDeliveries(getDb(), 30);
}
