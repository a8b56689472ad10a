import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { notifications, portalUsers, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { listUserNotifications } from '@/db/repositories/notifications';
import { deliverMails, keptMails } from '@/lib/notifications/mailer';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { startProcessorSchedule } from '@/lib/runtime/schedule';
import { deliverWebhooks } from '@/lib/webhooks/deliver';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { startReceiver, type Receiver, type Responder } from './helpers/webhook-receiver';

// One dealer's failing receiver stalls nobody else (docs/reliability.md, "Independent loops";
// docs/webhooks.md, "Delivery"): a receiver that accepts and never answers delays neither another
// dealer's processing nor another endpoint's deliveries; a dead endpoint is skipped while in
// backoff; an endpoint failing for 3 days is disabled and its dealer told (portal and mail).

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(responder?: Responder): Promise<Receiver> {
  const r = await startReceiver(responder);
  receivers.push(r);
  return r;
}

async function register(dealer: TestDealer, url: string): Promise<string> {
  const res = await api.post('/v1/webhooks', { token: dealer.token, body: { url } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** A port on 127.0.0.1 where nothing listens (connections are refused). */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

const statusOf = async (dealer: TestDealer, id: string) => (await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data.status.current.code as string;
const endpointRow = async (id: string) => (await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
const attemptsOf = async (endpointId: string) =>
  (await getDb().select({ n: sql<number>`coalesce(sum(${webhookDeliveries.attempts}), 0)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)))[0]!.n;

describe('one endpoint stalls nobody', () => {
  it('a receiver that accepts and never answers delays neither another dealer’s processing nor another endpoint’s delivery', async () => {
    const hanging = await receiver(() => 'hang');
    const healthy = await receiver();
    const b = await newDealer();
    const c = await newDealer();
    const a = await newDealer();
    await register(b, hanging.url);
    await register(c, healthy.url);

    const stop = startProcessorSchedule(60_000);
    try {
      // Dealer B's events go to its receiver, which holds every request until the 5 s timeout.
      for (let i = 0; i < 6; i++) await createOffer(b.token);
      await until(() => hanging.received.length >= 2, 10_000);

      const t0 = performance.now();
      const offerA = await createOffer(a.token);
      const offerC = await createOffer(c.token);
      const [drafted, delivered] = await Promise.all([
        until(async () => (await statusOf(a, offerA.id)) === 'draft', 10_000).then(() => performance.now() - t0),
        until(() => healthy.received.some((r) => r.json?.data?.offerId === offerC.id && r.json.data.newStatus === 'draft'), 10_000).then(() => performance.now() - t0),
      ]);
      console.info(`with a hanging receiver: another dealer's offer drafted after ${Math.round(drafted)} ms, another endpoint's event delivered after ${Math.round(delivered)} ms`);
      // Both within the hanging requests' 5 s timeout (a loop that waited for them took 10 s here).
      expect(drafted).toBeLessThan(4_000);
      expect(delivered).toBeLessThan(4_000);
      // The hanging endpoint holds at most its own slots (2), not the run's.
      expect(hanging.received.length).toBeLessThanOrEqual(2);
    } finally {
      const stopping = performance.now();
      await stop();
      // Requests in flight are given back at once, not waited for.
      expect(performance.now() - stopping).toBeLessThan(3_000);
    }
  }, 60_000);

  it('a dead endpoint backs off: skipped after three failures in a row, while another endpoint is served; tried again once the backoff ends', async () => {
    const dead = await newDealer();
    const live = await newDealer();
    const deadId = await register(dead, `http://127.0.0.1:${await deadPort()}/hook`);
    const healthy = await receiver();
    await register(live, healthy.url);

    const offer = await createOffer(dead.token);
    await processOffers({ ids: [offer.id] });
    for (let i = 1; i <= 3; i++) {
      await deliverWebhooks({ backoff: () => 0 });
      expect(await attemptsOf(deadId)).toBe(i);
    }
    const row = await endpointRow(deadId);
    expect(row).toMatchObject({ consecutiveFailures: 3, active: true });
    expect(row.backoffUntil!.getTime()).toBeGreaterThan(Date.now() + 3_000);
    expect(row.failingSince).not.toBeNull();

    // In backoff: its due delivery is skipped; the other endpoint's events go out in the same run.
    const liveOffer = await createOffer(live.token);
    const run = await deliverWebhooks({ backoff: () => 0 });
    expect(await attemptsOf(deadId)).toBe(3);
    expect(run).toMatchObject({ attempted: 1, delivered: 1 });
    expect(healthy.received.map((r) => r.json.data.offerId)).toEqual([liveOffer.id]);

    // After the backoff it is tried again, and the next backoff is longer.
    await deliverWebhooks({ backoff: () => 0, at: new Date(row.backoffUntil!.getTime() + 1_000) });
    expect(await attemptsOf(deadId)).toBe(4);
    const after = await endpointRow(deadId);
    expect(after.consecutiveFailures).toBe(4);
    expect(after.backoffUntil!.getTime() - row.backoffUntil!.getTime()).toBeGreaterThan(5_000);
  });

  it('an endpoint failing for 3 days is disabled, and its dealer is told in the portal and by mail, in each user’s language', async () => {
    const dealer = await newDealer();
    const other = await newDealer();
    const suffix = randomBytes(4).toString('hex');
    const users = await getDb()
      .insert(portalUsers)
      .values([
        { email: `hook-de-${suffix}@dealer.example`, name: 'Dora Deutsch', passwordHash: 'x', role: 'dealer', dealerId: dealer.dealerId, notifyLang: 'de' },
        { email: `hook-en-${suffix}@dealer.example`, name: 'Evan English', passwordHash: 'x', role: 'dealer', dealerId: dealer.dealerId, notifyLang: 'en' },
        { email: `hook-other-${suffix}@dealer.example`, name: 'Olga Other', passwordHash: 'x', role: 'dealer', dealerId: other.dealerId },
      ])
      .returning();
    const url = `http://127.0.0.1:${await deadPort()}/hook`;
    const id = await register(dealer, url);
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });

    // Failing for two days: another failure is one more failure, nothing else.
    await getDb().update(webhookEndpoints).set({ failingSince: sql`now() - interval '2 days'`, consecutiveFailures: 30 }).where(eq(webhookEndpoints.id, id));
    await deliverWebhooks({ backoff: () => 0, endpointBackoff: () => 0 });
    expect(await endpointRow(id)).toMatchObject({ active: true, disabledAt: null, consecutiveFailures: 31 });

    // Failing since more than 3 days: the next failure disables it.
    await getDb().update(webhookEndpoints).set({ failingSince: sql`now() - interval '3 days 1 minute'` }).where(eq(webhookEndpoints.id, id));
    await deliverWebhooks({ backoff: () => 0, endpointBackoff: () => 0 });
    const disabled = await endpointRow(id);
    expect(disabled.active).toBe(false);
    expect(disabled.disabledAt).not.toBeNull();
    expect((await api.get(`/v1/webhooks/${id}`, { token: dealer.token })).body.data.active).toBe(false);
    // Nothing more is sent, and the dealer is told once.
    const attempts = await attemptsOf(id);
    await deliverWebhooks({ backoff: () => 0, endpointBackoff: () => 0 });
    expect(await attemptsOf(id)).toBe(attempts);
    const told = await getDb().select().from(notifications).where(eq(notifications.webhookEndpointId, id));
    expect(told.map((n) => n.userId).sort()).toEqual([users[0]!.id, users[1]!.id].sort());

    // In the portal, in the endpoint's environment only.
    const portal = await listUserNotifications(getDb(), { userId: users[0]!.id, dealerId: dealer.dealerId, environment: 'sandbox' });
    expect(portal.unread).toBe(1);
    expect(portal.rows[0]).toMatchObject({ kind: 'webhook_disabled', webhookId: id, webhookUrl: url, offerId: null });
    expect((await listUserNotifications(getDb(), { userId: users[0]!.id, dealerId: dealer.dealerId, environment: 'production' })).total).toBe(0);
    expect((await listUserNotifications(getDb(), { userId: users[2]!.id, dealerId: other.dealerId, environment: 'sandbox' })).total).toBe(0);

    // By mail, in each user's language.
    await deliverMails({ smtpUrl: null });
    const mails = (await keptMails()).filter((m) => m.to.endsWith(`${suffix}@dealer.example`));
    expect(mails.map((m) => m.to).sort()).toEqual([users[0]!.email, users[1]!.email].sort());
    const de = mails.find((m) => m.to === users[0]!.email)!;
    const en = mails.find((m) => m.to === users[1]!.email)!;
    expect(de.subject).toBe('Spoke: Webhook-Endpunkt abgeschaltet (Sandbox)');
    expect(de.text).toContain(`Ihr Webhook-Endpunkt ${url}`);
    expect(de.text).toContain(`PATCH /v1/webhooks/${id}`);
    expect(en.subject).toBe('Spoke: webhook endpoint disabled (Sandbox)');
    expect(en.text).toContain(`Your webhook endpoint ${url}`);

    // Switched on again: a fresh start.
    const on = await api.patch(`/v1/webhooks/${id}`, { token: dealer.token, body: { active: true } });
    expect(on.status, on.text).toBe(200);
    expect(await endpointRow(id)).toMatchObject({ active: true, disabledAt: null, failingSince: null, consecutiveFailures: 0, backoffUntil: null });
  });
});
