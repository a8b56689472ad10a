import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, webhookDeliveries } from '@/db/schema';
import { claimIdempotencyKey } from '@/db/repositories/idempotency';
import { getDb } from '@/lib/database';
import { requestFingerprint } from '@/lib/offers/use-cases/idempotent';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';

// Every write of /v1 is safe to retry (docs/contract.md, "Every write is retryable"): with
// an Idempotency-Key, a retry of the same request answers the first answer and repeats nothing —
// no second secret, rotation, mail, delivery, ping or step; another request under the key is 409.

let dealer: TestDealer;
let receiver: Receiver;
const dealerTenant = () => ({ dealerId: dealer.dealerId, environment: 'sandbox' as const });
beforeAll(async () => {
  dealer = await newDealer();
  receiver = await startReceiver(() => 200);
});
afterAll(() => receiver.close());

const post = (path: string, key: string, options: { body?: unknown; query?: Record<string, string> } = {}) =>
  api.post(path, { token: dealer.token, ...options, headers: { 'Idempotency-Key': key } });
const history = async (id: string) =>
  ((await api.get(`/v1/offers/${id}/history`, { token: dealer.token, query: { perPage: 100 } })).body.data as { action: string }[]).map((h) => h.action);

async function draftOffer() {
  const offer = await createOffer(dealer.token);
  await processOffers({ ids: [offer.id] });
  return offer;
}

describe('Idempotency-Key on the webhook writes', () => {
  it('registration: the retry gets the first answer, the secret shown once included; no second endpoint; no secret at rest in the clear', async () => {
    const key = `hook-${Date.now()}`;
    const first = await post('/v1/webhooks', key, { body: { url: receiver.url, description: 'ERP' } });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('spoke-idempotent-replayed')).toBe('false');
    const retry = await post('/v1/webhooks', key, { body: { description: 'ERP', url: receiver.url } });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('spoke-idempotent-replayed')).toBe('true');
    expect(retry.headers.get('location')).toBe(`/v1/webhooks/${first.body.data.id}`);
    expect(retry.body).toEqual(first.body);
    expect(retry.body.data.secret).toMatch(/^whsec_/);
    expect((await api.get('/v1/webhooks', { token: dealer.token })).body.meta.totalCount).toBe(1);

    const [stored] = await getDb()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.dealerId, dealer.dealerId), eq(idempotencyKeys.key, key)));
    expect(JSON.stringify(stored!.responseBody)).not.toContain(first.body.data.secret);

    const other = await post('/v1/webhooks', key, { body: { url: `${receiver.url}/other` } });
    expect(other.status).toBe(409);
    expect(other.body.errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Without a key, a second registration of the URL is the conflict, naming the endpoint that has it.
    const twice = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ code: 'CONFLICT', webhookId: first.body.data.id });
    expect(twice.body.errors[0].details).toContain(first.body.data.id);
  });

  it('rotate-secret, test, resend: a retry rotates, pings and resends nothing again', async () => {
    const hook = (await api.post('/v1/webhooks', { token: dealer.token, body: { url: `${receiver.url}/rotate` } })).body.data;
    const rotated = await post(`/v1/webhooks/${hook.id}/rotate-secret`, `rot-${hook.id}`);
    expect(rotated.status, rotated.text).toBe(200);
    const again = await post(`/v1/webhooks/${hook.id}/rotate-secret`, `rot-${hook.id}`);
    expect(again.headers.get('spoke-idempotent-replayed')).toBe('true');
    // The receiver's secret keeps verifying: the retry answered the first rotation's secret.
    expect(again.body.data.secret).toBe(rotated.body.data.secret);
    expect(again.body.data.secret).not.toBe(hook.secret);
    const otherHours = await post(`/v1/webhooks/${hook.id}/rotate-secret`, `rot-${hook.id}`, { query: { keepPreviousHours: '1' } });
    expect(otherHours.status).toBe(409);

    const pings = receiver.received.length;
    const tested = await post(`/v1/webhooks/${hook.id}/test`, `test-${hook.id}`);
    expect(tested.status, tested.text).toBe(200);
    await post(`/v1/webhooks/${hook.id}/test`, `test-${hook.id}`);
    expect(receiver.received.length).toBe(pings + 1);

    await createOffer(dealer.token);
    const deliveries = (await api.get(`/v1/webhooks/${hook.id}/deliveries`, { token: dealer.token })).body;
    const deliveryId = deliveries.data[0].id as string;
    // Delivered (a pending delivery's resend only makes it due now): a resend is a new delivery.
    await getDb().update(webhookDeliveries).set({ status: 'delivered', deliveredAt: new Date() }).where(eq(webhookDeliveries.id, deliveryId));
    const resent = await post(`/v1/webhooks/${hook.id}/deliveries/${deliveryId}/resend`, `resend-${deliveryId}`);
    expect(resent.status, resent.text).toBe(202);
    const resentAgain = await post(`/v1/webhooks/${hook.id}/deliveries/${deliveryId}/resend`, `resend-${deliveryId}`);
    expect(resentAgain.body.data.id).toBe(resent.body.data.id);
    expect(resentAgain.headers.get('location')).toBe(resent.headers.get('location'));
    const after = (await api.get(`/v1/webhooks/${hook.id}/deliveries`, { token: dealer.token })).body.meta.totalCount;
    expect(after).toBe(deliveries.meta.totalCount + 1);
  });
});

