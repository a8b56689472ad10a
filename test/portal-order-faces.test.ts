import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalUsers } from '@/db/schema';
import { ENV_COOKIE } from '@/lib/auth/session';
import { getDb } from '@/lib/database';
import { amountForApi, handoverBody, handoverFormSchema, invoiceFormSchema, pdfFileProblem } from '@/lib/purchase-orders/browser/order-forms';
import { dealerAction, progressSteps } from '@/lib/purchase-orders/browser/order-progress';
import { api, routeFetch } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { minimalPdf } from './helpers/pdf';
import { ORIGIN, sessionCookie } from './operator-session';

// The portal's order faces through the real route handlers with a real portal session: the order
// panel's read, the counter's handover (a wrong code says the tries left at its field), the invoice
// upload (multipart; another amount names the expected total), the invoice PDF, the list filter by
// order state; and the browser's checks of the two forms.

let dealer: TestDealer;
let cookie: string;
beforeAll(async () => {
  dealer = await newDealer();
  const suffix = randomBytes(4).toString('hex');
  const [row] = await getDb()
    .insert(portalUsers)
    .values({ email: `counter-${suffix}@dealer.example`, name: `Counter ${suffix}`, passwordHash: 'x', role: 'dealer', dealerId: dealer.dealerId })
    .returning();
  cookie = `${await sessionCookie({ id: row!.id, role: 'dealer', dealerId: dealer.dealerId, name: row!.name, email: row!.email })}; ${ENV_COOKIE}=sandbox`;
});

const headers = () => ({ origin: ORIGIN, cookie, 'accept-language': 'de' });

async function doneOffer() {
  const offer = await createOffer(dealer.token);
  for (let i = 0; i < 5; i++) expect((await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token })).status).toBe(200);
  return (await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data as Record<string, any>;
}

function upload(offerId: string, fields: Record<string, string>, pdf: Uint8Array | string = minimalPdf()) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('document', new Blob([typeof pdf === 'string' ? pdf : Buffer.from(pdf)], { type: 'application/pdf' }), 'invoice.pdf');
  return routeFetch(new Request(`http://spoke.test/api/portal/offers/${offerId}/invoice`, { method: 'POST', headers: headers(), body: form }));
}

