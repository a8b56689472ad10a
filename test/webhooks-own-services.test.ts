import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '@/db/schema';
import { env } from '@/lib/env';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { deliverWebhooks } from '@/lib/webhooks/deliver';
import { acceptableUrl } from '@/lib/webhooks/endpoints';
import { reachesOwnService } from '@/lib/webhooks/own-services';
import { checkWebhookUrl, urlPolicy } from '@/lib/webhooks/url-policy';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';

// Webhooks never reach the server's own services (docs/webhooks.md, "Delivery URLs"): no endpoint
// on this machine at the server's port, PostgreSQL's or Redis's — sandbox loopback receivers
// included — on registration, on update, and again at delivery and test time; and a loopback or
// private target's answer is told by its status only.

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const resolvesTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('our own services are no webhook target', () => {
  const own = [
    `http://127.0.0.1:${env.port}/api/cron/process-offers`,
    `http://localhost:${env.port}/`,
    'http://127.0.0.1:5432/',
    'http://localhost:5432/x',
    'http://[::1]:5432/',
    'http://127.0.0.2:6379/',
    'http://[::ffff:127.0.0.1]:6379/',
    `http://0.0.0.0:${env.port}/`,
  ];

  it('refuses a sandbox loopback endpoint on our own port, 5432 or 6379, on registration and update; another loopback port is fine', async () => {
    const dealer = await newDealer();
    for (const url of own) {
      const res = await api.post('/v1/webhooks', { token: dealer.token, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.errors, url).toMatchObject([{ code: 'INVALID_PARAMETER', details: 'url' }]);
      expect(res.body.errors[0].translations, url).toEqual({
        de: expect.stringContaining('Dienst dieses Servers'),
        en: expect.stringContaining("this server's own services"),
      });
    }
    const receiver = await startReceiver();
    receivers.push(receiver);
    const created = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } });
    expect(created.status, created.text).toBe(201);
    for (const url of own.slice(0, 3)) {
      const res = await api.patch(`/v1/webhooks/${created.body.data.id}`, { token: dealer.token, body: { url } });
      expect(res.status, url).toBe(400);
    }
    expect((await api.get(`/v1/webhooks/${created.body.data.id}`, { token: dealer.token })).body.data.url).toBe(receiver.url);
  });

  it('refuses a name that resolves to this machine on those ports, whatever the private-address setting', async () => {
    const open = { requireHttps: false, allowPrivate: true };
    await expect(acceptableUrl('http://hooks.example.com:5432/x', 'sandbox', { policy: open, lookup: resolvesTo('127.0.0.1') })).rejects.toMatchObject({ status: 400 });
    await expect(acceptableUrl(`http://hooks.example.com:${env.port}/x`, 'sandbox', { policy: urlPolicy('sandbox'), lookup: resolvesTo('93.184.216.34', '::1') })).rejects.toMatchObject({ status: 400 });
    expect(await acceptableUrl('http://hooks.example.com:8080/x', 'sandbox', { policy: open, lookup: resolvesTo('127.0.0.1') })).toBe('http://hooks.example.com:8080/x');
    expect(checkWebhookUrl('http://127.0.0.1:5432/', open)).toEqual({ ok: false, problem: 'own-service' });
    // This machine's interface addresses count as this machine.
    expect(reachesOwnService('10.255.255.254', 5432, { ports: new Set([5432]), hosts: new Set() })).toBe(false);
    expect(reachesOwnService('0.0.0.0', 6379)).toBe(true);
  });

  it('refuses at delivery and test time an endpoint that points there now (registered before, or its name resolves there)', async () => {
    const dealer = await newDealer();
    const receiver = await startReceiver();
    receivers.push(receiver);
    const created = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url, events: ['offer.created'] } });
    const id = created.body.data.id as string;
    // As if registered before the rule: the stored URL points at our own port.
    await getDb().update(webhookEndpoints).set({ url: `http://127.0.0.1:${env.port}/api/cron/process-offers` }).where(eq(webhookEndpoints.id, id));
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    expect(await deliverWebhooks({ backoff: () => 0 })).toMatchObject({ attempted: 1, delivered: 0 });
    const [delivery] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(delivery!.lastError).toBe('URL refused (own-service)');
    const test = await api.post(`/v1/webhooks/${id}/test`, { token: dealer.token });
    expect(test.body.data).toMatchObject({ delivered: false, error: 'URL refused (own-service)' });
    expect(test.body.data).not.toHaveProperty('responseStatus');

    // A name that resolves to the loopback at delivery time, on the receiver's port 6379: refused at connect.
    await getDb().update(webhookEndpoints).set({ url: 'http://hooks.example.com:6379/x' }).where(eq(webhookEndpoints.id, id));
    expect(await deliverWebhooks({ backoff: () => 0, lookup: resolvesTo('127.0.0.1') })).toMatchObject({ attempted: 1, delivered: 0 });
    const [again] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(again!.lastError).toMatch(/^address refused: .*own services/);
    expect(receiver.received).toEqual([]);
  });

  it('tells a loopback receiver’s answer by its status only, in the delivery record as in the test', async () => {
    const dealer = await newDealer();
    const receiver = await startReceiver(() => 500);
    receivers.push(receiver);
    const created = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url, events: ['offer.created'] } });
    const id = created.body.data.id as string;
    await createOffer(dealer.token);
    await deliverWebhooks({ backoff: () => 0 });
    expect(receiver.received).toHaveLength(1);
    const list = await api.get(`/v1/webhooks/${id}/deliveries`, { token: dealer.token });
    const detail = await api.get(`/v1/webhooks/${id}/deliveries/${list.body.data[0].id}`, { token: dealer.token });
    expect(detail.body.data.attemptLog).toHaveLength(1);
    expect(detail.body.data.attemptLog[0]).toMatchObject({ responseStatus: 500, error: 'HTTP 500' });
    expect(detail.body.data.attemptLog[0]).not.toHaveProperty('responseExcerpt');
    // A record kept from before the rule, with an excerpt: not shown either.
    await getDb().update(webhookDeliveryAttempts).set({ responseExcerpt: 'root:x:0:0' }).where(eq(webhookDeliveryAttempts.deliveryId, list.body.data[0].id));
    const kept = await api.get(`/v1/webhooks/${id}/deliveries/${list.body.data[0].id}`, { token: dealer.token });
    expect(kept.text).not.toContain('root:x');
    const test = await api.post(`/v1/webhooks/${id}/test`, { token: dealer.token });
    expect(test.body.data).toMatchObject({ delivered: false, responseStatus: 500 });
    expect(JSON.stringify(test.body.data)).not.toContain('nope'); // the receiver's body
  });
});
