import { beforeAll, describe, expect, it } from 'vitest';
import { handOver } from '@/lib/purchase-orders/use-cases/handover';
import { submitInvoice } from '@/lib/purchase-orders/use-cases/invoice';
import { payoutCsv } from '@/lib/purchase-orders/use-cases/payout-export-face';
import { api, routeFetch } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { minimalPdf } from './helpers/pdf';
import { consoleHeaders, demoUser, ORIGIN, sessionCookie } from './operator-session';

// The console's order faces through the real route handlers with a real operator session: the
// invoice queue with its checks, reject with reasons (the dealer reads them in its language),
// approve, the payout run and its CSV and Excel lists, the invoice PDF, and on the offer page the
// order with its timeline, a new pickup code and cancelling before the handover. Dealers get 403.

let dealer: TestDealer;
let headers: Record<string, string>;
beforeAll(async () => {
  dealer = await newDealer();
  headers = { ...(await consoleHeaders(await demoUser('operator@example.com'))), 'accept-language': 'de' };
});

const tenant = () => ({ dealerId: dealer.dealerId, environment: 'sandbox' as const });
const actor = { type: 'client' as const, id: 'test' };

async function doneOffer() {
  const offer = await createOffer(dealer.token);
  for (let i = 0; i < 5; i++) expect((await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token })).status).toBe(200);
  return (await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data as Record<string, any>;
}

async function invoicedOffer() {
  const offer = await doneOffer();
  const handed = await handOver(tenant(), actor, offer.id, { pickupCode: offer.order.pickupCode, frameNumber: 'WBK-7777', batterySerialNumber: 'B-7' }, 'de');
  const number = `RE-${offer.id.slice(0, 8)}`;
  await submitInvoice(tenant(), actor, offer.id, { invoiceNumber: number, invoiceDate: handed.order!.handedOverOn!, amountGross: String(offer.totalPriceGross), document: minimalPdf() }, 'de');
  return { offer, number };
}

async function queued(offerId: string) {
  const res = await api.get('/api/console/invoices', { headers, query: { environment: 'sandbox' } });
  expect(res.status, res.text).toBe(200);
  return (res.body.data.rows as { offerId: string; invoiceId: string; checks: Record<string, boolean> }[]).find((r) => r.offerId === offerId);
}

