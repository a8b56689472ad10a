import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { insertCustomerOrderMail } from '@/db/repositories/order-notifications';
import { findOffer } from '@/db/repositories/offers';
import { countFailedPickupAttempt, findPurchaseOrder, updatePurchaseOrder } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { berlinToday } from '@/lib/api/dates';
import { ApiError, badRequest, fieldError, notFound, type ErrorEntry } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import { format, orderTexts, type Lang } from '@/lib/i18n/messages';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import type { HandoverBody } from '@/lib/purchase-orders/contract/schemas';
import { handoverDayProblem, isEBikeCategory } from '@/lib/purchase-orders/rules/handover';
import { leaseEndOf, leaseStartOf } from '@/lib/purchase-orders/rules/lease-dates';
import { normalizePickupCode, PICKUP_CODE_MAX_ATTEMPTS, pickupCodeHash, pickupCodeState } from '@/lib/purchase-orders/rules/pickup-code';
import { assertOrderStep, recordOrderStep } from './order-steps';

/** A lease without kept terms (a sandbox customer registered with no employer) runs this long. */
export const DEFAULT_TERM_MONTHS = 36;

const sameHash = (a: string, b: string | null) => b !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The dealer hands the bicycle over at the counter (POST /v1/offers/{id}/handover, the portal's
 * counter form), confirmed with the employee's pickup code. One transaction with the order's row
 * locked: of two handovers at once exactly one is recorded, the other answers 409
 * ORDER_NOT_AWAITING_HANDOVER. The order becomes `handed_over`, the lease runs from the first day
 * of the month after the handover for its term; the employee gets the handover confirmation.
 * A wrong code is counted in a transaction that commits (the count survives the refused request):
 * 400 PICKUP_CODE_INVALID with `attemptsLeft`; after the fifth, 409 PICKUP_CODE_LOCKED.
 */
export async function handOver(tenant: Tenant, actor: Actor, offerId: string, body: HandoverBody, lang: Lang, options: { now?: Date } = {}): Promise<OfferResponse> {
  const now = options.now ?? new Date();
  const today = berlinToday(now);
  const outcome = await getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, offerId);
    if (!offer) notFound();
    const order = await findPurchaseOrder(tx, tenant, offerId, { lock: true });
    assertOrderStep('hand_over', order);

    const problems: ErrorEntry[] = [];
    if (isEBikeCategory(offer.productBidexCode) && !body.batterySerialNumber) {
      problems.push(fieldError('MISSING_PARAMETER', 'batterySerialRequired', 'batterySerialNumber', { category: offer.productBidexCode }));
    }
    const day = body.handedOverOn ?? today;
    const approvedOn = berlinToday(order.createdAt);
    const dayProblem = handoverDayProblem(day, today, approvedOn);
    if (dayProblem) problems.push(fieldError('INVALID_PARAMETER', dayProblem === 'future' ? 'handoverFuture' : 'handoverBeforeApproval', 'handedOverOn', { today, approvedOn }));
    if (problems.length > 0) badRequest(problems);

    const state = pickupCodeState(order, now);
    if (state === 'locked') throw new ApiError('PICKUP_CODE_LOCKED', { details: 'pickupCode' });
    if (state === 'expired') throw new ApiError('PICKUP_CODE_EXPIRED', { details: 'pickupCode' });
    const code = normalizePickupCode(body.pickupCode);
    if (!code || !sameHash(pickupCodeHash(code), order.pickupCodeHash)) {
      const attempts = await countFailedPickupAttempt(tx, offerId);
      return { attemptsLeft: Math.max(0, PICKUP_CODE_MAX_ATTEMPTS - attempts) };
    }

    const leaseStart = leaseStartOf(day);
    const leaseEnd = leaseEndOf(leaseStart, order.leaseTerms?.termMonths ?? DEFAULT_TERM_MONTHS);
    const frameNumber = body.frameNumber.toUpperCase();
    const batterySerialNumber = body.batterySerialNumber?.toUpperCase() ?? null;
    await updatePurchaseOrder(tx, offerId, {
      status: 'handed_over',
      handedOverOn: day,
      handedOverAt: now,
      frameNumber,
      batterySerialNumber,
      leaseStart,
      leaseEnd,
      // The code has done its work: it never opens anything again.
      pickupCodeHash: null,
      sandboxPickupCode: null,
      pickupCodeExpiresAt: null,
    });
    await recordOrderStep(
      tx,
      offer,
      actor,
      'handed_over',
      'awaiting_handover',
      'handed_over',
      [
        { field: 'order.handedOverOn', new: day },
        { field: 'order.frameNumber', new: frameNumber },
        ...(batterySerialNumber ? [{ field: 'order.batterySerialNumber', new: batterySerialNumber }] : []),
        { field: 'order.leaseStart', new: leaseStart },
        { field: 'order.leaseEnd', new: leaseEnd },
      ],
      options.now,
    );
    if (offer.environment === 'production') {
      await insertCustomerOrderMail(tx, { kind: 'handover_confirmation', offerId, mailTo: offer.customerEmail, name: offer.customerName });
    }
    return { offer: await offerAnswer(tx, offer, lang) };
  });
  if ('attemptsLeft' in outcome) {
    throw new ApiError('PICKUP_CODE_INVALID', {
      text: format(orderTexts.pickupCodeWrong, { attemptsLeft: outcome.attemptsLeft! }),
      details: 'pickupCode',
      attemptsLeft: outcome.attemptsLeft,
    });
  }
  return outcome.offer;
}