describe('Idempotency-Key on the offer writes', () => {
  it('sandbox advance: a retry takes no second step', async () => {
    const offer = await draftOffer();
    const step = await post(`/v1/sandbox/offers/${offer.id}/advance`, `adv-${offer.id}`);
    expect(step.status, step.text).toBe(200);
    expect(step.body.data.status.current.code).toBe('order_journey_started');
    const retry = await post(`/v1/sandbox/offers/${offer.id}/advance`, `adv-${offer.id}`);
    expect(retry.body).toEqual(step.body);
    expect((await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.status.current.code).toBe('order_journey_started');
    expect((await post(`/v1/sandbox/offers/${offer.id}/advance`, `adv-${offer.id}`, { query: { to: 'canceled' } })).status).toBe(409);
  });

  it('customer link: a retry sends no second link', async () => {
    const offer = await draftOffer();
    const sent = await post(`/v1/offers/${offer.id}/customer-link`, `link-${offer.id}`);
    expect(sent.status, sent.text).toBe(201);
    const retry = await post(`/v1/offers/${offer.id}/customer-link`, `link-${offer.id}`);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(sent.body);
    expect((await history(offer.id)).filter((a) => a === 'customer_link_sent')).toHaveLength(1);
  });

  it('an error is not kept: the key is free for the retry, which then runs', async () => {
    const offer = await createOffer(dealer.token);
    // Pending: no link can be sent yet (409); the same key later sends it.
    const early = await post(`/v1/offers/${offer.id}/customer-link`, `late-${offer.id}`);
    expect(early.status).toBe(409);
    await processOffers({ ids: [offer.id] });
    const later = await post(`/v1/offers/${offer.id}/customer-link`, `late-${offer.id}`);
    expect(later.status, later.text).toBe(201);
    expect(later.headers.get('spoke-idempotent-replayed')).toBe('false');
  });

  it('a retry while the first request runs is 409 IDEMPOTENCY_KEY_IN_USE with Retry-After; a claim its request left behind is taken over', async () => {
    const offer = await draftOffer();
    const key = `running-${offer.id}`;
    const path = `/v1/sandbox/offers/${offer.id}/advance`;
    const hash = requestFingerprint({ method: 'POST', path, request: { to: undefined } });
    // The first request's claim, as it stands while its write runs.
    expect(await claimIdempotencyKey(getDb(), dealerTenant(), { key, requestHash: hash }, 120)).toBeUndefined();
    const retry = await post(path, key);
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body.errors[0].code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(retry.headers.get('retry-after')).toBe('1');
    expect((await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.status.current.code).toBe('draft');
    // Its request died: after the abandonment time the key is claimed again and the step taken once.
    await getDb().execute(sql`update ${idempotencyKeys} set created_at = now() - interval '10 minutes' where key = ${key}`);
    const later = await post(path, key);
    expect(later.status, later.text).toBe(200);
    expect(later.body.data.status.current.code).toBe('order_journey_started');
    expect((await post(path, key)).headers.get('spoke-idempotent-replayed')).toBe('true');
  });

  it('the document declares Idempotency-Key on every POST, PUT and PATCH of /v1', async () => {
    const doc = (await api.get('/v1/openapi.json')).body;
    const parameters = doc.components.parameters as Record<string, { name: string }>;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: { $ref?: string; name?: string }[]; responses: Record<string, { description: string }> }>>)) {
      if (!path.startsWith('/v1/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const names = (op.parameters ?? []).map((p) => (p.$ref ? parameters[p.$ref.split('/').pop()!]!.name : p.name));
        expect(names, `${method} ${path}`).toContain('Idempotency-Key');
        expect(op.responses['409']!.description, `${method} ${path}`).toContain('IDEMPOTENCY_KEY_REUSED');
      }
    }
  });
});
