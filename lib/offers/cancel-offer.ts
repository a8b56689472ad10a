import 'server-only';
import { getDb } from '@/lib/database';
import { findOffer } from '@/db/repositories/offers';
import { setOfferStatus } from '@/db/repositories/offers-write';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import type { CancelReason } from '@/lib/shared/model';
import type { Lang } from '@/lib/i18n/messages';
import type { ChangeGuard } from './change-guard';
import { historyEntry, recordHistory } from './history-entry';
import { canApply, notModifiableDetails, type OfferStatus } from './lifecycle';
import { serializeOffer, type OfferResponse } from './serialize';

export type CancelInput = { cancelReason?: CancelReason; cancelNote?: string; contactFromEmployeeRequested: boolean };

/** Cancels an offer in any status but done and canceled (final). */
export async function cancelOffer(tenant: Tenant, actor: Actor, id: string, input: CancelInput, lang: Lang, guard?: ChangeGuard): Promise<OfferResponse> {
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    await guard?.(tx);
    const from = offer.status as OfferStatus;
    if (!canApply(from, 'cancel')) throw new ApiError('OFFER_NOT_MODIFIABLE', { details: notModifiableDetails(from, 'cancel') });
    await setOfferStatus(tx, tenant, id, 'canceled', {
      statusErrors: [],
      cancelReason: input.cancelReason ?? null,
      cancelNote: input.cancelNote ?? null,
      contactFromEmployeeRequested: input.contactFromEmployeeRequested,
    });
    const changes = [
      ...(input.cancelReason ? [{ field: 'cancelReason', new: input.cancelReason }] : []),
      ...(input.cancelNote ? [{ field: 'cancelNote', new: input.cancelNote }] : []),
      { field: 'contactFromEmployeeRequested', new: input.contactFromEmployeeRequested },
    ];
    await recordHistory(tx, [historyEntry(id, actor, 'canceled', from, 'canceled', offer.changeSeq, changes)]);
    return serializeOffer((await findOffer(tx, tenant, id))!, lang);
  });
}
