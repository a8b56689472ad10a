import 'server-only';
import type { Tx } from '@/db/client';
import { database, getDb } from '@/lib/database';
import type { HistoryInsert } from '@/db/repositories/history';
import { claimDueOffers, writeProcessingOutcomes, type ClaimedOffer } from '@/db/repositories/offers-processing';
import type { StoredStatusEntry } from '@/db/schema';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { Catalogue } from '@/lib/catalogue/tree';
import { logger } from '@/lib/logger';
import { recordBatch } from '@/lib/ops/metrics';
import { checkOffer, type CheckContext, type CheckInput, type CheckResult, type RejectionCode } from '@/lib/offers/rules/checks';
import { historyEntry, historyWritesOf, SYSTEM_ACTOR } from './history-entry';
import { ACCEPTANCE_INFO_CODES } from '@/lib/offers/rules/normalize';
import type { AccessoryInput } from '@/lib/offers/contract/schemas';

// The processor: claims due pending offers with FOR UPDATE SKIP LOCKED, runs the checks and
// writes each result with its history entry in the claiming transaction. Any number of
// processors may run at once; a processor that dies mid-batch leaves its offers pending (its
// transaction rolls back) for the next run.

export const MAX_ATTEMPTS = 3;
const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 1);

export type Checker = (input: CheckInput, ctx: CheckContext) => CheckResult;

export type ProcessOptions = {
  batchSize?: number;
  /** Stop after this many batches (default: until nothing is due). */
  maxBatches?: number;
  /** Process only these offers, due or not (sandbox steps, operator re-runs). */
  ids?: string[];
  check?: Checker;
  /** Batches in parallel transactions (PostgreSQL only; default 2). */
  concurrency?: number;
  /**
   * The failures of `check` are intended (the demo's failing offers): each is logged as what it is,
   * one line at info level without a stack, never as an error that alarms whoever reads the log.
   */
  intendedFailures?: boolean;
  /** Start no batch after this long (a part of a one-shot run); what is still due is left for the next run. */
  budgetMs?: number;
};

/** `left`: the budget ended the run before everything due was processed (the next run goes on). */
export type ProcessSummary = { processed: number; drafted: number; rejected: number; retried: number; failed: number; left?: true };

type Outcome = { id: string; status: 'draft' | 'rejected' | 'pending'; errors: StoredStatusEntry[]; infos: StoredStatusEntry[]; attempts: number };

const num = (v: number | string | null) => (v === null ? undefined : Number(v));
const opt = (v: string | null) => v ?? undefined;

function checkInputOf(o: ClaimedOffer): CheckInput {
  return {
    product: {
      bidexCode: o.productBidexCode,
      brandName: opt(o.productBrandName),
      modelName: opt(o.productModelName),
      priceGross: num(o.productPriceGross),
      listPriceGross: num(o.productListPriceGross),
    },
    accessory: o.accessories.map(
      (a): AccessoryInput => ({
        bidexCode: a.bidexCode,
        brandName: opt(a.brandName),
        modelName: opt(a.modelName),
        priceGross: num(a.priceGross),
        listPriceGross: num(a.listPriceGross),
      }),
    ),
  };
}

