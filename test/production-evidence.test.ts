import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listApiClients } from '@/db/repositories/api-clients';
import { listDealerActions } from '@/db/repositories/dealers';
import { findDealer } from '@/db/repositories/operator-dealers';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { deliverWebhooks } from '@/lib/webhooks/deliver';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { consoleHeaders, demoUser } from './operator-session';

// Production needs evidence (docs/console.md): the console enables production for a dealer only
// when its sandbox record meets every item of the checklist — offers created, an offer in draft, a
// rejection fixed, an offer canceled, webhooks tried — or with an operator's override and its
// reason, recorded in operator_actions. Through the real console endpoints with an operator session.

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function headers() {
  return consoleHeaders(await demoUser('operator@example.com'));
}

const enable = async (dealerId: string, body: Record<string, unknown>) =>
  api.post(`/api/console/dealers/${dealerId}/production`, { headers: await headers(), body });

async function checklistOf(dealerId: string) {
  const res = await api.get(`/api/console/dealers/${dealerId}/evaluation`, { headers: await headers() });
  expect(res.status, res.text).toBe(200);
  const checklist = res.body.data.checklist as { allMet: boolean; missing: string[]; items: { key: string; met: boolean; figures: Record<string, number> }[] };
  return { ...checklist, met: Object.fromEntries(checklist.items.map((i) => [i.key, i.met])), figures: Object.fromEntries(checklist.items.map((i) => [i.key, i.figures])) };
}

/** Nothing of an enabling was written: no production client, no productionEnabledAt, no action. */
async function expectNothingWritten(dealer: TestDealer) {
  expect((await findDealer(getDb(), dealer.dealerId))!.productionEnabledAt).toBeNull();
  expect((await listApiClients(getDb(), dealer.dealerId)).filter((c) => c.environment === 'production')).toEqual([]);
  expect(await listDealerActions(getDb(), dealer.dealerId)).toEqual([]);
}

const ALL_ITEMS = ['offersCreated', 'offerDraft', 'rejectionFixed', 'offerCanceled', 'webhooksTried'];

