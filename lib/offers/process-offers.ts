import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { database, getDb, type Executor, type Tx } from '@/db/client';
import { excludedCodesByEmail } from '@/db/repositories/employers';
import { insertHistory, type HistoryInsert } from '@/db/repositories/history';
import { type OfferRecord } from '@/db/repositories/offers';
import { offers, type StoredStatusEntry } from '@/db/schema';
import { offerRecordColumns } from '@/db/repositories/offers';
import { loadCatalogue, type Catalogue } from '@/lib/catalogue/catalogue';
import { logger } from '@/lib/logger';
import { checkOffer, type CheckContext, type CheckInput, type CheckResult } from './checks';
import { historyEntry, SYSTEM_ACTOR } from './history-entry';
import { ACCEPTANCE_INFO_CODES } from './normalize';
import type { AccessoryInput } from './schemas';

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
};

export type ProcessSummary = { processed: number; drafted: number; rejected: number; retried: number; failed: number };

type Outcome = { id: string; status: 'draft' | 'rejected' | 'pending'; errors: StoredStatusEntry[]; infos: StoredStatusEntry[]; attempts: number };

const num = (v: number | string | null) => (v === null ? undefined : Number(v));
const opt = (v: string | null) => v ?? undefined;

function checkInputOf(o: OfferRecord): CheckInput {
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

async function linkedNumbers(tx: Tx, batch: OfferRecord[]): Promise<Map<string, string[]>> {
  const key = (dealerId: string, environment: string, ext: string) => `${dealerId}\u0000${environment}\u0000${ext}`;
  const rows = await tx
    .select({ dealerId: offers.dealerId, environment: offers.environment, ext: offers.externalOfferId, number: offers.offerNumber })
    .from(offers)
    .where(
      and(
        inArray(offers.dealerId, [...new Set(batch.map((o) => o.dealerId))]),
        // With the environment the three lists probe offers_external_id_idx; without it
        // PostgreSQL read all of a dealer's offers per batch (docs/performance.md).
        inArray(offers.environment, [...new Set(batch.map((o) => o.environment))]),
        inArray(offers.externalOfferId, [...new Set(batch.map((o) => o.externalOfferId))]),
        inArray(offers.status, ['rejected', 'canceled', 'done']),
      ),
    )
    .orderBy(asc(offers.offerNumber));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const k = key(r.dealerId, r.environment, r.ext);
    out.set(k, [...(out.get(k) ?? []), r.number]);
  }
  return new Map(batch.map((o) => [o.id, out.get(key(o.dealerId, o.environment, o.externalOfferId)) ?? []]));
}

/**
 * The claim of a batch: the oldest due pending offers (or the given ones), locked, skipping those
 * another processor holds. offers_due_idx serves its order, so it reads `size` rows, not every due
 * offer (test/explain.test.ts).
 */
export function claimQuery(db: Executor, size: number, ids?: string[]) {
  const due = ids ? inArray(offers.id, ids) : lte(offers.processAfter, sql`now()`);
  return db
    .select(offerRecordColumns)
    .from(offers)
    .where(and(eq(offers.status, 'pending'), due))
    .orderBy(asc(offers.processAfter), asc(offers.id))
    .limit(size)
    .for('update', { skipLocked: true, of: offers });
}

async function processBatch(tx: Tx, catalogue: Catalogue, options: ProcessOptions, size: number): Promise<Outcome[]> {
  const batch = (await claimQuery(tx, size, options.ids)) as OfferRecord[];
  if (batch.length === 0) return [];

  const excluded = await excludedCodesByEmail(tx, batch.map((o) => o.customerEmail));
  const linked = await linkedNumbers(tx, batch);
  const check = options.check ?? checkOffer;

  const outcomes: Outcome[] = batch.map((o) => {
    const kept = o.statusInfos.filter((i) => ACCEPTANCE_INFO_CODES.includes(i.code));
    try {
      const result = check(checkInputOf(o), {
        catalogue,
        excludedCodes: excluded.get(o.customerEmail.toLowerCase()) ?? null,
        linkedOfferNumbers: linked.get(o.id) ?? [],
      });
      const status = result.errors.length > 0 ? 'rejected' : 'draft';
      return { id: o.id, status, errors: result.errors, infos: [...kept, ...result.infos], attempts: o.processingAttempts + 1 };
    } catch (err) {
      const attempts = o.processingAttempts + 1;
      if (attempts >= MAX_ATTEMPTS) {
        logger.error({ err, offerId: o.id, attempts }, 'processing failed for good; offer rejected');
        return { id: o.id, status: 'rejected', errors: [{ code: 'INTERNAL_SERVER_ERROR' }], infos: kept, attempts };
      }
      logger.warn({ err, offerId: o.id, attempts }, 'processing failed; will retry');
      return { id: o.id, status: 'pending', errors: [], infos: o.statusInfos, attempts };
    }
  });

  const rows = outcomes.map((o) => ({
    id: o.id,
    status: o.status,
    errors: o.errors,
    infos: o.infos,
    attempts: o.attempts,
    retry_ms: o.status === 'pending' ? backoffMs(o.attempts) : 0,
  }));
  await tx.execute(sql`
    update ${offers} as o set
      status = v.status::offer_status,
      status_errors = v.errors,
      status_infos = v.infos,
      processing_attempts = v.attempts,
      process_after = case when v.status = 'pending' then now() + make_interval(secs => v.retry_ms / 1000.0) else null end,
      status_changed_at = case when v.status = 'pending' then o.status_changed_at else now() end,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id uuid, status text, errors jsonb, infos jsonb, attempts int, retry_ms int)
    where o.id = v.id`);

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
  await insertHistory(tx, history);
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
  // Each worker stops at its own short batch: a short batch may only mean the other worker holds the rest.
  const worker = async () => {
    for (let drained = false; !drained && (options.maxBatches === undefined || started < options.maxBatches); ) {
      started++;
      const outcomes = await getDb().transaction((tx) => processBatch(tx, catalogue, options, size));
      for (const o of outcomes) {
        if (o.status === 'pending') summary.retried++;
        else summary.processed++;
        if (o.status === 'draft') summary.drafted++;
        if (o.status === 'rejected') summary.rejected++;
        if (o.errors.some((e) => e.code === 'INTERNAL_SERVER_ERROR')) summary.failed++;
      }
      if (outcomes.length < size || options.ids) drained = true;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return summary;
}
