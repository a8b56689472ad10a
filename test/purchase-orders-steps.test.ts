import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { findPurchaseOrder } from '@/db/repositories/purchase-orders';
import { handOver } from '@/lib/purchase-orders/use-cases/handover';
import { submitInvoice } from '@/lib/purchase-orders/use-cases/invoice';
import { approveInvoice, listInvoicesToCheck, rejectInvoice } from '@/lib/purchase-orders/use-cases/operator-invoices';
import { runPayout } from '@/lib/purchase-orders/use-cases/payouts';
import { cancelOrder } from '@/lib/purchase-orders/use-cases/cancel-order';
import { orderWithTimeline, listOffersByOrderState } from '@/lib/purchase-orders/use-cases/read-order';
import { issueNewPickupCode } from '@/lib/purchase-orders/use-cases/pickup-codes';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { demoOperator } from './operator-session';
import { minimalPdf } from './helpers/pdf';

// The order's steps through the use cases the portal and the console call: issued by the sandbox's
// simulated approval, handed over with the code, invoiced, rejected, corrected, approved, paid.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

async function doneOffer(token = dealer.token) {
  const offer = await createOffer(token);
  for (let i = 0; i < 5; i++) {
    const res = await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token });
    expect(res.status, res.text).toBe(200);
  }
  const read = await api.get(`/v1/offers/${offer.id}`, { token });
  expect(read.body.data.status.current.code).toBe('done');
  return read.body.data as Record<string, any>;
}

const tenantOf = (d: TestDealer) => ({ dealerId: d.dealerId, environment: 'sandbox' as const });
const actor = { type: 'client' as const, id: 'test' };

describe('the order after done (use cases)', () => {
  it('is issued by the approval, handed over, invoiced, rejected, corrected, approved and paid', async () => {
    const offer = await doneOffer();
    expect(offer.order).toMatchObject({ status: 'awaiting_handover' });
    expect(offer.order.pickupCode).toMatch(/^TEST-[2-9A-HJKMNP-Z]{4}$/);
    const typed = ` ${offer.order.pickupCode.toLowerCase().replace('-', ' - ')} `;
    const handed = await handOver(tenantOf(dealer), actor, offer.id, { pickupCode: typed, frameNumber: 'wbk-12345', batterySerialNumber: 'BAT-1' }, 'en');
    expect(handed.order).toMatchObject({ status: 'handed_over', frameNumber: 'WBK-12345' });
    expect(handed.order!.pickupCode).toBeUndefined();
    expect(handed.order!.leaseStart).toMatch(/^\d{4}-\d{2}-01$/);

    const pdf = minimalPdf();
    const invoiced = await submitInvoice(tenantOf(dealer), actor, offer.id, { invoiceNumber: `R-${offer.id.slice(0, 8)}`, invoiceDate: handed.order!.handedOverOn!, amountGross: String(offer.totalPriceGross), document: pdf }, 'en');
    expect(invoiced.order!.invoice).toMatchObject({ status: 'submitted', amountGross: offer.totalPriceGross });

    const operator = await demoOperator();
    const queue = await listInvoicesToCheck({ environment: 'sandbox', dealerId: dealer.dealerId });
    const row = queue.rows.find((r) => r.offerId === offer.id)!;
    expect(row.checks).toEqual({ amount: true, frameNumber: true, dates: true });
    await rejectInvoice(operator, row.invoiceId, { reasons: [{ code: 'INVOICE_RECIPIENT_WRONG', text: 'Bitte an uns adressieren' }], lang: 'de' });
    const rejected = await orderWithTimeline(tenantOf(dealer), offer.id, 'de');
    expect(rejected.order).toMatchObject({ status: 'invoice_rejected', invoice: { status: 'rejected' } });
    expect(rejected.order!.invoice!.errors![0]!.message).toContain('Bitte an uns adressieren');
    const toCorrect = await listOffersByOrderState(tenantOf(dealer), 'invoice_rejected', 'en');
    expect(toCorrect.data.map((o) => o.id)).toContain(offer.id);

    // The corrected invoice may carry the rejected one's number.
    await submitInvoice(tenantOf(dealer), actor, offer.id, { invoiceNumber: `R-${offer.id.slice(0, 8)}`, invoiceDate: handed.order!.handedOverOn!, amountGross: String(offer.totalPriceGross), document: pdf }, 'en');
    const again = (await listInvoicesToCheck({ environment: 'sandbox', dealerId: dealer.dealerId })).rows.find((r) => r.offerId === offer.id)!;
    await approveInvoice(operator, again.invoiceId);
    const payout = await runPayout(operator, { environment: 'sandbox' });
    expect(payout!.lines.map((l) => l.offerId)).toContain(offer.id);
    const paid = await orderWithTimeline(tenantOf(dealer), offer.id, 'en');
    expect(paid.order).toMatchObject({ status: 'paid', invoice: { status: 'paid', payoutReference: payout!.reference } });
    expect(paid.timeline.map((t) => t.action)).toEqual([
      'order_issued',
      'handed_over',
      'invoice_submitted',
      'invoice_rejected',
      'invoice_corrected',
      'invoice_approved',
      'invoice_paid',
    ]);
  });

  it('gives a new code (the old one stops working) and cancels before the handover only', async () => {
    const offer = await doneOffer();
    const operator = await demoOperator();
    await issueNewPickupCode(operator, offer.id);
    const order = await findPurchaseOrder(getDb(), tenantOf(dealer), offer.id);
    expect(order!.sandboxPickupCode).not.toBe(offer.order.pickupCode.replace('-', ''));
    await expect(handOver(tenantOf(dealer), actor, offer.id, { pickupCode: offer.order.pickupCode, frameNumber: 'F-1234', batterySerialNumber: 'B1' }, 'en')).rejects.toMatchObject({ code: 'PICKUP_CODE_INVALID' });
    await cancelOrder(operator, offer.id, 'Kunde hat storniert');
    const canceled = await orderWithTimeline(tenantOf(dealer), offer.id, 'en');
    expect(canceled.order).toMatchObject({ status: 'canceled', cancelReason: 'Kunde hat storniert' });
    await expect(cancelOrder(operator, offer.id, 'again')).rejects.toMatchObject({ code: 'ORDER_NOT_AWAITING_HANDOVER' });
  });
});
