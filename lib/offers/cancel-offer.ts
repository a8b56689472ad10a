import { getDb } from '@/db/client';
import { insertHistory } from '@/db/repositories/history';
import { findOffer, setOfferStatus } from '@/db/repositories/offers';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { historyEntry } from './history-entry';
import { canApply, type OfferStatus } from './lifecycle';
import type { CANCEL_REASONS } from './schemas';
import { serializeOffer, type OfferResponse } from './serialize';

export type CancelInput = { cancelReason?: (typeof CANCEL_REASONS)[number]; contactFromEmployeeRequested: boolean };

/** Cancels an offer in any status but done and canceled (final). */
export async function cancelOffer(tenant: Tenant, actor: Actor, id: string, input: CancelInput, lang: Lang): Promise<OfferResponse> {
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    const from = offer.status as OfferStatus;
    if (!canApply(from, 'cancel')) throw new ApiError('OFFER_NOT_MODIFIABLE', { details: `status ${from}` });
    await setOfferStatus(tx, tenant, id, 'canceled', {
      statusErrors: [],
      cancelReason: input.cancelReason ?? null,
      contactFromEmployeeRequested: input.contactFromEmployeeRequested,
    });
    const changes = [
      ...(input.cancelReason ? [{ field: 'cancelReason', new: input.cancelReason }] : []),
      { field: 'contactFromEmployeeRequested', new: input.contactFromEmployeeRequested },
    ];
    await insertHistory(tx, [historyEntry(id, actor, 'canceled', from, 'canceled', offer.changeSeq, changes)]);
    return serializeOffer((await findOffer(tx, tenant, id))!, lang);
  });
}
