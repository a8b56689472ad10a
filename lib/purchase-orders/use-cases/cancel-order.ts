import 'server-only';
import { findOffer } from '@/db/repositories/offers';
import { findOrderOwner, findPurchaseOrder, updatePurchaseOrder } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { badRequest, fieldError, notFound } from '@/lib/api/errors';
import { operatorActor, type Operator } from '@/lib/console/use-cases/operator';
import { assertOrderStep, recordOrderStep } from './order-steps';

/**
 * The operator withdraws an order before its handover, with a reason (1–500 characters): the order
 * becomes `canceled` and its pickup code stops working. The offer stays `done`. After the handover:
 * 409 ORDER_NOT_AWAITING_HANDOVER.
 */
export async function cancelOrder(operator: Operator, offerId: string, reason: string): Promise<void> {
  const text = reason.trim();
  if (!text || text.length > 500) badRequest([fieldError('INVALID_PARAMETER', text ? 'tooLong' : 'required', 'reason', { maximum: 500 })]);
  const owner = await findOrderOwner(getDb(), offerId);
  if (!owner) notFound();
  await getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, owner, offerId);
    if (!offer) notFound();
    const order = await findPurchaseOrder(tx, owner, offerId, { lock: true });
    assertOrderStep('cancel', order);
    await updatePurchaseOrder(tx, offerId, { status: 'canceled', cancelReason: text, pickupCodeHash: null, sandboxPickupCode: null, pickupCodeExpiresAt: null });
    await recordOrderStep(tx, offer, operatorActor(operator), 'order_canceled', 'awaiting_handover', 'canceled', [{ field: 'order.cancelReason', new: text }]);
  });
}
