import 'server-only';
import { getDb } from '@/lib/database';
import { findOffer } from '@/db/repositories/offers';
import { requeueOffer } from '@/db/repositories/operator';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import type { ChangeGuard } from './change-guard';
import { historyEntry, recordHistory } from './history-entry';
import { nextSteps, transition, UPDATABLE_STATUSES, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { processOffers } from './process-offers';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';

/** The history action of an operator's re-run of processing. */
export const REPROCESS_ACTION = 'reprocess';

/**
 * Re-runs processing of an offer unchanged (for example after the catalogue or an employer's
 * policy changed): the lifecycle's resubmission (draft or rejected → pending) as a new change,
 * recorded with `actor`, then processed on the spot. Answers the offer as processing left it.
 */
export async function reprocessOffer(tenant: Tenant, actor: Actor, id: string, lang: Lang, guard?: ChangeGuard): Promise<OfferResponse> {
  await getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    await guard?.(tx);
    const from = offer.status as OfferStatus;
    const step = transition(from, 'resubmit');
    if (!step) {
      throw new ApiError('OFFER_NOT_MODIFIABLE', {
        details: `Processing can be re-run from ${UPDATABLE_STATUSES.join(' or ')}, not from ${from}; next steps: ${nextSteps(from).join(', ') || 'none'}.`,
      });
    }
    await requeueOffer(tx, tenant, id);
    await recordHistory(tx, [historyEntry(id, actor, REPROCESS_ACTION, from, step.to, offer.changeSeq + 1)]);
  });
  // Outside the transaction: the processor claims the offer in its own (the embedded database has
  // one connection). Should this fail, the offer stays pending and the scheduled processor takes it.
  await processOffers({ ids: [id] });
  return offerAnswer(getDb(), (await findOffer(getDb(), tenant, id))!, lang);
}
