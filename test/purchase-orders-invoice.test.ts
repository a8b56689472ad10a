import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { webhookDeliveries } from '@/db/schema';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { doneSandboxOffer, handover, postInvoice } from './helpers/orders';
import { minimalPdf } from './helpers/pdf';

// POST /v1/offers/{id}/invoice and the sandbox's operator steps on the invoice: the amount to the
// cent, the PDF by its content and size, the number once per dealer, the correction, the events.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
  const hook = await api.post('/v1/webhooks', { token: dealer.token, body: { url: 'http://127.0.0.1:9/hook' } });
  expect(hook.status, hook.text).toBe(201);
});

async function handedOver() {
  const offer = await doneSandboxOffer(dealer.token);
  const res = await handover(dealer.token, offer.id, { pickupCode: offer.order.pickupCode, frameNumber: 'WBK-1', batterySerialNumber: 'B-1' });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, any>;
}

const number = () => `RE-${Math.random().toString(36).slice(2, 10)}`;
const fieldsOf = (offer: Record<string, any>, over: Record<string, string> = {}) => ({
  invoiceNumber: number(),
  invoiceDate: offer.order.handedOverOn as string,
  amountGross: String(offer.totalPriceGross),
  ...over,
});

describe('the invoice', () => {
  it('is refused before the handover, off by a cent, not a PDF, over 5 MB, dated before the handover or in the future', async () => {
    const done = await doneSandboxOffer(dealer.token);
    const early = await postInvoice(dealer.token, done.id, fieldsOf({ ...done, order: { handedOverOn: '2026-01-01' } }), minimalPdf());
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('ORDER_NOT_INVOICEABLE');

    const offer = await handedOver();
    const cent = await postInvoice(dealer.token, offer.id, fieldsOf(offer, { amountGross: (offer.totalPriceGross - 0.01).toFixed(2) }), minimalPdf());
    expect(cent.status).toBe(400);
    expect(cent.body.errors[0]).toMatchObject({ code: 'INVOICE_AMOUNT_MISMATCH', details: 'amountGross', expectedAmountGross: offer.totalPriceGross });
    expect(cent.body.errors[0].translations.de).toContain('3.693,75');

    const text = await postInvoice(dealer.token, offer.id, fieldsOf(offer), new TextEncoder().encode('%PDF-1.4 but nothing of a PDF follows'));
    expect(text.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'document' });
    const png = await postInvoice(dealer.token, offer.id, fieldsOf(offer), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]));
    expect(png.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'document' });
    const big = await postInvoice(dealer.token, offer.id, fieldsOf(offer), minimalPdf(`/Padding (${'x'.repeat(5 * 1024 * 1024)}) `));
    expect(big.status).toBe(400);
    expect(big.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'document' });
    const missing = await postInvoice(dealer.token, offer.id, fieldsOf(offer));
    expect(missing.body.errors[0]).toMatchObject({ code: 'MISSING_PARAMETER', details: 'document' });
    const before = await postInvoice(dealer.token, offer.id, fieldsOf(offer, { invoiceDate: '2020-01-01' }), minimalPdf());
    expect(before.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'invoiceDate' });
    const future = await postInvoice(dealer.token, offer.id, fieldsOf(offer, { invoiceDate: '2999-01-01' }), minimalPdf());
    expect(future.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'invoiceDate' });
    const json = await api.post(`/v1/offers/${offer.id}/invoice`, { token: dealer.token, body: fieldsOf(offer) });
    expect(json.body.errors[0].code).toBe('INVALID_REQUEST');
    expect((await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.order.status).toBe('handed_over');
  });

  it('takes an invoice once per number, gives back its PDF, and after a rejection its correction under the same number', async () => {
    const first = await handedOver();
    const second = await handedOver();
    const fields = fieldsOf(first);
    const pdf = minimalPdf();
    const sent = await postInvoice(dealer.token, first.id, fields, pdf);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.data.order).toMatchObject({ status: 'invoiced', invoice: { invoiceNumber: fields.invoiceNumber, status: 'submitted', amountGross: first.totalPriceGross } });
    const doc = await api.get(`/v1/offers/${first.id}/invoice/document`, { token: dealer.token });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toBe('application/pdf');

    const again = await postInvoice(dealer.token, second.id, fieldsOf(second, { invoiceNumber: fields.invoiceNumber }), pdf);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'CONFLICT', details: 'invoiceNumber' });

    const rejected = await api.post(`/v1/sandbox/offers/${first.id}/advance`, { token: dealer.token, query: { to: 'invoice_rejected' } });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.data.order).toMatchObject({ status: 'invoice_rejected', invoice: { status: 'rejected', errors: [{ code: 'INVOICE_OTHER' }] } });
    const corrected = await postInvoice(dealer.token, first.id, fields, pdf);
    expect(corrected.status, corrected.text).toBe(201);
    expect(corrected.body.data.order.status).toBe('invoiced');
  });

  it('is approved and paid in the sandbox (paid passes through approved), each change an offer.order_changed event', async () => {
    const offer = await handedOver();
    expect((await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token, query: { to: 'paid' } })).body.errors[0].code).toBe('INVOICE_NOT_OPEN');
    expect((await postInvoice(dealer.token, offer.id, fieldsOf(offer), minimalPdf())).status).toBe(201);
    const paid = await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token, query: { to: 'paid' } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.order.invoice).toMatchObject({ status: 'paid', payoutReference: expect.stringMatching(/^TEST-PAY-/) });
    expect(paid.body.data.order.invoice.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const history = (await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token, query: { perPage: 100 } })).body.data.reverse();
    expect(history.map((h: any) => h.action).slice(-6)).toEqual(['operator_approve', 'order_issued', 'handed_over', 'invoice_submitted', 'invoice_approved', 'invoice_paid']);
    const events = await getDb().select().from(webhookDeliveries).where(inArray(webhookDeliveries.offerId, [offer.id]));
    const orderEvents = events.filter((e) => e.eventType === 'offer.order_changed').sort((a, b) => a.seq - b.seq);
    expect(orderEvents.map((e) => e.data.order?.newStatus)).toEqual(['awaiting_handover', 'handed_over', 'invoiced', 'approved', 'paid']);
    expect(orderEvents.every((e) => e.data.newStatus === 'done')).toBe(true);
    const delivery = await api.get(`/v1/webhooks/${events[0]!.endpointId}/deliveries/${orderEvents[4]!.id}`, { token: dealer.token });
    expect(delivery.status, delivery.text).toBe(200);

    const second = await handedOver();
    expect((await postInvoice(dealer.token, second.id, fieldsOf(second), minimalPdf())).status).toBe(201);
    const approved = await api.post(`/v1/sandbox/offers/${second.id}/advance`, { token: dealer.token, query: { to: 'approved' } });
    expect(approved.body.data.order).toMatchObject({ status: 'approved', invoice: { status: 'approved' } });
    const listed = await api.get('/v1/offers', { token: dealer.token, query: { orderStatus: 'approved,paid', perPage: 100 } });
    expect(listed.body.data.map((o: any) => o.id).sort()).toEqual([offer.id, second.id].sort());
    expect((await api.get('/v1/offers', { token: dealer.token, query: { orderStatus: 'bogus' } })).status).toBe(400);
  });
});
