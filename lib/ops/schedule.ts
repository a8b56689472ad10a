import 'server-only';
import { database } from '@/lib/database';
import { OFFERS_DUE_CHANNEL } from '@/db/repositories/offers';
import { logger } from '@/lib/logger';
import { publishSchedule } from './next-run';
import { runProcessor } from './run-processor';

/**
 * How long a wake waits before the run starts: offers created in a burst within this window go
 * into one batch instead of one run each (docs/performance.md, "Draft while the customer waits").
 */
export const WAKE_DEBOUNCE_MS = 50;

/** Housekeeping (expired idempotency keys, old deliveries) with at most one scheduled run this often. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The retention of personal data (lib/privacy/retention.ts) with the first run and then this often:
 * its periods are days, and each pass reads the offers in id order.
 */
const RETENTION_EVERY_MS = 3_600_000;

export type ScheduleOptions = {
  /** Wake on NOTIFY of offers made due (default true); the interval stays as the fallback. */
  wake?: boolean;
  debounceMs?: number;
};

/**
 * Runs the processor every `intervalMs` in this process, never overlapping itself: the next run
 * is scheduled only when the previous one has finished. A write that makes an offer due
 * (db/repositories/offers.ts, OFFERS_DUE_CHANNEL) wakes it `debounceMs` later; a wake during a
 * run starts another run right after it. Without a listener (lost connection) the interval alone
 * runs it. The answered stop function closes the listener and resolves once a run in progress
 * has finished its batch.
 */
export function startProcessorSchedule(intervalMs: number, options: ScheduleOptions = {}): () => Promise<void> {
  const debounceMs = options.debounceMs ?? WAKE_DEBOUNCE_MS;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running = false;
  let wokenWhileRunning = false;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let prunedAt = 0;
  let retainedAt = 0;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = Date.now() + delayMs;
    if (at >= dueAt) return; // an earlier run is already scheduled
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => (current = tick()), delayMs);
  };
  const tick = async () => {
    dueAt = Infinity;
    running = true;
    wokenWhileRunning = false;
    try {
      // A wake on every create can mean many runs a second; housekeeping need not run with each.
      const prune = Date.now() - prunedAt >= PRUNE_EVERY_MS;
      if (prune) prunedAt = Date.now();
      const retention = Date.now() - retainedAt >= RETENTION_EVERY_MS;
      if (retention) retainedAt = Date.now();
      const summary = await runProcessor({ prune, retention });
      if (summary.processed > 0 || summary.retried > 0 || summary.webhooks.attempted > 0) logger.info({ summary }, 'processor run');
    } catch (err) {
      logger.error({ err }, 'processor run failed');
    }
    running = false;
    schedule(wokenWhileRunning ? debounceMs : intervalMs);
  };
  const wake = () => {
    if (running) wokenWhileRunning = true;
    else schedule(debounceMs);
  };
  const unlisten = options.wake === false ? async () => {} : database().listen(OFFERS_DUE_CHANNEL, wake);
  // A 406 OFFER_IS_BEING_PROCESSED tells the client when the next run is due (Retry-After).
  const unpublish = publishSchedule({ intervalMs, nextRunAt: () => (running || dueAt === Infinity ? undefined : dueAt) });
  schedule(intervalMs);
  return async () => {
    stopped = true;
    unpublish();
    clearTimeout(timer);
    await unlisten();
    await current;
  };
}
