import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { call, type CallOptions } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { documentValidator, type RecordedAnswer } from './helpers/openapi-ajv';
import { offerBody } from './helpers/offers';
import { postInvoice } from './helpers/orders';
import { minimalPdf } from './helpers/pdf';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';

// Recorded answers of every /v1 operation — successes, sparse reads, 304s and errors — validated
// against the document /v1/openapi.json publishes, by Ajv (JSON Schema 2020-12) rather than by the
// zod schemas the document is made from: what a partner's generated client relies on holds.

let dealer: TestDealer;
let receiver: Receiver;
const recorded: RecordedAnswer[] = [];

async function send(method: string, path: string, options: CallOptions = {}) {
  const res = await call(method, path, { token: dealer.token, ...options });
  const url = new URL(path, 'http://spoke.invalid');
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  recorded.push({ method, url: url.pathname + url.search, status: res.status, contentType: res.headers.get('content-type') ?? '', text: res.text });
  return res;
}

beforeAll(async () => {
  dealer = await newDealer();
  receiver = await startReceiver(() => 200);
});
afterAll(() => receiver.close());

describe('answers against the published document (Ajv 2020-12)', () => {
  it('every operation’s answers, sparse reads and 304s included, validate against /v1/openapi.json', async () => {
    const docRes = await send('GET', '/v1/openapi.json', { token: undefined });
    expect(docRes.status).toBe(200);
    const validator = documentValidator(JSON.parse(docRes.text));

    // Offers: create, replay, conflicts and refusals.
    const body = offerBody();
    const created = await send('POST', '/v1/offers', { body, headers: { 'Idempotency-Key': `ajv-${body.externalOfferId}` } });
    expect(created.status).toBe(202);
    const id = created.body.data.id as string;
    await send('POST', '/v1/offers', { body, headers: { 'Idempotency-Key': `ajv-${body.externalOfferId}` } });
    await send('POST', '/v1/offers', { body });
    await send('POST', '/v1/offers', { body: { ...body, externalOfferId: undefined } });
    await send('POST', '/v1/offers', { raw: '{"a":', headers: { 'content-type': 'application/json' } });
    await send('POST', '/v1/offers/validate', { body: offerBody() });
    await send('POST', '/v1/offers/validate', { body: { customerName: 1 } });
    await send('PUT', `/v1/offers/${id}`, { body: { product: body.product, accessory: [] } });

    // Reads: whole, sparse, conditional, missing.
    const full = await send('GET', `/v1/offers/${id}`);
    await send('GET', `/v1/offers/${id}`, { query: { fields: 'offerNumber' } });
    await send('GET', `/v1/offers/${id}`, { query: { fields: 'product,status,createdAt' } });
    await send('GET', `/v1/offers/${id}`, { query: { fields: 'nope' } });
    await send('GET', `/v1/offers/${id}`, { headers: { 'If-None-Match': full.headers.get('etag')! } });
    await send('GET', '/v1/offers/00000000-0000-4000-8000-000000000000');
    const list = await send('GET', '/v1/offers', { query: { perPage: 3 } });
    await send('GET', '/v1/offers', { query: { fields: 'offerNumber,status', perPage: 3 } });
    await send('GET', '/v1/offers', { query: { fields: 'customerEmail', sortBy: 'statusChangedAt', order: 'asc' } });
    await send('GET', '/v1/offers', { query: { perPage: 3 }, headers: { 'If-None-Match': list.headers.get('etag')! } });
    await send('GET', '/v1/offers', { query: { sortBy: 'nope' } });
    const history = await send('GET', `/v1/offers/${id}/history`);
    await send('GET', `/v1/offers/${id}/history`, { headers: { 'If-None-Match': history.headers.get('etag')! } });

    // Processing, then the writes of a draft offer.
    await processOffers();
    await send('PUT', `/v1/offers/${id}`, { body: { product: { ...body.product, color: 'blue' }, accessory: [] }, headers: { 'Idempotency-Key': `ajv-put-${id}` } });
    await send('PUT', `/v1/offers/${id}`, { body: { product: body.product, accessory: [] } });
    await processOffers();
    await send('PUT', `/v1/offers/${id}/customer`, { body: { customerName: 'Erika Musterfrau', customerEmail: 'erika@example.com' } });
    await send('POST', `/v1/offers/${id}/customer-link`);
    await send('GET', '/v1/offers/accessory');
    await send('GET', '/v1/offers/categories', { query: { lang: 'en' } });

    const sandbox = (await send('POST', '/v1/offers', { body: offerBody() })).body.data.id as string;
    await processOffers();
    await send('POST', `/v1/sandbox/offers/${sandbox}/advance`);
    await send('POST', `/v1/sandbox/offers/${sandbox}/advance`, { query: { to: 'pending' } });

    // After done: the order, its handover, its invoice (multipart) and documents, the sandbox's order steps.
    for (let i = 0; i < 3; i++) await send('POST', `/v1/sandbox/offers/${sandbox}/advance`);
    const done = await send('GET', `/v1/offers/${sandbox}`);
    await send('GET', `/v1/offers/${sandbox}/order/document`);
    await send('GET', `/v1/offers/${id}/order/document`);
    await send('POST', `/v1/offers/${sandbox}/handover`, { body: { pickupCode: 'TEST-2222', frameNumber: 'WBK-1', batterySerialNumber: 'B-1' } });
    await send('POST', `/v1/offers/${sandbox}/handover`, { body: { pickupCode: done.body.data.order.pickupCode, frameNumber: 'WBK-1' } });
    const handed = await send('POST', `/v1/offers/${sandbox}/handover`, { body: { pickupCode: done.body.data.order.pickupCode, frameNumber: 'WBK-1', batterySerialNumber: 'B-1' } });
    expect(handed.status, handed.text).toBe(200);
    await send('POST', `/v1/offers/${sandbox}/handover`, { body: { pickupCode: done.body.data.order.pickupCode, frameNumber: 'WBK-1', batterySerialNumber: 'B-1' } });
    await send('GET', `/v1/offers/${sandbox}/invoice/document`);
    const invoiceFields = { invoiceNumber: `AJV-${sandbox.slice(0, 8)}`, invoiceDate: handed.body.data.order.handedOverOn, amountGross: String(done.body.data.totalPriceGross) };
    for (const [fields, document] of [
      [{ ...invoiceFields, amountGross: '1.00' }, minimalPdf()],
      [invoiceFields, minimalPdf()],
      [invoiceFields, minimalPdf()],
    ] as const) {
      const res = await postInvoice(dealer.token, sandbox, fields, document);
      recorded.push({ method: 'POST', url: `/v1/offers/${sandbox}/invoice`, status: res.status, contentType: res.headers.get('content-type') ?? '', text: res.text });
    }
    await send('GET', `/v1/offers/${sandbox}/invoice/document`);
    await send('POST', `/v1/sandbox/offers/${sandbox}/advance`, { query: { to: 'invoice_rejected' } });
    await send('POST', `/v1/sandbox/offers/${sandbox}/advance`, { query: { to: 'paid' } });
    await send('GET', '/v1/offers', { query: { orderStatus: 'invoice_rejected' } });

    // Webhooks: the whole resource and its deliveries.
    const hook = await send('POST', '/v1/webhooks', { body: { url: receiver.url } });
    expect(hook.status, hook.text).toBe(201);
    const hookId = hook.body.data.id as string;
    await send('POST', '/v1/webhooks', { body: { url: receiver.url } });
    await send('POST', '/v1/webhooks', { body: { url: 'ftp://example.com' } });
    const hooks = await send('GET', '/v1/webhooks');
    await send('GET', '/v1/webhooks', { headers: { 'If-None-Match': hooks.headers.get('etag')! } });
    const one = await send('GET', `/v1/webhooks/${hookId}`);
    await send('GET', `/v1/webhooks/${hookId}`, { headers: { 'If-None-Match': one.headers.get('etag')! } });
    await send('PATCH', `/v1/webhooks/${hookId}`, { body: { description: 'ERP' } });
    await send('POST', `/v1/webhooks/${hookId}/rotate-secret`);
    await send('POST', `/v1/webhooks/${hookId}/test`);
    await send('POST', '/v1/offers', { body: offerBody() });
    const deliveries = await send('GET', `/v1/webhooks/${hookId}/deliveries`);
    const deliveryId = deliveries.body.data[0]?.id as string;
    expect(deliveryId).toBeDefined();
    await send('GET', `/v1/webhooks/${hookId}/deliveries/${deliveryId}`);
    await send('POST', `/v1/webhooks/${hookId}/deliveries/${deliveryId}/resend`);

    await send('POST', `/v1/offers/${id}/cancel`, { query: { cancelReason: 'other' } });
    await send('POST', `/v1/offers/${id}/cancel`, { query: { cancelReason: 'not_deliverable' } });
    await send('DELETE', `/v1/webhooks/${hookId}`);

    // Refusals every operation shares.
    await send('GET', '/v1/offers', { token: 'not-a-token' });
    await send('DELETE', `/v1/offers/${id}`);
    await send('GET', '/v1/offer');

    const statuses = new Set(recorded.map((a) => a.status));
    for (const s of [200, 201, 202, 304, 400, 401, 404, 405, 406, 409]) expect(statuses, `status ${s} recorded`).toContain(s);
    const sparse = recorded.filter((a) => a.status === 200 && a.url.includes('fields=') && !a.url.includes('fields=nope'));
    expect(sparse.length).toBe(4);
    const operations = new Set(recorded.map((a) => `${a.method} ${validator.templateOf(new URL(a.url, 'http://x').pathname)}`));
    const documented = Object.entries(JSON.parse(docRes.text).paths as Record<string, Record<string, unknown>>).flatMap(([p, ms]) =>
      Object.keys(ms).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.filter((op) => op.includes('/v1/') && !operations.has(op))).toEqual([]);

    const problems = recorded.flatMap((a) => validator.problems(a).map((p) => `${a.method} ${a.url} → ${a.status}: ${p}`));
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses what the document does not allow: a full-offer read without status, an undeclared status', async () => {
    const doc = JSON.parse((await call('GET', '/v1/openapi.json')).text);
    const validator = documentValidator(doc);
    const bad = JSON.stringify({ data: { offerNumber: 'SPK-1' }, meta: {} });
    expect(validator.problems({ method: 'GET', url: '/v1/offers/00000000-0000-4000-8000-000000000000', status: 200, contentType: 'application/json', text: bad })).not.toEqual([]);
    expect(validator.problems({ method: 'GET', url: '/v1/offers', status: 418, contentType: 'application/json', text: '{}' })).not.toEqual([]);
  });
});
