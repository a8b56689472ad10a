import { lt, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { processOffers, type ProcessSummary } from '@/lib/offers/process-offers';

/** One processor run: everything due, then housekeeping. Used by the cron route, the schedule and the CLI. */
export async function runProcessor(): Promise<ProcessSummary & { durationMs: number }> {
  const started = Date.now();
  const summary = await processOffers();
  await getDb().delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
  return { ...summary, durationMs: Date.now() - started };
}