async function processBatch(tx: Tx, catalogue: Catalogue, options: ProcessOptions, size: number): Promise<Outcome[]> {
  const batch = await claimDueOffers(tx, size, options.ids);
  if (batch.length === 0) return [];

  const check = options.check ?? checkOffer;

  const outcomes: Outcome[] = batch.map((o) => {
    const kept = o.statusInfos.filter((i) => ACCEPTANCE_INFO_CODES.includes(i.code));
    try {
      const result = check(checkInputOf(o), {
        catalogue,
        excludedCodes: o.excludedCodes,
        linkedOfferNumbers: o.linkedOfferNumbers,
      });
      const status = result.errors.length > 0 ? 'rejected' : 'draft';
      return { id: o.id, status, errors: result.errors, infos: [...kept, ...result.infos], attempts: o.processingAttempts + 1 };
    } catch (err) {
      const attempts = o.processingAttempts + 1;
      const last = attempts >= MAX_ATTEMPTS;
      const message = last ? 'processing failed for good; offer rejected' : 'processing failed; will retry';
      if (options.intendedFailures) logger.info({ offerId: o.id, attempts, reason: err instanceof Error ? err.message : String(err) }, `${message} (intended)`);
      else if (last) logger.error({ err, offerId: o.id, attempts }, message);
      else logger.warn({ err, offerId: o.id, attempts }, message);
      if (last) {
        return { id: o.id, status: 'rejected', errors: [{ code: 'INTERNAL_SERVER_ERROR' satisfies RejectionCode }], infos: kept, attempts };
      }
      return { id: o.id, status: 'pending', errors: [], infos: o.statusInfos, attempts };
    }
  });

  const byId = new Map(batch.map((o) => [o.id, o]));
  const history: HistoryInsert[] = outcomes
    .filter((o) => o.status !== 'pending')
    .map((o) =>
      historyEntry(
        o.id,
        SYSTEM_ACTOR,
        'processed',
        'pending',
        o.status,
        byId.get(o.id)!.changeSeq,
        o.errors.length > 0 ? [{ field: 'status.errors', new: o.errors.map((e) => e.code) }] : [],
      ),
    );
  // The outcomes and their history, notifications and events in one statement (the events read
  // the offers' rows as the update leaves them).
  await writeProcessingOutcomes(
    tx,
    outcomes.map((o) => ({ ...o, retryMs: o.status === 'pending' ? backoffMs(o.attempts) : 0 })),
    (processed) => historyWritesOf(history, processed),
  );
  return outcomes;
}

/** Processes everything due (or the given offers), batch by batch, each batch one transaction. */
export async function processOffers(options: ProcessOptions = {}): Promise<ProcessSummary> {
  const size = options.batchSize ?? 500;
  const summary: ProcessSummary = { processed: 0, drafted: 0, rejected: 0, retried: 0, failed: 0 };
  // Loaded outside the transactions: the embedded database has a single connection, and a query
  // outside an open transaction would wait for it to end.
  const catalogue = await loadCatalogue();
  // Against PostgreSQL, batches run in parallel transactions (SKIP LOCKED keeps them apart): a
  // batch spends most of its time in PostgreSQL, one backend per transaction, so a second worker
  // uses the second core (docs/performance.md). The embedded database has one connection.
  const workers = options.ids || database().driver !== 'postgres' ? 1 : Math.max(1, options.concurrency ?? 2);
  let started = 0;
  const began = Date.now();
  const inBudget = () => options.budgetMs === undefined || Date.now() - began < options.budgetMs;
  const mayStart = () => (options.maxBatches === undefined || started < options.maxBatches) && inBudget();
  /** One batch in its own transaction; whether it drained what was due (a short batch). */
  const batch = async () => {
    started++;
    const batchStarted = Date.now();
    const outcomes = await getDb().transaction((tx) => processBatch(tx, catalogue, options, size));
    recordBatch(outcomes, Date.now() - batchStarted);
    for (const o of outcomes) {
      if (o.status === 'pending') summary.retried++;
      else summary.processed++;
      if (o.status === 'draft') summary.drafted++;
      if (o.status === 'rejected') summary.rejected++;
      if (o.errors.some((e) => e.code === 'INTERNAL_SERVER_ERROR')) summary.failed++;
    }
    return outcomes.length < size || !!options.ids;
  };
  // Each worker stops at its own short batch: a short batch may only mean the other worker holds the rest.
  const worker = async () => {
    let drained = false;
    while (!drained && mayStart()) drained = await batch();
    if (!drained && !inBudget()) summary.left = true;
  };
  // The workers start only after a full first batch: an offer that arrives alone is claimed once,
  // not once by each worker.
  const drained = mayStart() && (await batch());
  if (!drained) await Promise.all(Array.from({ length: workers }, worker));
  return summary;
}
