import { getDb } from '@/lib/database';
import { claimForChange, deleteClaim, liveClaims, upsertClaim, type Claim } from '@/db/repositories/claims';
import type { Executor } from '@/db/client';
import { findOfferOwner } from '@/db/repositories/operator';
import { findOffer } from '@/db/repositories/offers';
import { FINAL_STATUSES, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { ApiError, notFound } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/console/i18n';
import type { Operator } from './operator';
import { answerTexts, formatEach } from '@/lib/i18n/messages';

// Claims: an operator takes an offer ("In Bearbeitung von …") so that two operators do not decide
// the same one. A claim lasts CLAIM_TTL_SECONDS from when it was taken or last renewed (taking it
// again renews it); after that it is stale and counts for nobody. Another operator's live claim
// stops steps, cancels and re-runs on the offer (409) until it is taken over explicitly; the
// operator's own claim ends with the operator's decision. See docs/console.md, "Claims".

export const CLAIM_TTL_SECONDS = 30 * 60;

export type { Claim };

export function claimedError(claim: Claim): ApiError {
  return new ApiError('CONFLICT', {
    text: formatEach(answerTexts.claimed, (lang) => ({ operator: claim.operatorName, since: formatDateTime(claim.claimedAt.toISOString(), lang) })),
    details: 'claimed',
  });
}

/**
 * Takes an offer (or renews one's own claim); another operator's live claim only with `takeOver`.
 * A closed (final) offer is worked on by nobody: 409 OFFER_NOT_MODIFIABLE.
 */
export async function claimOffer(operator: Operator, offerId: string, takeOver = false): Promise<Claim & { tookOverFrom: string | null }> {
  const db = getDb();
  const owner = await findOfferOwner(db, offerId);
  if (!owner) notFound();
  const offer = await findOffer(db, owner, offerId);
  if (offer && FINAL_STATUSES.includes(offer.status as OfferStatus)) {
    throw new ApiError('OFFER_NOT_MODIFIABLE', { details: `status ${offer.status} (final): nobody works on it any more.` });
  }
  const { claim, previous } = await db.transaction((tx) =>
    upsertClaim(tx, { offerId, operatorId: operator.id, operatorName: operator.name, ttlSeconds: CLAIM_TTL_SECONDS, takeOver }),
  );
  if (claim.operatorId !== operator.id) throw claimedError(claim);
  const live = previous && previous.claimedAt.getTime() > Date.now() - CLAIM_TTL_SECONDS * 1000;
  return { ...claim, tookOverFrom: live && previous.operatorId !== operator.id ? previous.operatorName : null };
}

/** Gives an offer back (only one's own claim). */
export async function releaseOffer(operator: Operator, offerId: string): Promise<{ released: boolean }> {
  return { released: await deleteClaim(getDb(), offerId, operator.id) };
}

/** The live claim of an offer, if any. */
export async function offerClaim(offerId: string): Promise<Claim | undefined> {
  return (await liveClaims(getDb(), [offerId], CLAIM_TTL_SECONDS)).get(offerId);
}

/** The live claims of the offers on a queue page. */
export function claimsOf(offerIds: string[]): Promise<Map<string, Claim>> {
  return liveClaims(getDb(), offerIds, CLAIM_TTL_SECONDS);
}

/**
 * The claim check of an operator's change, run inside the change's transaction once the offer's row
 * is locked: another operator's live claim refuses it (409 naming who and since when); the
 * operator's own claim ends with it. Check and change are one transaction, so no claim can be
 * taken between them (claimOffer waits for the offer's lock).
 */
export function claimGuard(operator: Operator, offerId: string): (tx: Executor) => Promise<void> {
  return async (tx) => {
    const other = await claimForChange(tx, offerId, operator.id, CLAIM_TTL_SECONDS);
    if (other) throw claimedError(other);
  };
}
