import 'server-only';
import type { Executor } from '@/db/client';
import { findOffer, type OfferRecord } from '@/db/repositories/offers';
import { findOrderOwner, findPurchaseOrder } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import { operatorActor, type Operator } from '@/lib/console/use-cases/operator';
import { assertOrderStep, issuePickupCode, recordOrderStep } from './order-steps';

// A new pickup code for an order awaiting its handover: the old code stops working and the tries
// start again. The operator issues one (the console), and the employee asks for one on the page of
// the offer document's QR code (/order/link, under the customer links' quotas: customer-link.ts).

/** Issues a new code of the tenant's locked order in the caller's transaction, with its history entry (no status change). */
export async function newPickupCodeInTransaction(tx: Executor, tenant: Tenant, offer: OfferRecord, actor: Actor, now = new Date()): Promise<void> {
  const order = await findPurchaseOrder(tx, tenant, offer.id, { lock: true });
  assertOrderStep('new_pickup_code', order);
  await issuePickupCode(tx, offer, now);
  await recordOrderStep(tx, offer, actor, 'pickup_code_issued', null, null, [{ field: 'order.pickupCodeSentAt', new: now.toISOString() }]);
}

/** The operator issues a new pickup code (mailed to the employee); 409 ORDER_NOT_AWAITING_HANDOVER after the handover. */
export async function issueNewPickupCode(operator: Operator, offerId: string): Promise<void> {
  const owner = await findOrderOwner(getDb(), offerId);
  if (!owner) notFound();
  await getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, owner, offerId, { lock: true });
    if (!offer) notFound();
    await newPickupCodeInTransaction(tx, owner, offer, operatorActor(operator));
  });
}

/** Whether the tenant's offer has an order that awaits its handover (the link page's choice). */
export async function awaitsHandover(db: Executor, tenant: Tenant, offerId: string): Promise<boolean> {
  return (await findPurchaseOrder(db, tenant, offerId))?.status === 'awaiting_handover';
}
