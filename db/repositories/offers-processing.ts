import 'server-only';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { inOneStatement, type Write } from './history';
import { anyOfJson } from './json-list';
import type { Executor } from '../client';
import { offers, type StoredStatusEntry } from '../schema';
import { LINKING_STATUSES, offerRecordColumns, type OfferRecord } from './offers';

// The processor's statements: claim a batch of due offers, write its outcomes, and the
// linked-offers rule the processor and the dry run share.

/** What identifies an offer's "linked" offers: its dealer, environment and external id. */
export type LinkKey = { dealerId: string; environment: string; externalOfferId: string };

/**
 * The linked-offers rule, in one place for the dry run and the processor: the offer numbers of the
 * finished offers (rejected, canceled, done) with the same external id, same dealer and
 * environment; one list per key, in the order given.
 */
export async function linkedOfferNumbers(db: Executor, keys: readonly LinkKey[]): Promise<string[][]> {
  if (keys.length === 0) return [];
  const key = (dealerId: string, environment: string, ext: string) => `${dealerId}\u0000${environment}\u0000${ext}`;
  const rows = await db
    .select({ dealerId: offers.dealerId, environment: offers.environment, ext: offers.externalOfferId, number: offers.offerNumber })
    .from(offers)
    .where(
      and(
        anyOfJson(offers.dealerId, [...new Set(keys.map((o) => o.dealerId))], 'uuid'),
        // With the environment the three lists probe offers_external_id_idx; without it
        // PostgreSQL read all of a dealer's offers per batch.
        anyOfJson(offers.environment, [...new Set(keys.map((o) => o.environment))], 'environment'),
        anyOfJson(offers.externalOfferId, [...new Set(keys.map((o) => o.externalOfferId))], 'text'),
        inArray(offers.status, LINKING_STATUSES),
      ),
    )
    .orderBy(asc(offers.offerNumber));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const k = key(r.dealerId, r.environment, r.ext);
    out.set(k, [...(out.get(k) ?? []), r.number]);
  }
  return keys.map((o) => out.get(key(o.dealerId, o.environment, o.externalOfferId)) ?? []);
}

/**
 * The claim of a batch: the oldest due pending offers (or the given ones), locked, skipping those
 * another processor holds, each with what its checks look up (so a lone offer's claim is one round
 * trip, not three). offers_due_idx serves its order, so it reads `size` rows, not every due offer
 * (test/explain.test.ts).
 */
export function claimQuery(db: Executor, size: number, ids?: string[]) {
  const due = ids ? inArray(offers.id, ids) : lte(offers.processAfter, sql`now()`);
  return db
    .select({ ...claimColumns, excludedCodes: excludedCodesOf, linkedOfferNumbers: linkedNumbersOf })
    .from(offers)
    .where(and(eq(offers.status, 'pending'), due))
    .orderBy(asc(offers.processAfter), asc(offers.id))
    .limit(size)
    .for('update', { skipLocked: true, of: offers });
}

/**
 * What the processor reads of a claimed offer: what its checks, its outcome and its history entry
 * need, no more (each column of 500 rows is mapped in JavaScript).
 */
const claimColumns = {
  id: offers.id,
  dealerId: offers.dealerId,
  environment: offers.environment,
  externalOfferId: offers.externalOfferId,
  customerEmail: offers.customerEmail,
  statusInfos: offers.statusInfos,
  processingAttempts: offers.processingAttempts,
  changeSeq: offers.changeSeq,
  productBidexCode: offers.productBidexCode,
  productBrandName: offers.productBrandName,
  productModelName: offers.productModelName,
  productPriceGross: offers.productPriceGross,
  productListPriceGross: offers.productListPriceGross,
  accessories: offerRecordColumns.accessories,
};

// The two look-ups name their tables themselves: Drizzle writes the columns of a one-table select
// without their table, which inside a subquery would be ambiguous.

/** The categories the customer's employer excludes: null when the customer is registered with none. */
const excludedCodesOf = sql<string[] | null>`(
  select array_remove(array_agg(x.bidex_code), null)
  from employees e left join employer_excluded_categories x on x.employer_id = e.employer_id
  where e.email = lower(offers.customer_email))`;

/** The linked-offers rule of linkedOfferNumbers, for the claimed offer. */
const linkedNumbersOf = sql<string[]>`array(
  select l.offer_number from offers l
  where l.dealer_id = offers.dealer_id and l.environment = offers.environment
    and l.external_offer_id = offers.external_offer_id and l.status in (${sql.raw(LINKING_STATUSES.map((s) => `'${s}'`).join(', '))})
  order by l.offer_number)`;

/** A claimed offer: the columns of claimColumns, and what its checks look up. */
export type ClaimedOffer = Pick<
  OfferRecord,
  | 'id' | 'dealerId' | 'environment' | 'externalOfferId' | 'customerEmail' | 'statusInfos' | 'processingAttempts' | 'changeSeq'
  | 'productBidexCode' | 'productBrandName' | 'productModelName' | 'productPriceGross' | 'productListPriceGross' | 'accessories'
> & { excludedCodes: string[] | null; linkedOfferNumbers: string[] };

/** Claims a batch (see claimQuery); run inside the transaction that writes its outcomes. */
export async function claimDueOffers(tx: Executor, size: number, ids?: string[]): Promise<ClaimedOffer[]> {
  return claimQuery(tx, size, ids);
}

/** One processed offer's result: its new status and entries; a pending one is retried after retryMs. */
export type ProcessingOutcomeRow = {
  id: string;
  status: 'draft' | 'rejected' | 'pending';
  errors: StoredStatusEntry[];
  infos: StoredStatusEntry[];
  attempts: number;
  retryMs: number;
};

/**
 * Writes a batch's outcomes and what they record, in one statement: the offers' update as its
 * first CTE (`processed`), then `record(processed)`'s writes (history, notifications, webhook
 * deliveries; historyWrites), which read the changed rows from its RETURNING. One round trip, and
 * the statement triggers on offers — the tenant's list version among them, whose row stays locked
 * until commit — fire at the statement's end: a parallel batch of the same tenant waits only for
 * this one's commit, not for its history too (docs/performance.md, "The processor").
 */
export async function writeProcessingOutcomes(
  tx: Executor,
  outcomes: readonly ProcessingOutcomeRow[],
  record: (processed: SQL) => Write[] = () => [],
): Promise<void> {
  const rows = outcomes.map((o) => ({ id: o.id, status: o.status, errors: o.errors, infos: o.infos, attempts: o.attempts, retry_ms: o.retryMs }));
  const update = sql`
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
    where o.id = v.id`;
  const writes = record(sql`${sql.identifier('processed')}`);
  if (writes.length === 0) {
    await tx.execute(update);
    return;
  }
  await tx.execute(inOneStatement(writes, { name: 'processed', sql: sql`${update} returning o.*` }));
}
