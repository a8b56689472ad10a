import 'server-only';
import { inSpan } from '@/lib/ops/tracing';
import { getDb } from '@/lib/database';
import { pruneExpiredIdempotencyKeys } from '@/db/repositories/idempotency';
import { deliverMails, type MailSummary } from '@/lib/notifications/mailer';
import { processOffers, type ProcessOptions, type ProcessSummary } from '@/lib/offers/use-cases/process-offers';
import { runRetention, type RetentionSummary } from '@/lib/privacy/retention';
import { recordProcessorRun } from '@/lib/ops/metrics';
import { deliverWebhooks, pruneOldDeliveries, type DeliverySummary } from '@/lib/webhooks/deliver';

/** The parts of a one-shot run, in their order. */
export const RUN_PARTS = ['processing', 'webhooks', 'mails', 'pruning', 'retention'] as const;
export type RunPart = (typeof RUN_PARTS)[number];

/**
 * Each part's time budget in a one-shot run (docs/reliability.md, "The one-shot run"): a part
 * starts no new batch after its budget and leaves the rest to the next run, so one backlog (a
 * million offers, a year of retention) never holds the run for minutes. About 70 s in all.
 */
export const PART_BUDGETS_MS: Record<RunPart, number> = { processing: 20_000, webhooks: 20_000, mails: 10_000, pruning: 5_000, retention: 15_000 };

/** Rows pruned per statement: a statement ends well within the pruning budget. */
const PRUNE_CHUNK = 5_000;

export type PruneSummary = { idempotencyKeys: number; deliveries: number; left?: true };

/**
 * Expired idempotency keys and old deliveries, `chunk` rows a statement, until none are left or
 * the budget is spent (checked between chunks: the first always runs).
 */
export async function prune(budgetMs: number, chunk = PRUNE_CHUNK): Promise<PruneSummary> {
  const began = Date.now();
  const summary: PruneSummary = { idempotencyKeys: 0, deliveries: 0 };
  for (;;) {
    const keys = await pruneExpiredIdempotencyKeys(getDb(), chunk);
    const deliveries = await pruneOldDeliveries(chunk);
    summary.idempotencyKeys += keys;
    summary.deliveries += deliveries;
    if (keys < chunk && deliveries < chunk) break;
    if (Date.now() - began >= budgetMs) {
      summary.left = true;
      break;
    }
  }
  return summary;
}

export type RunSummary = Omit<ProcessSummary, 'left'> & {
  webhooks: DeliverySummary;
  mails: MailSummary;
  pruning?: PruneSummary;
  retention?: RetentionSummary;
  /** The parts whose budget ended them with work still due: the next run goes on with it. */
  left: RunPart[];
  durationMs: number;
};

/**
 * One processor run, all parts once in sequence, each within its budget: everything due, then the
 * due webhook deliveries (among them the events of what was just processed) and notification
 * mails, then housekeeping and the retention of personal data. A one-shot for the cron route and
 * the CLI; the server's own schedule runs each part in its own loop instead (lib/runtime/schedule.ts).
 */
export async function runProcessor(
  options: Pick<ProcessOptions, 'batchSize'> & {
    /** Housekeeping too (default true). */
    prune?: boolean;
    /** Anonymise the offers whose retention period ended (default true). */
    retention?: boolean;
    /** Budgets other than PART_BUDGETS_MS. */
    budgets?: Partial<Record<RunPart, number>>;
  } = {},
): Promise<RunSummary> {
  const started = Date.now();
  const budget = { ...PART_BUDGETS_MS, ...options.budgets };
  try {
    // One span per run: the queries and deliveries of the run are its children (lib/ops/tracing.ts).
    const { left: processingLeft, ...summary } = await inSpan(
      'process offers',
      {},
      () => processOffers({ batchSize: options.batchSize, budgetMs: budget.processing }),
      (s) => ({ 'spoke.offers_processed': s.processed }),
    );
    const webhooks = await inSpan('deliver webhooks', {}, () => deliverWebhooks({ budgetMs: budget.webhooks }));
    const mails = await inSpan('deliver mails', {}, () => deliverMails({ budgetMs: budget.mails }));
    const pruning = options.prune !== false ? await prune(budget.pruning) : undefined;
    const retention = options.retention !== false ? await inSpan('personal data retention', {}, () => runRetention({ budgetMs: budget.retention })) : undefined;
    const left = RUN_PARTS.filter((part) => ({ processing: processingLeft, webhooks: webhooks.left, mails: mails.left, pruning: pruning?.left, retention: retention?.left })[part]);
    recordProcessorRun('ok', Date.now() - started);
    return { ...summary, webhooks, mails, ...(pruning ? { pruning } : {}), ...(retention ? { retention } : {}), left, durationMs: Date.now() - started };
  } catch (err) {
    recordProcessorRun('error', Date.now() - started);
    throw err;
  }
}
