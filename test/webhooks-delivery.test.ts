import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { claimDueDeliveries } from '@/db/repositories/webhook-sending';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { runProcessor } from '@/lib/runtime/run-processor';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { defaultBackoff, deliverWebhooks, type DeliverOptions } from '@/lib/webhooks/deliver';
import { RETRY_WINDOW_MS } from '@/lib/webhooks/delivery-limits';
import { isPrivateAddress } from '@/lib/webhooks/url-policy';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';
import { startReceiver, verifySpokeSignature, type Receiver, type Responder } from './helpers/webhook-receiver';

// Webhook delivery against a real receiver on 127.0.0.1: signed events, per-offer order, retries,
// claims that survive a dying run, parallel runs. Retries are driven by calling the sender again
// with a zero backoff (or a later `at`), never by sleeping.

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  // Each test counts only its own deliveries: endpoints (with their deliveries) go with the test.
  await getDb().delete(webhookEndpoints);
});

async function setup(responder?: Responder, events?: string[]) {
  const receiver = await startReceiver(responder);
  receivers.push(receiver);
  const dealer = await newDealer();
  const res = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url, ...(events ? { events } : {}) } });
  expect(res.status, res.text).toBe(201);
  return { receiver, dealer, endpoint: res.body.data as { id: string; secret: string } };
}

// Neither the delivery's nor its endpoint's backoff holds a retry back.
const now: DeliverOptions = { backoff: () => 0, endpointBackoff: () => 0 };
const statuses = (r: Receiver) => r.received.map((x) => `${x.json.type}:${x.json.data.oldStatus ?? '-'}>${x.json.data.newStatus}`);

