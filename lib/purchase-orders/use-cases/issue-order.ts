import 'server-only';
import type { Executor } from '@/db/client';
import { approvedRequestOf } from '@/db/repositories/employer-requests';
import type { OfferRecord } from '@/db/repositories/offers';
import { insertPurchaseOrder } from '@/db/repositories/purchase-orders';
import type { Actor } from '@/lib/auth/authenticate';
import { leaseTermsOfOffer } from '@/lib/leasing/offer-lease';
import { issuePickupCode, recordOrderStep } from './order-steps';

/**
 * The operator's approval issues the dealer's purchase order, in the approval's transaction (the
 * offer is `done` already): `awaiting_handover`, the employer and the lease terms of the approved
 * employer request (an offer without one — the sandbox's — takes the terms the offer's answer
 * shows), and the employee's pickup code. Its history entry is the event offer.order_changed.
 */
export async function issueOrderInTransaction(tx: Executor, offer: OfferRecord, actor: Actor, now = new Date()): Promise<void> {
  const request = await approvedRequestOf(tx, offer.id);
  const leaseTerms = request?.leaseTerms ?? (await leaseTermsOfOffer(tx, { ...offer, status: 'done' })) ?? null;
  await insertPurchaseOrder(tx, {
    offerId: offer.id,
    dealerId: offer.dealerId,
    environment: offer.environment,
    employerId: request?.employerId ?? null,
    status: 'awaiting_handover',
    leaseTerms,
    createdAt: now,
    updatedAt: now,
  });
  await issuePickupCode(tx, offer, now);
  await recordOrderStep(tx, offer, actor, 'order_issued', null, 'awaiting_handover', [], now);
}
