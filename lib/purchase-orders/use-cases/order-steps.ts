import 'server-only';
import type { Executor } from '@/db/client';
import { insertCustomerOrderMail } from '@/db/repositories/order-notifications';
import type { OfferRecord } from '@/db/repositories/offers';
import { updatePurchaseOrder, type PurchaseOrderRow } from '@/db/repositories/purchase-orders';
import type { FieldChange } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/auth/authenticate';
import { format, orderTexts } from '@/lib/i18n/messages';
import { historyEntry, recordHistory } from '@/lib/offers/use-cases/history-entry';
import { mayTakeOrderStep, type OrderStep } from '@/lib/purchase-orders/rules/order-states';
import { newPickupCode, PICKUP_CODE_VALID_DAYS, pickupCodeHash } from '@/lib/purchase-orders/rules/pickup-code';
import type { PurchaseOrderStatus } from '@/lib/shared/model';
import { ORDER_STATUS_FIELD } from '@/lib/webhooks/events';

// What every step of an order shares: its history entry (the offer's history; a change of the
// order's status is the webhook event offer.order_changed), the refusal of a step its state does
// not allow, and a new pickup code.

export { ORDER_STATUS_FIELD };

/** Writes an order step into the offer's history (the offer's own status stays as it is). */
export async function recordOrderStep(
  tx: Executor,
  offer: Pick<OfferRecord, 'id' | 'changeSeq'>,
  actor: Actor,
  action: string,
  from: PurchaseOrderStatus | null,
  to: PurchaseOrderStatus | null,
  changes: FieldChange[] = [],
  occurredAt?: Date,
): Promise<void> {
  const status: FieldChange[] = to && from !== to ? [{ field: ORDER_STATUS_FIELD, ...(from ? { old: from } : {}), new: to }] : [];
  const entry = historyEntry(offer.id, actor, action, null, null, offer.changeSeq, [...status, ...changes]);
  await recordHistory(tx, [occurredAt ? { ...entry, occurredAt } : entry]);
}

/** Refuses `step` from the order's status: 409 with the step's own code. */
export function assertOrderStep(step: OrderStep, order: Pick<PurchaseOrderRow, 'status'> | undefined): asserts order is PurchaseOrderRow {
  if (order && mayTakeOrderStep(step, order.status)) return;
  const status = order?.status ?? 'none';
  if (step === 'hand_over' || step === 'new_pickup_code' || step === 'cancel') {
    throw new ApiError('ORDER_NOT_AWAITING_HANDOVER', { text: format(orderTexts.orderNotAwaitingHandover, { status }), details: `order status: ${status}` });
  }
  if (step === 'submit_invoice') {
    throw new ApiError('ORDER_NOT_INVOICEABLE', { text: format(orderTexts.orderNotInvoiceable, { status }), details: `order status: ${status}` });
  }
  throw new ApiError('INVOICE_NOT_OPEN', { details: `order status: ${status}` });
}

/**
 * A new pickup code for a locked order, in the caller's transaction: the old code stops working
 * and the tries start again. A production code is mailed to the employee alone (with the dealer's
 * address and what to bring); a sandbox code is kept for the dealer's answers.
 */
export async function issuePickupCode(tx: Executor, offer: Pick<OfferRecord, 'id' | 'environment' | 'customerEmail' | 'customerName'>, now: Date): Promise<void> {
  const sandbox = offer.environment === 'sandbox';
  const code = newPickupCode(sandbox);
  await updatePurchaseOrder(tx, offer.id, {
    pickupCodeHash: pickupCodeHash(code),
    sandboxPickupCode: sandbox ? code : null,
    pickupCodeSentAt: now,
    pickupCodeExpiresAt: new Date(now.getTime() + PICKUP_CODE_VALID_DAYS * 86_400_000),
    pickupCodeFailedAttempts: 0,
  });
  if (!sandbox) await insertCustomerOrderMail(tx, { kind: 'pickup_code', offerId: offer.id, mailTo: offer.customerEmail, name: offer.customerName, code });
}
