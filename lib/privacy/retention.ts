import 'server-only';
import { lockRetentionDue, type RetentionPeriods } from '@/db/repositories/personal-data';
import { getDb } from '@/lib/database';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { recordPersonalData } from '@/lib/ops/metrics';
import type { Actor } from '@/lib/shared/model';
import { anonymiseOffers, type AnonymiseCounts } from './anonymise';

// Retention (docs/privacy.md, "How long"): offers whose period since their last change has ended
// are anonymised batch by batch, each batch one transaction, in id order from where the last batch
// stopped. A batch that fails rolls back whole (its offers stay as they were for the next run);
// an anonymised offer is never taken again, so running twice changes nothing.

export const RETENTION_ACTOR: Actor = { type: 'system', id: 'retention', name: 'Spoke retention' };

/** `left`: the budget ended the run with offers still due (the next run goes on from the start). */
export type RetentionSummary = AnonymiseCounts & { batches: number; left?: true };

export async function runRetention(
  options: { batchSize?: number; periods?: RetentionPeriods; budgetMs?: number } = {},
): Promise<RetentionSummary> {
  const began = Date.now();
  const size = options.batchSize ?? 200;
  const periods = options.periods ?? env.retention;
  const total: RetentionSummary = { batches: 0, offers: 0, history: 0, answers: 0, mails: 0, deliveries: 0, attempts: 0, requests: 0, invoiceDocuments: 0 };
  for (let after: string | null = null; ; ) {
    const batch = await getDb().transaction(async (tx) => {
      const due = await lockRetentionDue(tx, periods, after, size);
      return { last: due.at(-1)?.id ?? null, size: due.length, counts: due.length > 0 ? await anonymiseOffers(tx, due, RETENTION_ACTOR) : undefined };
    });
    if (batch.counts) {
      total.batches++;
      for (const key of Object.keys(batch.counts) as (keyof AnonymiseCounts)[]) total[key] += batch.counts[key];
      recordPersonalData('retention', { anonymised: batch.counts.offers, restricted: 0 });
    }
    if (batch.size < size || !batch.last) break;
    // Batches are whole; the budget is checked between them.
    if (options.budgetMs !== undefined && Date.now() - began >= options.budgetMs) {
      total.left = true;
      break;
    }
    after = batch.last;
  }
  // Counts only: which offers and whose data is never logged.
  if (total.offers > 0) logger.info({ retention: total }, 'personal data retention: offers anonymised');
  return total;
}
