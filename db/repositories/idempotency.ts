import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { columnName, type Executor } from '../client';
import { idempotencyKeys } from '../schema';
import type { Tenant } from '@/lib/shared/model';

export type StoredResponse = typeof idempotencyKeys.$inferSelect;

const where = (t: Tenant, key: string) =>
  and(eq(idempotencyKeys.dealerId, t.dealerId), eq(idempotencyKeys.environment, t.environment), eq(idempotencyKeys.key, key));

/**
 * Serializes the requests of one key until the end of the transaction: a concurrent retry waits
 * for the first request to commit and then finds its answer, instead of racing it into the
 * external-id constraint (409 CONFLICT).
 */
export async function lockIdempotencyKey(db: Executor, t: Tenant, key: string): Promise<void> {
  await db.execute(sql`select 1 from (select pg_advisory_xact_lock(hashtextextended(${`${t.dealerId}:${t.environment}:${key}`}, 0))) as l`);
}

/** The unexpired answer stored under a key, if any. */
export async function findIdempotentResponse(db: Executor, t: Tenant, key: string): Promise<StoredResponse | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(where(t, key), sql`${idempotencyKeys.expiresAt} > now()`))
    .limit(1);
  return row;
}

/** The columns a key's new request writes over a row it may take over (an expired or abandoned key). */
function takeOver() {
  const excluded = (column: AnyPgColumn) => sql`excluded.${sql.identifier(columnName(column))}`;
  return {
    requestHash: excluded(idempotencyKeys.requestHash),
    responseStatus: excluded(idempotencyKeys.responseStatus),
    responseBody: excluded(idempotencyKeys.responseBody),
    offerId: excluded(idempotencyKeys.offerId),
    createdAt: excluded(idempotencyKeys.createdAt),
    expiresAt: excluded(idempotencyKeys.expiresAt),
  };
}

/**
 * Stores the answer under the key, in one statement: a new key is inserted, an expired one is
 * replaced (it may be used again), an unexpired one is left as it is. Returns false in that last
 * case — another request stored its answer first (the caller rolls back and replays that one).
 */
export async function storeIdempotentResponse(
  db: Executor,
  t: Tenant,
  row: { key: string; requestHash: string; responseStatus: number; responseBody: unknown; offerId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ dealerId: t.dealerId, environment: t.environment, ...row, createdAt: sql`now()`, expiresAt: sql`now() + interval '24 hours'` })
    .onConflictDoUpdate({
      target: [idempotencyKeys.dealerId, idempotencyKeys.environment, idempotencyKeys.key],
      set: takeOver(),
      setWhere: lt(idempotencyKeys.expiresAt, sql`now()`),
    })
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/** Removes the expired keys — all, or at most `limit` (a part of a run with a time budget); answers how many. */
export async function pruneExpiredIdempotencyKeys(db: Executor, limit?: number): Promise<number> {
  const k = idempotencyKeys;
  const expired = lt(k.expiresAt, sql`now()`);
  const where =
    limit === undefined
      ? expired
      : sql`(${k.dealerId}, ${k.environment}, ${k.key}) in (select dealer_id, environment, key from ${k} where ${expired} limit ${limit})`;
  const rows = await db.delete(k).where(where).returning({ key: k.key });
  return rows.length;
}

// ---- Keys of writes that run outside one transaction (webhooks, customer link, sandbox steps) ----
// Such a write cannot hold the key's lock while it runs (it opens transactions of its own, or calls
// out), so the key is claimed first: a row whose status is IN_PROGRESS until the answer replaces it.

/** The response status of a claimed key whose write has not answered yet. */
export const IN_PROGRESS = 0;

/**
 * Claims the key for a request, in one statement: a new key is inserted as in progress; an expired
 * one, or one left in progress longer than `abandonedAfterSeconds` (its request died), is taken
 * over. Answers undefined when claimed, else the row that holds the key (an answer, or another
 * request still in progress).
 */
export async function claimIdempotencyKey(
  db: Executor,
  t: Tenant,
  row: { key: string; requestHash: string },
  abandonedAfterSeconds: number,
): Promise<StoredResponse | undefined> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      dealerId: t.dealerId,
      environment: t.environment,
      ...row,
      // The offer is named with the answer: the id in a request may name none.
      offerId: null,
      responseStatus: IN_PROGRESS,
      responseBody: sql`'null'::jsonb`,
      createdAt: sql`now()`,
      expiresAt: sql`now() + interval '24 hours'`,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.dealerId, idempotencyKeys.environment, idempotencyKeys.key],
      set: takeOver(),
      setWhere: sql`${idempotencyKeys.expiresAt} < now() or (${idempotencyKeys.responseStatus} = ${IN_PROGRESS} and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${abandonedAfterSeconds}))`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  return findIdempotentResponse(db, t, row.key);
}

const claimedBy = (t: Tenant, key: string, requestHash: string) =>
  and(where(t, key), eq(idempotencyKeys.requestHash, requestHash), eq(idempotencyKeys.responseStatus, IN_PROGRESS));

/** Keeps the answer of a claimed key's write, with the offer it was about (erased with it). */
export async function completeIdempotencyKey(
  db: Executor,
  t: Tenant,
  row: { key: string; requestHash: string; status: number; body: unknown; offerId: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: row.status, responseBody: row.body, offerId: row.offerId })
    .where(claimedBy(t, row.key, row.requestHash));
}

/** Frees a claimed key whose write failed: an error is not an answer to replay, a retry runs again. */
export async function releaseIdempotencyKey(db: Executor, t: Tenant, key: string, requestHash: string): Promise<void> {
  await db.delete(idempotencyKeys).where(claimedBy(t, key, requestHash));
}
