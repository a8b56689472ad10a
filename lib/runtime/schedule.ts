import 'server-only';
import { database, getDb } from '@/lib/database';
import { OFFERS_DUE_CHANNEL } from '@/db/repositories/offers';
import { pruneExpiredIdempotencyKeys } from '@/db/repositories/idempotency';
import { logger } from '@/lib/logger';
import { deliverMails } from '@/lib/notifications/mailer';
import { nextMailAt } from '@/db/repositories/notifications';
import { nextDeliveryAt, OUTBOX_DUE_CHANNEL } from '@/db/repositories/webhook-sending';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { runRetention } from '@/lib/privacy/retention';
import { deliverWebhooks, pruneOldDeliveries } from '@/lib/webhooks/deliver';
import { startLoop } from './loop';
import { recordProcessorRun } from '@/lib/ops/metrics';
import { publishSchedule } from '@/lib/ops/next-run';
import { inSpan } from '@/lib/ops/tracing';

/**
 * How long a wake waits before the run starts: offers created in a burst within this window go
 * into one batch instead of one run each (docs/performance.md, "Draft while the customer waits").
 */
export const WAKE_DEBOUNCE_MS = 50;

/** While a delivery is pending (due, retried soon, or held back), the webhook loop looks this often at most. */
const WEBHOOKS_EVERY_MS = 1_000;

/**
 * While nothing is due, the delivery loops sleep: a delivery or mail that becomes due is announced
 * (OUTBOX_DUE_CHANNEL) and wakes them. They look anyway this often, for what was written while the
 * listener was away.
 */
export const OUTBOX_IDLE_MS = 60_000;

/** Housekeeping (expired idempotency keys, old deliveries) this often. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The retention of personal data (lib/privacy/retention.ts) with the first housekeeping run and
 * then this often: its periods are days, and each pass reads the offers in id order.
 */
const RETENTION_EVERY_MS = 3_600_000;

/** On stop, how long the delivery loops may take to end their run (their claims and leases cover the rest). */
const STOP_WAIT_MS = 2_000;

export type ScheduleOptions = {
  /** Wake on NOTIFY of offers made due (default true); the interval stays as the fallback. */
  wake?: boolean;
  debounceMs?: number;
};

/**
 * The server's background work in this process, as independent loops (docs/reliability.md,
 * "Independent loops"), each never overlapping itself and none waiting for another:
 * - offer processing every `intervalMs`, woken `debounceMs` after a write that makes an offer due
 *   (db/repositories/offers.ts, OFFERS_DUE_CHANNEL; a wake during a run starts another right after);
 * - webhook deliveries and notification mails when they are due: woken by a write that makes one
 *   due now (OUTBOX_DUE_CHANNEL, migration 0040), and after a run at the time the earliest one
 *   left is due (a retry), never more often than every second (webhooks) or `intervalMs` (mails),
 *   and at least every OUTBOX_IDLE_MS (the first run as before, soon after the start). Without a
 *   listener (`wake: false`) they look every second and every `intervalMs`, as processing does;
 * - housekeeping every minute, with the retention of personal data every hour.
 * Without a listener (lost connection) the interval alone runs processing. The answered stop
 * function closes the listeners and resolves once processing has finished its batch and the
 * delivery loops have ended theirs (at most STOP_WAIT_MS).
 */
export function startProcessorSchedule(intervalMs: number, options: ScheduleOptions = {}): () => Promise<void> {
  const debounceMs = options.debounceMs ?? WAKE_DEBOUNCE_MS;
  const listening = options.wake !== false;
  // The delay until `at` (due already: `minMs`), within [minMs, the loop's interval].
  const until = (at: Date | null, minMs: number, maxMs: number) =>
    listening ? Math.min(maxMs, Math.max(minMs, at === null ? maxMs : at.getTime() - Date.now())) : undefined;
  const webhooksEveryMs = Math.min(intervalMs, WEBHOOKS_EVERY_MS);
  const webhooksIdleMs = listening ? OUTBOX_IDLE_MS : webhooksEveryMs;
  const webhooks = startLoop({ name: 'webhook delivery', intervalMs: webhooksIdleMs, debounceMs, firstRunMs: webhooksEveryMs }, async (signal) => {
    const summary = await inSpan('deliver webhooks', {}, () => deliverWebhooks({ signal }));
    if (summary.attempted > 0) logger.info({ webhooks: summary }, 'webhook deliveries');
    return until(await nextDeliveryAt(getDb()), webhooksEveryMs, webhooksIdleMs);
  });
  const mailsIdleMs = listening ? Math.max(intervalMs, OUTBOX_IDLE_MS) : intervalMs;
  const mails = startLoop({ name: 'mail delivery', intervalMs: mailsIdleMs, debounceMs, firstRunMs: intervalMs }, async (signal) => {
    const summary = await inSpan('deliver mails', {}, () => deliverMails({ signal }));
    if (summary.sent + summary.kept + summary.failed > 0) logger.info({ mails: summary }, 'notification mails');
    return until(await nextMailAt(getDb()), intervalMs, mailsIdleMs);
  });
  let retainedAt = 0;
  const housekeeping = startLoop({ name: 'housekeeping', intervalMs: Math.max(intervalMs, PRUNE_EVERY_MS), debounceMs, firstRunMs: intervalMs }, async () => {
    await pruneExpiredIdempotencyKeys(getDb());
    await pruneOldDeliveries();
    if (Date.now() - retainedAt < RETENTION_EVERY_MS) return;
    retainedAt = Date.now();
    const retention = await inSpan('personal data retention', {}, () => runRetention());
    logger.info({ retention }, 'personal data retention');
  });
  const processing = startLoop({ name: 'processor', intervalMs, debounceMs }, async () => {
    const started = Date.now();
    try {
      const summary = await inSpan('process offers', {}, () => processOffers({}), (s) => ({ 'spoke.offers_processed': s.processed }));
      recordProcessorRun('ok', Date.now() - started);
      if (summary.processed > 0 || summary.retried > 0) {
        logger.info({ summary, durationMs: Date.now() - started }, 'processor run');
      }
    } catch (err) {
      recordProcessorRun('error', Date.now() - started);
      throw err;
    }
  });
  const unlisten = listening ? database().listen(OFFERS_DUE_CHANNEL, () => processing.wake()) : async () => {};
  // On (re)connect the payload is absent: both look for what was written meanwhile.
  const unlistenOutbox = listening
    ? database().listen(OUTBOX_DUE_CHANNEL, (payload) => {
        if (payload !== 'mails') webhooks.wake();
        if (payload !== 'webhooks') mails.wake();
      })
    : async () => {};
  // A 406 OFFER_IS_BEING_PROCESSED tells the client when the next processing run is due (Retry-After).
  const unpublish = publishSchedule({ intervalMs, nextRunAt: processing.nextRunAt });
  return async () => {
    unpublish();
    await Promise.all([unlisten(), unlistenOutbox()]);
    await Promise.all([processing.stop(), webhooks.stop(STOP_WAIT_MS), mails.stop(STOP_WAIT_MS), housekeeping.stop(STOP_WAIT_MS)]);
  };
}