describe('production needs evidence', () => {
  it('refuses a dealer without a sandbox record, names what is missing, and writes nothing', async () => {
    const dealer = await newDealer();
    const checklist = await checklistOf(dealer.dealerId);
    expect(checklist).toMatchObject({ allMet: false, missing: ALL_ITEMS });
    expect(checklist.figures.offersCreated).toEqual({ count: 0 });

    const refused = await enable(dealer.dealerId, {});
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'CONFLICT', details: ALL_ITEMS.join(',') });
    expect(refused.body.errors[0].message).toContain('Offers created');
    expect(refused.body.errors[0].message).toContain('Webhooks tried');
    const german = await api.post(`/api/console/dealers/${dealer.dealerId}/production`, { headers: { ...(await headers()), 'accept-language': 'de' }, body: {} });
    expect(german.status).toBe(409);
    expect(german.body.errors[0].message).toContain('Angebote angelegt');
    await expectNothingWritten(dealer);
  });

  it('refuses an override without a real reason: empty, blank, missing or too long', async () => {
    const dealer = await newDealer();
    for (const override of [{ reason: '' }, { reason: '   \n\t ' }, {}, { reason: 'x'.repeat(1001) }, { reason: 42 }, true]) {
      const res = await enable(dealer.dealerId, { override });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.errors[0].code).toMatch(/^(INVALID_PARAMETER|MISSING_PARAMETER|INVALID_REQUEST)$/);
    }
    await expectNothingWritten(dealer);
  });

  it('enables by override with a reason and records the reason and the checklist of that moment', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });

    const res = await enable(dealer.dealerId, { scopes: ['offers:read', 'offers:write'], override: { reason: '  Pilot dealer; integration reviewed with their developer on a call.  ' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ environment: 'production', scopes: ['offers:read', 'offers:write'] });
    expect((await findDealer(getDb(), dealer.dealerId))!.productionEnabledAt).toBeInstanceOf(Date);

    const actions = (await listDealerActions(getDb(), dealer.dealerId)).reverse();
    expect(actions.map((a) => a.action)).toEqual(['production_enabled', 'client_created']);
    expect(actions[0]!.actorName).toBe('Otto Operator');
    expect(actions[0]!.details).toEqual({
      override: { reason: 'Pilot dealer; integration reviewed with their developer on a call.' },
      checklist: [
        { key: 'offersCreated', met: true, count: 1 },
        { key: 'offerDraft', met: true, count: 1 },
        { key: 'rejectionFixed', met: false, count: 0 },
        { key: 'offerCanceled', met: false, count: 0 },
        { key: 'webhooksTried', met: false, endpoints: 0, attempts: 0, delivered: 0 },
      ],
    });

    // Enabled once: further production credentials need neither the checklist nor an override.
    const further = await enable(dealer.dealerId, {});
    expect(further.status, further.text).toBe(201);
    expect((await listDealerActions(getDb(), dealer.dealerId)).map((a) => a.action)).toEqual(['client_created', 'client_created', 'production_enabled']);
  });

  it('turns every item met from a real sandbox record and then enables production without override', async () => {
    const dealer = await newDealer();
    const receiver = await startReceiver();
    receivers.push(receiver);
    const hook = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } });
    expect(hook.status, hook.text).toBe(201);

    // Offers through the API, processed: one valid, one rejected (price above list price), one to cancel.
    const valid = await createOffer(dealer.token);
    const bad = await createOffer(dealer.token, { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'K', priceGross: 4000, listPriceGross: 3000 } });
    const toCancel = await createOffer(dealer.token);
    await processOffers({ ids: [valid.id, bad.id, toCancel.id] });
    let c = await checklistOf(dealer.dealerId);
    expect(c.met).toEqual({ offersCreated: true, offerDraft: true, rejectionFixed: false, offerCanceled: false, webhooksTried: false });
    expect(c.figures).toMatchObject({ offersCreated: { count: 3 }, offerDraft: { count: 2 }, webhooksTried: { endpoints: 1, attempts: 0 } });
    expect((await enable(dealer.dealerId, {})).status).toBe(409);

    // The rejected offer fixed and resubmitted: it reaches draft.
    const fixed = await api.put(`/v1/offers/${bad.id}`, { token: dealer.token, body: { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'K', priceGross: 3000, listPriceGross: 3000 }, accessory: [] } });
    expect(fixed.status, fixed.text).toBe(202);
    await processOffers({ ids: [bad.id] });
    c = await checklistOf(dealer.dealerId);
    expect(c.met).toMatchObject({ rejectionFixed: true, offerCanceled: false });
    expect(c.figures.rejectionFixed).toEqual({ count: 1 });

    const canceled = await api.post(`/v1/offers/${toCancel.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' } });
    expect(canceled.status, canceled.text).toBe(200);
    c = await checklistOf(dealer.dealerId);
    expect(c.met).toMatchObject({ offerCanceled: true, webhooksTried: false });

    // The webhooks are delivered: an endpoint and attempts.
    const sent = await deliverWebhooks({ backoff: () => 0 });
    expect(sent.delivered).toBeGreaterThan(0);
    expect(receiver.received.length).toBeGreaterThan(0);
    c = await checklistOf(dealer.dealerId);
    expect(c.allMet).toBe(true);
    expect(c.missing).toEqual([]);
    expect(c.figures).toMatchObject({ offersCreated: { count: 3 }, offerDraft: { count: 3 }, rejectionFixed: { count: 1 }, offerCanceled: { count: 1 } });
    expect(c.figures.webhooksTried!.endpoints).toBe(1);
    expect(c.figures.webhooksTried!.attempts).toBeGreaterThanOrEqual(receiver.received.length);

    const res = await enable(dealer.dealerId, {});
    expect(res.status, res.text).toBe(201);
    expect((await findDealer(getDb(), dealer.dealerId))!.productionEnabledAt).toBeInstanceOf(Date);
    const [enabled] = (await listDealerActions(getDb(), dealer.dealerId)).filter((a) => a.action === 'production_enabled');
    expect(enabled!.details.override).toBeUndefined();
    expect((enabled!.details.checklist as { met: boolean }[]).every((i) => i.met)).toBe(true);
  });

  it('records one enabling when two operators enable the same dealer at once', async () => {
    const dealer = await newDealer();
    const results = await Promise.all([1, 2].map((n) => enable(dealer.dealerId, { override: { reason: `Operator ${n} decided` } })));
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const actions = await listDealerActions(getDb(), dealer.dealerId);
    expect(actions.filter((a) => a.action === 'production_enabled')).toHaveLength(1);
    expect(actions.filter((a) => a.action === 'client_created')).toHaveLength(2);
  });

  it('counts only the dealer’s own sandbox: another dealer’s record does not unlock it', async () => {
    const other = await newDealer();
    const offer = await createOffer(other.token);
    await processOffers({ ids: [offer.id] });
    const dealer = await newDealer();
    expect((await checklistOf(dealer.dealerId)).figures.offersCreated).toEqual({ count: 0 });
    expect((await checklistOf(other.dealerId)).figures.offersCreated).toEqual({ count: 1 });
  });
});