async function advance(dealer: TestDealer, id: string, to?: string) {
  const res = await api.post(`/v1/sandbox/offers/${id}/advance`, { token: dealer.token, query: { to } });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('webhook delivery', () => {
  it('delivers signed, verifiable events in order: create → process → several steps', async () => {
    const { receiver, dealer, endpoint } = await setup();
    const offer = await createOffer(dealer.token);

    const run = await api.post('/api/cron/process-offers', { headers: { authorization: 'Bearer dev-cron-secret' } });
    expect(run.status, run.text).toBe(200);
    expect(run.body.data.webhooks).toMatchObject({ attempted: 2, delivered: 2, retrying: 0, failed: 0 });

    await advance(dealer, offer.id); // draft → order_journey_started
    await advance(dealer, offer.id); // → employer_decision_pending
    await advance(dealer, offer.id); // → operator_decision_pending
    await advance(dealer, offer.id, 'rejected');
    const summary = await runProcessor();
    expect(summary.webhooks.delivered).toBe(4);

    expect(statuses(receiver)).toEqual([
      'offer.created:->pending',
      'offer.status_changed:pending>draft',
      'offer.status_changed:draft>order_journey_started',
      'offer.status_changed:order_journey_started>employer_decision_pending',
      'offer.status_changed:employer_decision_pending>operator_decision_pending',
      'offer.status_changed:operator_decision_pending>rejected',
    ]);
    for (const r of receiver.received) {
      expect(verifySpokeSignature(r.headers['spoke-signature'] as string, r.body, endpoint.secret)).toBe(true);
      expect(verifySpokeSignature(r.headers['spoke-signature'] as string, r.body, 'whsec_wrong')).toBe(false);
      expect(verifySpokeSignature(r.headers['spoke-signature'] as string, `${r.body} `, endpoint.secret)).toBe(false);
      expect(r.headers['spoke-event-id']).toBe(r.json.id);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.json).toMatchObject({
        type: expect.stringMatching(/^offer\./),
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        environment: 'sandbox',
        data: { offerId: offer.id, externalOfferId: offer.externalOfferId, offerNumber: offer.offerNumber },
      });
      expect(r.json.data.status.current.code).toBe(r.json.data.newStatus);
    }
    const ids = receiver.received.map((r) => r.json.id);
    expect(new Set(ids).size).toBe(ids.length);

    const rejected = receiver.received.at(-1)!.json.data.status;
    expect(rejected.errors.map((e: { code: string }) => e.code)).toEqual(['OPERATOR_DECLINED']);
    expect(rejected.errors[0].translations).toEqual({ de: expect.any(String), en: expect.any(String) });
    expect(rejected.nextSteps.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['pending']));
  });

  it('reports the status as it was at the change, even when sent after later changes', async () => {
    const { receiver, dealer } = await setup();
    const offer = await createOffer(dealer.token, { product: { ...offerBody().product, bidexCode: '201010' } });
    await processOffers({ ids: [offer.id] }); // rejected: PRODUCT_NOT_LEASABLE
    const fixed = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: offerBody() });
    expect(fixed.status, fixed.text).toBe(202);
    await processOffers({ ids: [offer.id] }); // draft

    await deliverWebhooks();
    expect(statuses(receiver)).toEqual([
      'offer.created:->pending',
      'offer.status_changed:pending>rejected',
      'offer.status_changed:rejected>pending',
      'offer.status_changed:pending>draft',
    ]);
    const [, rejected, resubmitted, drafted] = receiver.received.map((r) => r.json.data.status);
    expect(rejected.errors.map((e: { code: string; field: string }) => `${e.code}@${e.field}`)).toEqual(['PRODUCT_NOT_LEASABLE@product.bidexCode']);
    expect(resubmitted.errors).toEqual([]);
    expect(drafted.current.code).toBe('draft');
  });

  it('sends only subscribed events', async () => {
    const { receiver, dealer } = await setup(undefined, ['offer.status_changed']);
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    await deliverWebhooks();
    expect(statuses(receiver)).toEqual(['offer.status_changed:pending>draft']);
  });

  it('a receiver that fails three times, then succeeds, acknowledges the event exactly once; every attempt is recorded', async () => {
    const { receiver, dealer, endpoint } = await setup(({ n }) => (n <= 3 ? 503 : 200), ['offer.created']);
    await createOffer(dealer.token);

    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await deliverWebhooks(now));
    expect(outcomes.map((o) => `${o.attempted}/${o.delivered}/${o.retrying}`)).toEqual(['1/0/1', '1/0/1', '1/0/1', '1/1/0', '0/0/0', '0/0/0']);
    expect(receiver.received.map((r) => r.status)).toEqual([503, 503, 503, 200]);
    expect(receiver.acknowledged()).toHaveLength(1);
    expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1);

    const list = await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ status: 'delivered', attempts: 4, lastResponseStatus: 200, eventType: 'offer.created' });
    const detail = await api.get(`/v1/webhooks/${endpoint.id}/deliveries/${list.body.data[0].id}`, { token: dealer.token });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.attemptLog.map((a: { attempt: number; responseStatus: number }) => `${a.attempt}:${a.responseStatus}`)).toEqual([
      '1:503',
      '2:503',
      '3:503',
      '4:200',
    ]);
    expect(detail.body.data.attemptLog[0].error).toBe('HTTP 503');
    expect(detail.body.data.event.id).toBe(receiver.received[0]!.json.id);
  });

  it('schedules each retry by the backoff: 30 s doubling to at most 2 h, about 20 attempts in 24 hours', async () => {
    const nominal = (n: number) => Math.min(30_000 * 2 ** (n - 1), 7_200_000);
    for (let n = 1; n <= 30; n++) {
      const delay = defaultBackoff(n);
      expect(delay).toBeGreaterThanOrEqual(nominal(n) * 0.9);
      expect(delay).toBeLessThanOrEqual(nominal(n) * 1.1);
    }
    let attempts = 1;
    for (let t = 0; t + nominal(attempts) <= RETRY_WINDOW_MS; attempts++) t += nominal(attempts);
    expect(attempts).toBeGreaterThanOrEqual(15);
    expect(attempts).toBeLessThanOrEqual(25);

    const { dealer, endpoint } = await setup(() => 500, ['offer.created']);
    await createOffer(dealer.token);
    const base = Date.now() + 1000;
    const nextAttempt = async () =>
      (await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)))[0]!.nextAttemptAt.getTime();
    const backoff = (n: number) => n * 60_000;
    await deliverWebhooks({ at: new Date(base), backoff });
    expect(await nextAttempt()).toBe(base + 60_000);
    expect(await deliverWebhooks({ at: new Date(base + 59_000), backoff })).toMatchObject({ attempted: 0 });
    await deliverWebhooks({ at: new Date(base + 60_000), backoff });
    expect(await nextAttempt()).toBe(base + 60_000 + 120_000);
  });

  it('gives up after 24 hours, and then sends the offer’s next event', async () => {
    const { receiver, dealer, endpoint } = await setup(({ json }) => (json.type === 'offer.created' ? 500 : 200));
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });

    await deliverWebhooks(now);
    expect(statuses(receiver)).toEqual(['offer.created:->pending']); // the status change waits for it
    await deliverWebhooks(now);
    expect(receiver.received).toHaveLength(2);

    const later = await deliverWebhooks({ ...now, at: new Date(Date.now() + 25 * 3_600_000), backoff: defaultBackoff });
    expect(later).toMatchObject({ attempted: 2, failed: 1, delivered: 1 });
    expect(statuses(receiver)).toEqual(['offer.created:->pending', 'offer.created:->pending', 'offer.created:->pending', 'offer.status_changed:pending>draft']);

    const failed = await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token, query: { status: 'failed' } });
    expect(failed.body.data).toHaveLength(1);
    expect(failed.body.data[0]).toMatchObject({ status: 'failed', attempts: 3, lastResponseStatus: 500, eventType: 'offer.created' });
  });

  it('keeps an offer’s later events back while an earlier one is being retried', async () => {
    let failFirst = true;
    const { receiver, dealer } = await setup(({ json }) => {
      if (json.type === 'offer.created' && failFirst) {
        failFirst = false;
        return 500;
      }
      return 200;
    });
    const a = await createOffer(dealer.token);
    const b = await createOffer(dealer.token);
    await processOffers({ ids: [a.id, b.id] });
    await advance(dealer, a.id);
    await advance(dealer, b.id);

    await deliverWebhooks(now);
    const first = receiver.received.map((r) => `${r.json.data.offerId === a.id ? 'a' : 'b'}:${r.json.data.newStatus}:${r.status}`);
    // The first offer's creation failed: nothing later of that offer was sent; the other went through.
    const failed = first[0]!.slice(0, 1);
    const other = failed === 'a' ? 'b' : 'a';
    expect(first.filter((x) => x.startsWith(failed))).toEqual([`${failed}:pending:500`]);
    expect(first.filter((x) => x.startsWith(other))).toEqual([`${other}:pending:200`, `${other}:draft:200`, `${other}:order_journey_started:200`]);

    await deliverWebhooks(now);
    const all = receiver.received.map((r) => `${r.json.data.offerId === a.id ? 'a' : 'b'}:${r.json.data.newStatus}:${r.status}`);
    expect(all.filter((x) => x.startsWith(failed))).toEqual([
      `${failed}:pending:500`,
      `${failed}:pending:200`,
      `${failed}:draft:200`,
      `${failed}:order_journey_started:200`,
    ]);
  });

  it('loses no event when a run dies after claiming: a rolled-back claim is sent by the next run', async () => {
    const { receiver, dealer } = await setup(undefined, ['offer.created']);
    await createOffer(dealer.token);

    await expect(
      getDb().transaction(async (tx) => {
        const claimed = await claimDueDeliveries(tx, { limit: 10, leaseMs: 60_000 });
        expect(claimed).toHaveLength(1);
        throw new Error('killed mid-delivery');
      }),
    ).rejects.toThrow('killed mid-delivery');

    expect(await deliverWebhooks()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(receiver.acknowledged()).toHaveLength(1);
  });

  it('a claim of a run that died is not sent twice while it holds, and is sent after it lapses', async () => {
    const { receiver, dealer } = await setup(undefined, ['offer.created']);
    await createOffer(dealer.token);

    const claimed = await claimDueDeliveries(getDb(), { limit: 10, leaseMs: 60_000 }); // committed; the run then dies
    expect(claimed).toHaveLength(1);
    expect(await deliverWebhooks()).toMatchObject({ attempted: 0 });
    expect(receiver.received).toHaveLength(0);

    expect(await deliverWebhooks({ at: new Date(Date.now() + 61_000) })).toMatchObject({ attempted: 1, delivered: 1 });
    expect(receiver.acknowledged()).toHaveLength(1);
  });

  it('a receiver that does not answer times out; the attempt is recorded and retried', async () => {
    const { receiver, dealer, endpoint } = await setup(({ n }) => (n === 1 ? 'hang' : 200), ['offer.created']);
    await createOffer(dealer.token);
    const started = Date.now();
    expect(await deliverWebhooks({ ...now, timeoutMs: 300 })).toMatchObject({ attempted: 1, retrying: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await deliverWebhooks(now)).toMatchObject({ attempted: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(2);

    const list = await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token });
    const detail = await api.get(`/v1/webhooks/${endpoint.id}/deliveries/${list.body.data[0].id}`, { token: dealer.token });
    expect(detail.body.data.attemptLog[0]).toMatchObject({ attempt: 1, error: 'timeout after 300 ms' });
    expect(detail.body.data.attemptLog[0].responseStatus).toBeUndefined();
  });

  it('parallel runs never send an event twice', async () => {
    const { receiver, dealer } = await setup();
    const offers = [];
    for (let i = 0; i < 12; i++) offers.push(await createOffer(dealer.token));
    await processOffers({ ids: offers.map((o) => o.id) });

    const runs = await Promise.all([1, 2, 3].map(() => deliverWebhooks({ batchSize: 5 })));
    expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(24);
    const ids = receiver.received.map((r) => r.json.id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    for (const o of offers) {
      expect(receiver.received.filter((r) => r.json.data.offerId === o.id).map((r) => r.json.type)).toEqual(['offer.created', 'offer.status_changed']);
    }
  });

  it('re-sends a delivered event with the same event id', async () => {
    const { receiver, dealer, endpoint } = await setup(undefined, ['offer.created']);
    await createOffer(dealer.token);
    await deliverWebhooks();
    const list = await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token });
    const original = list.body.data[0];

    const resend = await api.post(`/v1/webhooks/${endpoint.id}/deliveries/${original.id}/resend`, { token: dealer.token });
    expect(resend.status, resend.text).toBe(202);
    expect(resend.body.data).toMatchObject({ status: 'pending', eventId: original.eventId, resendOf: original.id, attempts: 0 });
    expect(resend.headers.get('location')).toBe(`/v1/webhooks/${endpoint.id}/deliveries/${resend.body.data.id}`);

    await deliverWebhooks();
    expect(receiver.received.map((r) => r.json.id)).toEqual([original.eventId, original.eventId]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
  });

  it('signs with both secrets during a rotation’s grace period, and only the new one without', async () => {
    const { receiver, dealer, endpoint } = await setup(undefined, ['offer.created']);
    const rotated = await api.post(`/v1/webhooks/${endpoint.id}/rotate-secret`, { token: dealer.token });
    expect(rotated.status, rotated.text).toBe(200);
    await createOffer(dealer.token);
    await deliverWebhooks();
    const first = receiver.received[0]!;
    expect(verifySpokeSignature(first.headers['spoke-signature'] as string, first.body, endpoint.secret)).toBe(true);
    expect(verifySpokeSignature(first.headers['spoke-signature'] as string, first.body, rotated.body.data.secret)).toBe(true);

    const again = await api.post(`/v1/webhooks/${endpoint.id}/rotate-secret`, { token: dealer.token, query: { keepPreviousHours: 0 } });
    await createOffer(dealer.token);
    await deliverWebhooks();
    const second = receiver.received[1]!;
    expect(verifySpokeSignature(second.headers['spoke-signature'] as string, second.body, rotated.body.data.secret)).toBe(false);
    expect(verifySpokeSignature(second.headers['spoke-signature'] as string, second.body, again.body.data.secret)).toBe(true);
  });

  it('records nothing for inactive endpoints, and resumes when active again', async () => {
    const { receiver, dealer, endpoint } = await setup(undefined, ['offer.created']);
    await api.patch(`/v1/webhooks/${endpoint.id}`, { token: dealer.token, body: { active: false } });
    await createOffer(dealer.token);
    await deliverWebhooks();
    expect(receiver.received).toHaveLength(0);
    await api.patch(`/v1/webhooks/${endpoint.id}`, { token: dealer.token, body: { active: true } });
    await createOffer(dealer.token);
    await deliverWebhooks();
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses at delivery time a URL whose host is or resolves to a private address when those are not allowed', async (ctx) => {
    const { receiver, dealer, endpoint } = await setup(undefined, ['offer.created']);
    const strict = { requireHttps: false, allowPrivate: false };
    // Registered while private addresses were allowed; the deployment then no longer allows them.
    await api.patch(`/v1/webhooks/${endpoint.id}`, { token: dealer.token, body: { url: receiver.url.replace('127.0.0.1', 'localhost') } });
    await createOffer(dealer.token);
    expect(await deliverWebhooks({ ...now, policy: strict })).toMatchObject({ attempted: 1, retrying: 1 });
    expect(receiver.received).toHaveLength(0);
    let list = await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token });
    expect(list.body.data[0].lastError).toBe('URL refused (private)');

    // A name that is not "localhost" but resolves to this machine: refused on the resolved address.
    const host = os.hostname();
    const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0 || !addresses.every((a) => isPrivateAddress(a.address))) ctx.skip();
    await api.patch(`/v1/webhooks/${endpoint.id}`, { token: dealer.token, body: { url: receiver.url.replace('127.0.0.1', host) } });
    expect(await deliverWebhooks({ ...now, policy: strict })).toMatchObject({ attempted: 1, retrying: 1 });
    expect(receiver.received).toHaveLength(0);
    list = await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token });
    expect(list.body.data[0].lastError).toMatch(/^address refused: .* resolves to .*, a private or reserved address$/);

    // Allowed again: the same URL is delivered (when the name resolves to 127.0.0.1, where the receiver listens).
    if (addresses.some((a) => a.address === '127.0.0.1')) {
      expect(await deliverWebhooks(now)).toMatchObject({ delivered: 1 });
      expect(receiver.acknowledged()).toHaveLength(1);
    }
  });

  it('resolves the host at delivery time and refuses a non-unicast answer: the resolver decides, not the registration (lookup injected)', async () => {
    const { receiver, dealer, endpoint } = await setup(undefined, ['offer.created']);
    const strict = { requireHttps: false, allowPrivate: false };
    // Registered under a public-looking name; what it resolves to is decided at each delivery.
    const host = 'hooks.partner.example';
    await api.patch(`/v1/webhooks/${endpoint.id}`, { token: dealer.token, body: { url: receiver.url.replace('127.0.0.1', host) } });
    await createOffer(dealer.token);
    const asked: string[] = [];
    const resolvesTo = (...addresses: string[]) => async (name: string) => {
      asked.push(name);
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    const lastError = async () => (await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token })).body.data[0].lastError;

    // Loopback, the IPv4-translated loopback (::ffff:0:7f00:1), the metadata address inside an
    // IPv4-mapped form, and a public address listed beside a private one: each refused.
    for (const answer of [['127.0.0.1'], ['::ffff:0:7f00:1'], ['::ffff:169.254.169.254'], ['93.184.216.34', '10.0.0.7']]) {
      expect(await deliverWebhooks({ ...now, policy: strict, lookup: resolvesTo(...answer) }), answer.join()).toMatchObject({ attempted: 1, retrying: 1 });
      expect(await lastError()).toMatch(new RegExp(`^address refused: ${host.replace(/\./g, '\\.')} resolves to .*, a private or reserved address$`));
    }
    expect(asked).toEqual([host, host, host, host]);
    expect(receiver.received).toHaveLength(0);

    // The connection uses the checked answer: where private addresses are allowed, the same name
    // resolved to 127.0.0.1 reaches the receiver.
    expect(await deliverWebhooks({ ...now, lookup: resolvesTo('127.0.0.1') })).toMatchObject({ delivered: 1 });
    expect(receiver.acknowledged()).toHaveLength(1);
  });

  it('does not follow a redirect: the 3xx is the answer, recorded as a failed attempt; its target gets nothing', async () => {
    const target = await startReceiver();
    receivers.push(target);
    const redirector = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(307, { location: target.url });
        res.end();
      });
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirector.address() as AddressInfo;
      const { dealer, endpoint } = await setup(undefined, ['offer.created']);
      await api.patch(`/v1/webhooks/${endpoint.id}`, { token: dealer.token, body: { url: `http://127.0.0.1:${port}/hook` } });
      await createOffer(dealer.token);
      expect(await deliverWebhooks(now)).toMatchObject({ attempted: 1, delivered: 0, retrying: 1 });
      const list = await api.get(`/v1/webhooks/${endpoint.id}/deliveries`, { token: dealer.token });
      expect(list.body.data[0].lastError).toBe('HTTP 307');
      expect(target.received).toHaveLength(0);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});
