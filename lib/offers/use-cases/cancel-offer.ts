import 'server-only';
import type { Executor } from '@/db/client';
import { findOffer } from '@/db/repositories/offers';
import { setOfferStatus } from '@/db/repositories/offers-write';
import { ApiError, notFound } from '@/lib/api/errors';
import { warn } from '@/lib/api/warnings';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import type { CancelReason } from '@/lib/shared/model';
import type { Lang } from '@/lib/i18n/messages';
import type { ChangeGuard } from './change-guard';
import { historyEntry, recordHistory } from './history-entry';
import { idempotent, requestFingerprint } from './idempotent';
import { canApply, notModifiableDetails, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';

export type CancelInput = { cancelReason?: CancelReason; cancelNote?: string; contactFromEmployeeRequested: boolean };

/** Whether a canceled offer was canceled with exactly these values. */
function canceledWith(offer: { cancelReason: string | null; cancelNote: string | null; contactFromEmployeeRequested: boolean | null }, input: CancelInput): boolean {
  return (
    offer.cancelReason === (input.cancelReason ?? null) &&
    offer.cancelNote === (input.cancelNote ?? null) &&
    (offer.contactFromEmployeeRequested ?? false) === input.contactFromEmployeeRequested
  );
}

/**
 * Cancels an offer in any status but done and canceled (final). A cancel repeated with the same
 * values (a retry after a lost answer) answers the canceled offer as it is (ALREADY_CANCELED);
 * with an `Idempotency-Key` the first answer is replayed.
 */
export async function cancelOffer(
  tenant: Tenant,
  actor: Actor,
  id: string,
  input: CancelInput,
  lang: Lang,
  options: { idempotencyKey?: string; guard?: ChangeGuard } = {},
): Promise<{ status: 200; body: { data: OfferResponse; meta: Record<string, never> }; replayed: boolean; text: string }> {
  const { idempotencyKey, guard } = options;
  const write = async (tx: Executor) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    await guard?.(tx);
    const from = offer.status as OfferStatus;
    if (from === 'canceled' && canceledWith(offer, input)) {
      warn('ALREADY_CANCELED', {});
      return { status: 200 as const, body: { data: await offerAnswer(tx, offer, lang), meta: {} } };
    }
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
    return { status: 200 as const, body: { data: await offerAnswer(tx, (await findOffer(tx, tenant, id))!, lang), meta: {} } };
  };
  const fingerprint = idempotencyKey ? requestFingerprint({ operation: 'cancelOffer', id, input }) : '';
  return idempotent(tenant, idempotencyKey, fingerprint, write);
}