describe('the console’s invoice check and payout', () => {
  it('rejects with reasons, approves the correction, pays it out and lists it as CSV and Excel', async () => {
    const { offer, number } = await invoicedOffer();
    const row = (await queued(offer.id))!;
    expect(row.checks).toEqual({ amount: true, frameNumber: true, dates: true });

    const pdf = await routeFetch(new Request(`http://spoke.test/console/invoices/${row.invoiceId}/document`, { headers }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const noReason = await api.post(`/api/console/invoices/${row.invoiceId}/reject`, { headers, body: { lang: 'de', reasons: [] } });
    expect(noReason.status).toBe(400);
    const rejected = await api.post(`/api/console/invoices/${row.invoiceId}/reject`, {
      headers,
      body: { lang: 'de', reasons: [{ code: 'INVOICE_RECIPIENT_WRONG', text: 'Bitte an die Leasing GmbH' }] },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(await queued(offer.id)).toBeUndefined();
    const dealerView = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token, headers: { 'accept-language': 'en' } });
    expect(dealerView.body.data.order.invoice.errors[0]).toMatchObject({ code: 'INVOICE_RECIPIENT_WRONG' });
    expect(dealerView.body.data.order.invoice.errors[0].message).toMatch(/not addressed/);

    const handedOverOn = dealerView.body.data.order.handedOverOn as string;
    await submitInvoice(tenant(), actor, offer.id, { invoiceNumber: number, invoiceDate: handedOverOn, amountGross: String(offer.totalPriceGross), document: minimalPdf() }, 'de');
    const again = (await queued(offer.id))!;
    const approved = await api.post(`/api/console/invoices/${again.invoiceId}/approve`, { headers });
    expect(approved.status, approved.text).toBe(200);
    const twice = await api.post(`/api/console/invoices/${again.invoiceId}/approve`, { headers });
    expect(twice.status).toBe(409);

    const run = await api.post('/api/console/payouts', { headers, body: { environment: 'sandbox' } });
    expect(run.status, run.text).toBe(201);
    const payout = run.body.data as { id: string; reference: string; lines: { offerId: string }[] };
    expect(payout.lines.map((l) => l.offerId)).toContain(offer.id);
    const nothing = await api.post('/api/console/payouts', { headers, body: { environment: 'sandbox' } });
    expect(nothing.body.data).toBeNull();
    const runs = await api.get('/api/console/payouts', { headers });
    expect(runs.body.data.map((r: { id: string }) => r.id)).toContain(payout.id);

    const csv = await routeFetch(new Request(`http://spoke.test/console/payouts/${payout.id}/export?format=csv`, { headers }));
    expect(csv.status).toBe(200);
    // (The test's dispatcher reads answers as text, which drops the byte order mark: checked below.)
    const text = await csv.text();
    expect(text).toContain('Händler;Rechnungsnummer');
    expect(text).toContain(`;${number};`);
    expect(text).toContain(payout.reference);
    const xlsx = await routeFetch(new Request(`http://spoke.test/console/payouts/${payout.id}/export?format=xlsx`, { headers }));
    expect(xlsx.status).toBe(200);
    expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString('latin1')).toBe('PK');

    const paid = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(paid.body.data.order).toMatchObject({ status: 'paid', invoice: { status: 'paid', payoutReference: payout.reference } });
  });

  it('writes German amounts and dates in the German CSV, English ones in the English', () => {
    const payout = {
      id: 'p',
      createdAt: new Date(),
      createdBy: 'op',
      paidOn: '2026-12-31',
      reference: 'SPK-PAY-2026-0001',
      totalGross: 5000,
      lines: [{ invoiceId: 'i', offerId: 'o', offerNumber: 'A-1', dealerId: 'd', dealerName: 'Rad; GmbH', invoiceNumber: '=R1', invoiceDate: '2026-12-30', amountGross: '5000.00', paidOn: '2026-12-31', reference: 'SPK-PAY-2026-0001' }],
    };
    expect(payoutCsv(payout, 'de').charCodeAt(0)).toBe(0xfeff);
    const de = payoutCsv(payout, 'de').split('\r\n');
    expect(de[1]).toBe(`"Rad; GmbH";'=R1;A-1;30.12.2026;5.000,00;SPK-PAY-2026-0001;31.12.2026`);
    expect(de[2]).toBe('Summe;;;;5.000,00;SPK-PAY-2026-0001;31.12.2026');
    expect(payoutCsv(payout, 'en').split('\r\n')[1]).toBe(`Rad; GmbH,'=R1,A-1,30/12/2026,"5,000.00",SPK-PAY-2026-0001,31/12/2026`);
  });
});

describe('the order on the console’s offer page', () => {
  it('shows the order and its timeline, issues a new pickup code and cancels before the handover only', async () => {
    const offer = await doneOffer();
    const read = await api.get(`/api/console/offers/${offer.id}/order`, { headers });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.order.status).toBe('awaiting_handover');

    const code = await api.post(`/api/console/offers/${offer.id}/order/pickup-code`, { headers });
    expect(code.status, code.text).toBe(201);
    const after = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(after.body.data.order.pickupCode).not.toBe(offer.order.pickupCode);

    const empty = await api.post(`/api/console/offers/${offer.id}/order/cancel`, { headers, body: { reason: '  ' } });
    expect(empty.status).toBe(400);
    const canceled = await api.post(`/api/console/offers/${offer.id}/order/cancel`, { headers, body: { reason: 'Fahrrad nicht lieferbar' } });
    expect(canceled.status, canceled.text).toBe(200);
    const timeline = await api.get(`/api/console/offers/${offer.id}/order`, { headers });
    expect(timeline.body.data.order).toMatchObject({ status: 'canceled', cancelReason: 'Fahrrad nicht lieferbar' });
    expect(timeline.body.data.timeline.map((e: { action: string }) => e.action)).toEqual(['order_issued', 'pickup_code_issued', 'order_canceled']);
    const late = await api.post(`/api/console/offers/${offer.id}/order/pickup-code`, { headers });
    expect(late.status).toBe(409);
  });

  it('is the operator’s only: a dealer’s session gets 403, its file links send it to sign in', async () => {
    const dealerUser = await demoUser('dealer@example.com');
    const dealerHeaders = { cookie: await sessionCookie(dealerUser), origin: ORIGIN };
    expect((await api.get('/api/console/invoices', { headers: dealerHeaders })).status).toBe(403);
    expect((await api.post('/api/console/payouts', { headers: dealerHeaders, body: {} })).status).toBe(403);
    const file = await routeFetch(new Request('http://spoke.test/console/payouts/00000000-0000-4000-8000-000000000000/export', { headers: dealerHeaders }));
    expect(file.status).toBe(303);
  });
});