describe('the portal’s order faces', () => {
  it('hands over at the counter, uploads the invoice, shows the timeline, the PDF and the list filter', async () => {
    const offer = await doneOffer();
    const read = await api.get(`/api/portal/offers/${offer.id}/order`, { headers: headers() });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.order).toMatchObject({ status: 'awaiting_handover', pickupCode: offer.order.pickupCode });
    expect(read.body.data.timeline.map((e: { action: string }) => e.action)).toEqual(['order_issued']);

    const wrong = await api.post(`/api/portal/offers/${offer.id}/handover`, { headers: headers(), body: { pickupCode: 'TEST-2222', frameNumber: 'WBK-1234', batterySerialNumber: 'B-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'PICKUP_CODE_INVALID', details: 'pickupCode', attemptsLeft: 4 });

    const handed = await api.post(`/api/portal/offers/${offer.id}/handover`, {
      headers: headers(),
      body: { pickupCode: offer.order.pickupCode.toLowerCase(), frameNumber: 'wbk-1234', batterySerialNumber: 'b-1' },
    });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.data.order).toMatchObject({ status: 'handed_over', frameNumber: 'WBK-1234' });
    const again = await api.post(`/api/portal/offers/${offer.id}/handover`, { headers: headers(), body: { pickupCode: 'TEST-2222', frameNumber: 'WBK-1234', batterySerialNumber: 'B-1' } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('ORDER_NOT_AWAITING_HANDOVER');

    const day = handed.body.data.order.handedOverOn as string;
    const number = `RE-${offer.id.slice(0, 8)}`;
    const mismatch = await upload(offer.id, { invoiceNumber: number, invoiceDate: day, amountGross: '1.00' });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).errors[0]).toMatchObject({ code: 'INVOICE_AMOUNT_MISMATCH', details: 'amountGross', expectedAmountGross: offer.totalPriceGross });
    const notPdf = await upload(offer.id, { invoiceNumber: number, invoiceDate: day, amountGross: String(offer.totalPriceGross) }, 'just text, no PDF at all, really not');
    expect(notPdf.status).toBe(400);
    expect((await notPdf.json()).errors[0].details).toBe('document');

    const sent = await upload(offer.id, { invoiceNumber: number, invoiceDate: day, amountGross: amountForApi(String(offer.totalPriceGross).replace('.', ','), 'de')! });
    const body = await sent.json();
    expect(sent.status, JSON.stringify(body)).toBe(201);
    expect(body.data.order).toMatchObject({ status: 'invoiced', invoice: { invoiceNumber: number, status: 'submitted' } });

    const pdf = await routeFetch(new Request(`http://spoke.test/portal/offers/${offer.id}/invoice`, { headers: headers() }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const timeline = await api.get(`/api/portal/offers/${offer.id}/order`, { headers: headers() });
    expect(timeline.body.data.timeline.map((e: { action: string }) => e.action)).toEqual(['order_issued', 'handed_over', 'invoice_submitted']);

    const invoiced = await api.get('/v1/offers', { token: dealer.token, query: { orderStatus: 'invoiced', perPage: 100 } });
    expect(invoiced.body.data.map((o: { id: string }) => o.id)).toContain(offer.id);
    const toHandOver = await api.get('/v1/offers', { token: dealer.token, query: { orderStatus: 'awaiting_handover', perPage: 100 } });
    expect(toHandOver.body.data.map((o: { id: string }) => o.id)).not.toContain(offer.id);
  });

  it('refuses another dealer’s offer and a visitor without a session', async () => {
    const other = await newDealer();
    const foreign = await createOffer(other.token);
    const read = await api.get(`/api/portal/offers/${foreign.id}/order`, { headers: headers() });
    expect(read.status).toBe(404);
    const anonymous = await api.post(`/api/portal/offers/${foreign.id}/handover`, { headers: { origin: ORIGIN }, body: { pickupCode: 'x', frameNumber: 'WBK-1234' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('the counter forms’ checks in the browser', () => {
  const now = new Date('2026-06-10T10:00:00Z');
  it('requires the battery of an e-bike only, and no handover in the future', () => {
    const eBike = handoverFormSchema('102020', now);
    const bike = handoverFormSchema('101000', now);
    const base = { pickupCode: 'k7pm 3xqd', frameNumber: 'WBK-1234', batterySerialNumber: '', handedOverOn: '2026-06-10' };
    expect(eBike.safeParse(base).error?.issues.map((i) => i.message)).toEqual(['v_batteryRequired']);
    expect(bike.safeParse(base).success).toBe(true);
    expect(bike.safeParse({ ...base, handedOverOn: '2026-06-11' }).error?.issues.map((i) => i.message)).toEqual(['v_handoverFuture']);
    expect(bike.safeParse({ ...base, pickupCode: 'K7PM-3XQ' }).error?.issues.map((i) => i.message)).toEqual(['v_pickupCodeForm']);
    expect(handoverBody(base)).toEqual({ pickupCode: 'k7pm 3xqd', frameNumber: 'WBK-1234', handedOverOn: '2026-06-10' });
  });

  it('reads the amount the German way and refuses what it cannot read', () => {
    expect(amountForApi('5.000,00', 'de')).toBe('5000.00');
    expect(amountForApi('5000', 'de')).toBe('5000.00');
    expect(amountForApi('5000,00', 'de')).toBe('5000.00');
    expect(amountForApi('3.693,75 €', 'de')).toBe('3693.75');
    expect(amountForApi('5.00', 'de')).toBeNull();
    expect(amountForApi('-5', 'de')).toBeNull();
    const schema = invoiceFormSchema('de', now);
    const file = new File([minimalPdf() as BlobPart], 'r.pdf', { type: 'application/pdf' });
    expect(schema.safeParse({ invoiceNumber: 'R-1', invoiceDate: '2026-06-10', amountGross: '5.000,00', document: [file] }).success).toBe(true);
    const bad = schema.safeParse({ invoiceNumber: '', invoiceDate: '2026-06-11', amountGross: '5.00', document: [] });
    expect(bad.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`).sort()).toEqual(
      ['amountGross:v_amountForm', 'document:v_documentRequired', 'invoiceDate:v_invoiceDateFuture', 'invoiceNumber:v_invoiceNumberRequired'].sort(),
    );
    expect(pdfFileProblem({ name: 'photo.jpg', type: 'image/jpeg', size: 10 })).toBe('v_documentPdf');
    expect(pdfFileProblem({ name: 'r.pdf', type: 'application/pdf', size: 6 * 1024 * 1024 })).toBe('v_documentTooLarge');
  });

  it('shows the steps done and the dealer’s next action', () => {
    expect(progressSteps('invoice_rejected').map((s) => s.state)).toEqual(['done', 'done', 'current', 'todo', 'todo']);
    expect(progressSteps('paid').every((s) => s.state === 'done')).toBe(true);
    expect(dealerAction('awaiting_handover')).toBe('hand_over');
    expect(dealerAction('invoice_rejected')).toBe('correct_invoice');
    expect(dealerAction('paid')).toBe('none');
  });
});
