import { lt, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { processOffers, type ProcessOptions, type ProcessSummary } from '@/lib/offers/process-offers';
import { deliverWebhooks, pruneOldDeliveries, type DeliverySummary } from '@/lib/webhooks/deliver';

/**
 * One processor run: everything due, then the due webhook deliveries (among them the events of what
 * was just processed), then housekeeping. Used by the cron route, the schedule and the CLI.
 */
export async function runProcessor(
  options: Pick<ProcessOptions, 'batchSize'> = {},
): Promise<ProcessSummary & { webhooks: DeliverySummary; durationMs: number }> {
  const started = Date.now();
  const summary = await processOffers({ batchSize: options.batchSize });
  const webhooks = await deliverWebhooks();
  await getDb().delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
  await pruneOldDeliveries();
  return { ...summary, webhooks, durationMs: Date.now() - started };
}
