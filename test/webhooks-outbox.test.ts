import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { findOffer } from '@/db/repositories/offers';
import { offerHistory, offers, webhookDeliveries } from '@/db/schema';
import { historyEntry, recordHistory } from '@/lib/offers/use-cases/history-entry';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { eventTypeOf } from '@/lib/webhooks/events';
import { api } from './helpers/api';
import { newClient, newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The transactional outbox: a delivery row is written with the history entry of every creation and
// status change, in the same transaction — never one without the other.

async function deliveriesOf(offerIds: string[]) {
  if (offerIds.length === 0) return [];
  return getDb().select().from(webhookDeliveries).where(inArray(webhookDeliveries.offerId, offerIds));
}

async function registerEndpoint(token: string, body: Record<string, unknown>) {
  const res = await api.post('/v1/webhooks', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string };
}

describe('webhook outbox', () => {
  it('decides which history entries are events', () => {
    expect(eventTypeOf({ action: 'created', fromStatus: null, toStatus: 'pending' })).toBe('offer.created');
    expect(eventTypeOf({ action: 'processed', fromStatus: 'pending', toStatus: 'draft' })).toBe('offer.status_changed');
    expect(eventTypeOf({ action: 'updated', fromStatus: 'rejected', toStatus: 'pending' })).toBe('offer.status_changed');
    expect(eventTypeOf({ action: 'noted', fromStatus: 'draft', toStatus: 'draft' })).toBeNull();
    expect(eventTypeOf({ action: 'noted', fromStatus: null, toStatus: null })).toBeNull();
  });

  it('writes nothing when the offer change rolls back, and the event when it commits', async () => {
    const dealer = await newDealer();
    await registerEndpoint(dealer.token, { url: 'http://127.0.0.1:9/hook' });
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] }); // draft
    const tenant = { dealerId: dealer.dealerId, environment: 'sandbox' as const };
    const actor = { type: 'operator' as const, id: 'op-1' };
    const before = await deliveriesOf([offer.id]);
    expect(before.map((d) => d.eventType)).toEqual(['offer.created', 'offer.status_changed']);

    const change = (fail: boolean) =>
      getDb().transaction(async (tx) => {
        await tx.update(offers).set({ status: 'order_journey_started' }).where(eq(offers.id, offer.id));
        await recordHistory(tx, [historyEntry(offer.id, actor, 'start_order', 'draft', 'order_journey_started', 1)]);
        if (fail) throw new Error('the change fails after its history was written');
      });
    await expect(change(true)).rejects.toThrow('the change fails');
    expect(await deliveriesOf([offer.id])).toHaveLength(2);
    expect((await findOffer(getDb(), tenant, offer.id))!.status).toBe('draft');
    const [history] = await getDb().select({ n: count() }).from(offerHistory).where(eq(offerHistory.offerId, offer.id));
    expect(history!.n).toBe(2);

    await change(false);
    const after = await deliveriesOf([offer.id]);
    expect(after).toHaveLength(3);
    const last = after.find((d) => !before.some((b) => b.id === d.id))!;
    expect(last).toMatchObject({ eventType: 'offer.status_changed', status: 'pending', attempts: 0 });
    expect(last.data).toMatchObject({ oldStatus: 'draft', newStatus: 'order_journey_started', status: 'order_journey_started', offerNumber: offer.offerNumber });
  });

  it('fans an event out to every subscribed active endpoint of the offer’s dealer and environment, and to no other', async () => {
    const dealer = await newDealer();
    const all = await registerEndpoint(dealer.token, { url: 'http://127.0.0.1:9/all' });
    const changes = await registerEndpoint(dealer.token, { url: 'http://127.0.0.1:9/changes', events: ['offer.status_changed'] });
    const paused = await registerEndpoint(dealer.token, { url: 'http://127.0.0.1:9/paused', active: false });
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const prodEndpoint = await registerEndpoint(production.token, { url: 'http://127.0.0.1:9/prod' });
    const other = await newDealer();
    const otherEndpoint = await registerEndpoint(other.token, { url: 'http://127.0.0.1:9/other' });

    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    const rows = await deliveriesOf([offer.id]);
    const byEndpoint = (id: string) => rows.filter((r) => r.endpointId === id).map((r) => r.eventType);
    expect(byEndpoint(all.id)).toEqual(['offer.created', 'offer.status_changed']);
    expect(byEndpoint(changes.id)).toEqual(['offer.status_changed']);
    expect(byEndpoint(paused.id)).toEqual([]);
    expect(byEndpoint(prodEndpoint.id)).toEqual([]);
    expect(byEndpoint(otherEndpoint.id)).toEqual([]);
    // One event id per change, the same for every endpoint.
    const changed = rows.filter((r) => r.eventType === 'offer.status_changed');
    expect(new Set(changed.map((r) => r.eventId)).size).toBe(1);
  });

  it('writes the events of a whole processor batch at once, in order', async () => {
    const dealer = await newDealer();
    const endpoint = await registerEndpoint(dealer.token, { url: 'http://127.0.0.1:9/hook', events: ['offer.status_changed'] });
    const created = [];
    for (let i = 0; i < 60; i++) created.push(await createOffer(dealer.token));
    const started = performance.now();
    const summary = await processOffers({ ids: created.map((o) => o.id) });
    const elapsed = performance.now() - started;
    expect(summary.processed).toBe(60);
    const rows = await getDb()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.eventType, 'offer.status_changed')));
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.offerId))).toEqual(new Set(created.map((o) => o.id)));
    expect(rows.every((r) => r.data.oldStatus === 'pending' && r.data.newStatus === 'draft')).toBe(true);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('leaves offers without endpoints as they were: history only', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    expect(await deliveriesOf([offer.id])).toEqual([]);
    const res = await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token });
    expect(res.body.data).toHaveLength(2);
    const [stored] = await getDb().select({ status: offers.status }).from(offers).where(eq(offers.id, offer.id));
    expect(stored!.status).toBe('draft');
  });
});
