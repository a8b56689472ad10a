import 'server-only';
import { env } from '@/lib/env';
// When will a pending offer be processed? The processor's schedule of this process
// (lib/runtime/schedule.ts) publishes its next run here, and a 406 OFFER_IS_BEING_PROCESSED answers
// the seconds until then as `Retry-After`. Nothing here imports the processor, so the use cases
// may ask without depending on it.

export type PublishedSchedule = {
  intervalMs: number;
  /** The time (ms since the epoch) of the next run; undefined while a run is in progress. */
  nextRunAt: () => number | undefined;
};

/**
 * Without a processor in this process (PROCESSOR_INTERVAL_MS=0), processing comes from the cron
 * route (`/api/cron/process-offers`, every minute in vercel.json) or another node: a minute at most.
 */
export const EXTERNAL_PROCESSOR_INTERVAL_MS = 60_000;

// Next.js bundles the server's start (instrumentation.ts, where the schedule begins) apart from the
// routes (where a 406 asks): the published schedule is process-wide on globalThis, like the database.
const KEY = Symbol.for('spoke.processorSchedule');
const holder = globalThis as { [KEY]?: PublishedSchedule };

/** Publishes the schedule of this process; the answered function withdraws it. */
export function publishSchedule(schedule: PublishedSchedule): () => void {
  holder[KEY] = schedule;
  return () => {
    if (holder[KEY] === schedule) delete holder[KEY];
  };
}

/**
 * Whole seconds (at least 1) until the processor's first run at or after `processAfter` (the
 * offer's due time; null or past: due now). A run in progress counts as due now. In a worker of
 * `npm start` that does not process (`peerIntervalMs`), the processing worker was woken by the
 * change that made the offer pending (LISTEN/NOTIFY): it runs now, and every interval after.
 */
export function secondsUntilProcessed(processAfter: Date | null, now = Date.now(), peerIntervalMs = env.processorPeerIntervalMs): number {
  const published = holder[KEY];
  const intervalMs = published?.intervalMs ?? peerIntervalMs ?? EXTERNAL_PROCESSOR_INTERVAL_MS;
  const due = Math.max(now, processAfter?.getTime() ?? now);
  let run = published ? (published.nextRunAt() ?? now) : peerIntervalMs ? now : now + intervalMs;
  if (run < due) run += Math.ceil((due - run) / intervalMs) * intervalMs;
  return Math.max(1, Math.ceil((run - now) / 1000));
}
