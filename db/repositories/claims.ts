import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { offerClaims, offers } from '../schema';

// Operators' claims on offers ("in Bearbeitung von …"). A claim older than `ttlSeconds` is stale:
// it counts for nobody and anyone may take the offer.

export type Claim = { offerId: string; operatorId: string; operatorName: string; claimedAt: Date };

const live = (ttlSeconds: number) => sql`${offerClaims.claimedAt} > now() - (${ttlSeconds}::int * interval '1 second')`;

/**
 * Takes (or renews) an offer for an operator, unless another operator holds a live claim and
 * `takeOver` is not set. Answers the claim as it now stands (the other operator's when refused).
 */
export async function upsertClaim(
  db: Executor,
  c: { offerId: string; operatorId: string; operatorName: string; ttlSeconds: number; takeOver: boolean },
): Promise<{ claim: Claim; previous: Claim | undefined }> {
  // Call inside a transaction: the row stays locked from this read to the write. The offer's row is
  // share-locked first, so a claim waits for a change in progress (which holds it for update, see
  // claimForChange) and the change for the claim: one comes after the other, never in between.
  await db.select({ id: offers.id }).from(offers).where(eq(offers.id, c.offerId)).for('key share');
  const [previous] = await db.select().from(offerClaims).where(eq(offerClaims.offerId, c.offerId)).for('update');
  const rows = await db
    .insert(offerClaims)
    .values({ offerId: c.offerId, operatorId: c.operatorId, operatorName: c.operatorName })
    .onConflictDoUpdate({
      target: offerClaims.offerId,
      set: { operatorId: c.operatorId, operatorName: c.operatorName, claimedAt: sql`now()` },
      setWhere: or(eq(offerClaims.operatorId, c.operatorId), sql`${offerClaims.claimedAt} <= now() - (${c.ttlSeconds}::int * interval '1 second')`, sql`${c.takeOver}::boolean`),
    })
    .returning();
  return { claim: rows[0] ?? previous!, previous };
}

/**
 * Inside a change's transaction, with the offer's row locked for update: another operator's live
 * claim, which refuses the change — or none, and then the operator's own claim ends with the change.
 */
export async function claimForChange(db: Executor, offerId: string, operatorId: string, ttlSeconds: number): Promise<Claim | undefined> {
  const [claim] = await db
    .select()
    .from(offerClaims)
    .where(and(eq(offerClaims.offerId, offerId), live(ttlSeconds)))
    .for('update');
  if (claim && claim.operatorId !== operatorId) return claim;
  await deleteClaim(db, offerId, operatorId);
  return undefined;
}

/** Releases an offer: only the operator's own claim, or (no operator given) whoever held it. */
export async function deleteClaim(db: Executor, offerId: string, operatorId?: string): Promise<boolean> {
  const rows = await db
    .delete(offerClaims)
    .where(operatorId ? and(eq(offerClaims.offerId, offerId), eq(offerClaims.operatorId, operatorId)) : eq(offerClaims.offerId, offerId))
    .returning({ offerId: offerClaims.offerId });
  return rows.length > 0;
}

/** The live claims of some offers. */
export async function liveClaims(db: Executor, offerIds: string[], ttlSeconds: number): Promise<Map<string, Claim>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(offerClaims)
    .where(and(inArray(offerClaims.offerId, offerIds), live(ttlSeconds)));
  return new Map(rows.map((r) => [r.offerId, r]));
}
