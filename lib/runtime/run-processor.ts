import 'server-only';
import { inSpan } from '@/lib/ops/tracing';
import { getDb } from '@/lib/database';
import { pruneExpiredIdempotencyKeys } from '@/db/repositories/idempotency';
import { deliverMails, type MailSummary } from '@/lib/notifications/mailer';
import { processOffers, type ProcessOptions, type ProcessSummary } from '@/lib/offers/use-cases/process-offers';
import { runRetention, type RetentionSummary } from '@/lib/privacy/retention';
import { recordProcessorRun } from '@/lib/ops/metrics';
import { deliverWebhooks, pruneOldDeliveries, type DeliverySummary } from '@/lib/webhooks/deliver';

/**
 * One processor run, all parts once in sequence: everything due, then the due webhook deliveries
 * (among them the events of what was just processed) and notification mails, then housekeeping
 * and the retention of personal data. A one-shot for the cron route and the CLI; the server's own
 * schedule runs each part in its own loop instead (lib/runtime/schedule.ts).
 */
export async function runProcessor(
  options: Pick<ProcessOptions, 'batchSize'> & {
    /** Housekeeping too (default true). */
    prune?: boolean;
    /** Anonymise the offers whose retention period ended (default true). */
    retention?: boolean;
  } = {},
): Promise<ProcessSummary & { webhooks: DeliverySummary; mails: MailSummary; retention?: RetentionSummary; durationMs: number }> {
  const started = Date.now();
  try {
    // One span per run: the queries and deliveries of the run are its children (lib/ops/tracing.ts).
    const summary = await inSpan('process offers', {}, () => processOffers({ batchSize: options.batchSize }), (s) => ({
      'spoke.offers_processed': s.processed,
    }));
    const webhooks = await inSpan('deliver webhooks', {}, () => deliverWebhooks());
    const mails = await inSpan('deliver mails', {}, () => deliverMails());
    if (options.prune !== false) {
      await pruneExpiredIdempotencyKeys(getDb());
      await pruneOldDeliveries();
    }
    const retention = options.retention !== false ? await inSpan('personal data retention', {}, () => runRetention()) : undefined;
    recordProcessorRun('ok', Date.now() - started);
    return { ...summary, webhooks, mails, ...(retention ? { retention } : {}), durationMs: Date.now() - started };
  } catch (err) {
    recordProcessorRun('error', Date.now() - started);
    throw err;
  }
}
