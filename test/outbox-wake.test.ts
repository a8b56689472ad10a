import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { database, getDb } from '@/lib/database';
import { notifications, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { nextMailAt } from '@/db/repositories/notifications';
import { claimDueDeliveries, nextDeliveryAt, OUTBOX_DUE_CHANNEL } from '@/db/repositories/webhook-sending';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { startProcessorSchedule } from '@/lib/runtime/schedule';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';

// The delivery loops sleep while nothing is due (lib/runtime/schedule.ts): a webhook delivery or a
// mail that becomes due now is announced on OUTBOX_DUE_CHANNEL by a trigger (migration 0040); a
// claim, a retry set for later and an outcome are not.

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A listener of the channel; `since(write)` answers what `write` announced (a marker sent after it closes the wait). */
async function announcements() {
  const received: (string | undefined)[] = [];
  const unlisten = database().listen(OUTBOX_DUE_CHANNEL, (payload) => received.push(payload));
  // On PostgreSQL the listener connects on its own and calls once, without a payload, when it listens.
  if (database().driver === 'postgres') await until(() => received.length > 0, 10_000);
  let marker = 0;
  const since = async (write: () => Promise<unknown>) => {
    const from = received.length;
    await write();
    const mark = `marker-${++marker}`;
    await getDb().execute(sql`select pg_notify(${OUTBOX_DUE_CHANNEL}, ${mark})`);
    // Notifications arrive in commit order: once the marker is here, so is what the write sent.
    await until(() => received.includes(mark), 10_000);
    return received.slice(from, received.indexOf(mark));
  };
  return { since, unlisten };
}

async function dealerWithReceiver() {
  const dealer = await newDealer();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } });
  expect(res.status, res.text).toBe(201);
  return { dealer, receiver, endpointId: res.body.data.id as string };
}

describe('deliveries and mails due now are announced', () => {
  it('a new or rescheduled-to-now delivery and mail are; a claim, a retry for later, an endpoint backing off and an outcome are not', async () => {
    const { since, unlisten } = await announcements();
    try {
      const { dealer, endpointId } = await dealerWithReceiver();
      let offerId = '';
      expect(await since(async () => (offerId = (await createOffer(dealer.token)).id))).toEqual(['webhooks']);
      const ofOffer = eq(webhookDeliveries.offerId, offerId);
      expect(await nextDeliveryAt(getDb())).not.toBeNull();

      expect(await since(() => claimDueDeliveries(getDb(), { limit: 10, leaseMs: 60_000 }))).toEqual([]);
      const later = sql`now() + interval '1 hour'`;
      expect(await since(() => getDb().update(webhookDeliveries).set({ nextAttemptAt: later, lockedUntil: null }).where(ofOffer))).toEqual([]);
      expect(await since(() => getDb().update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(ofOffer))).toEqual(['webhooks']);
      // An endpoint that backs off (or is inactive) is not due: the loop wakes itself when the backoff ends.
      const endpoint = eq(webhookEndpoints.id, endpointId);
      await getDb().update(webhookEndpoints).set({ backoffUntil: later }).where(endpoint);
      expect(await since(() => getDb().update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(ofOffer))).toEqual([]);
      await getDb().update(webhookEndpoints).set({ backoffUntil: null, active: false }).where(endpoint);
      expect(await since(() => getDb().update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(ofOffer))).toEqual([]);
      // Switched on again (as PATCH /v1/webhooks/{id} does), its pending deliveries are due.
      expect(await since(() => api.patch(`/v1/webhooks/${endpointId}`, { token: dealer.token, body: { active: true } }))).toEqual(['webhooks']);
      expect(await since(() => getDb().update(webhookEndpoints).set({ description: 'renamed' }).where(endpoint))).toEqual([]);
      expect(await since(() => getDb().update(webhookDeliveries).set({ status: 'delivered' }).where(ofOffer))).toEqual([]);

      let mailId = 0;
      const insert = async () => {
        const [row] = await getDb().insert(notifications).values({ kind: 'invite', mailTo: 'outbox-wake@example.com' }).returning({ id: notifications.id });
        mailId = row!.id;
      };
      expect(await since(insert)).toEqual(['mails']);
      const mail = eq(notifications.id, mailId);
      expect((await nextMailAt(getDb()))!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await since(() => getDb().update(notifications).set({ mailNextAt: later }).where(mail))).toEqual([]);
      expect(await since(() => getDb().update(notifications).set({ mailNextAt: null, mailSentAt: sql`now()` }).where(mail))).toEqual([]);
      expect(await since(() => getDb().update(notifications).set({ mailNextAt: sql`now()` }).where(mail))).toEqual(['mails']);
      await getDb().delete(notifications).where(mail);
    } finally {
      await unlisten();
    }
  }, 60_000);
});

describe('the webhook loop sleeps while nothing is due', () => {
  it('a delivery made due without an announcement waits; the announcement sends it at once', async () => {
    const { dealer, receiver, endpointId } = await dealerWithReceiver();
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    const ofEndpoint = eq(webhookDeliveries.endpointId, endpointId);
    await getDb().update(webhookDeliveries).set({ nextAttemptAt: sql`now() + interval '1 hour'` }).where(ofEndpoint);

    const stop = startProcessorSchedule(60_000);
    try {
      // The first look comes a second after the start and finds nothing due before an hour.
      await new Promise((r) => setTimeout(r, 2_000));
      // Due now, but silently (no trigger fires under session_replication_role = replica).
      await getDb().transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(ofEndpoint);
      });
      // A loop that looked every second would have sent it by now.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(receiver.received).toHaveLength(0);

      await getDb().execute(sql`select pg_notify(${OUTBOX_DUE_CHANNEL}, 'webhooks')`);
      await until(() => receiver.received.length >= 2, 10_000);
      expect(receiver.received.map((r) => r.json?.data?.offerId)).toEqual([offer.id, offer.id]);
    } finally {
      await stop();
    }
  }, 60_000);
});
