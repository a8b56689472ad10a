import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { resubmitOffer, setOfferStatus } from '@/db/repositories/offers-write';
import { DEMO } from '@/db/seed';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { tokenFor } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Tenancy beyond single-offer reads: everything that looks at more than one offer (lists,
// search, the external-id conflict, the "external id already used" info, the dry run,
// idempotency keys, ETags) stays inside one dealer and one environment.

let sandboxA: string;
let productionA: string;
let sandboxB: string;

const unique = () => randomBytes(5).toString('hex');
const statusCodes = (offer: { status: { infos: { code: string }[] } }) => offer.status.infos.map((i) => i.code);

beforeAll(async () => {
  sandboxA = await tokenFor('demo-sandbox', 'demo-sandbox-secret');
  productionA = await tokenFor('demo-production', 'demo-production-secret');
  sandboxB = await tokenFor('other-sandbox', 'other-sandbox-secret');
});

async function advance(token: string, id: string) {
  const res = await api.post(`/v1/sandbox/offers/${id}/advance`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('lists and search', () => {
  it("never show another dealer's or environment's offers, whatever the filter", async () => {
    const tag = unique();
    const a = await createOffer(sandboxA, { externalOfferId: `T-${tag}`, customerName: `Anna ${tag}`, customerEmail: `anna-${tag}@a.example` });

    for (const token of [sandboxB, productionA]) {
      for (const query of [
        { externalOfferId: `T-${tag}` },
        { email: `ANNA-${tag}@A.EXAMPLE` },
        { offerNumber: a.offerNumber },
        { search: tag },
        { search: a.offerNumber },
        { status: '!done' },
        { perPage: 100 },
      ]) {
        const res = await api.get('/v1/offers', { token, query: { perPage: 100, ...query } });
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.map((o: { id: string }) => o.id)).not.toContain(a.id);
        expect(res.text).not.toContain(tag);
        if (query.externalOfferId || query.email || query.offerNumber || query.search) expect(res.body.meta.totalCount).toBe(0);
      }
    }
    const own = await api.get('/v1/offers', { token: sandboxA, query: { externalOfferId: `T-${tag}` } });
    expect(own.body.data.map((o: { id: string }) => o.id)).toEqual([a.id]);
  });

  it('counts only the own offers', async () => {
    const before = (await api.get('/v1/offers', { token: sandboxB })).body.meta.totalCount as number;
    await createOffer(sandboxA);
    await createOffer(productionA);
    expect((await api.get('/v1/offers', { token: sandboxB })).body.meta.totalCount).toBe(before);
  });
});

describe('external ids', () => {
  it('an active external id of dealer A is free for dealer B and for A in production (no 409 that reveals it)', async () => {
    const ext = `ERP-${unique()}`;
    await createOffer(sandboxA, { externalOfferId: ext });
    expect((await api.post('/v1/offers', { token: sandboxA, body: offerBody({ externalOfferId: ext }) })).status).toBe(409);
    const b = await api.post('/v1/offers', { token: sandboxB, body: offerBody({ externalOfferId: ext }) });
    expect(b.status, b.text).toBe(202);
    const prod = await api.post('/v1/offers', { token: productionA, body: offerBody({ externalOfferId: ext }) });
    expect(prod.status, prod.text).toBe(202);
  });

  it("the 'external id already used' info names only the tenant's own finished offers", async () => {
    const ext = `ERP-${unique()}`;
    const first = await createOffer(sandboxA, { externalOfferId: ext });
    const canceled = await api.post(`/v1/offers/${first.id}/cancel`, { token: sandboxA, query: { cancelReason: 'other' } });
    expect(canceled.status, canceled.text).toBe(200);

    // Dealer A again, same environment: the info names the canceled offer (the control).
    const again = await createOffer(sandboxA, { externalOfferId: ext });
    const processedAgain = await advance(sandboxA, again.id);
    expect(statusCodes(processedAgain)).toContain('EXTERNAL_ID_ALREADY_USED');
    expect(JSON.stringify(processedAgain.status.infos)).toContain(first.offerNumber);

    // Dealer B with the same external id: nothing about A's offers.
    const b = await createOffer(sandboxB, { externalOfferId: ext });
    const processedB = await advance(sandboxB, b.id);
    expect(statusCodes(processedB)).not.toContain('EXTERNAL_ID_ALREADY_USED');
    expect(JSON.stringify(processedB)).not.toContain(first.offerNumber);

    // A's production environment: nothing about the sandbox offers either.
    const prod = await createOffer(productionA, { externalOfferId: ext });
    await processOffers({ ids: [prod.id] });
    const processedProd = (await api.get(`/v1/offers/${prod.id}`, { token: productionA })).body.data;
    expect(processedProd.status.current.code).not.toBe('pending');
    expect(statusCodes(processedProd)).not.toContain('EXTERNAL_ID_ALREADY_USED');
    expect(JSON.stringify(processedProd)).not.toContain(first.offerNumber);

    // The dry run answers the same way: once A's second offer is finished too, its info names A's
    // own finished offers; B and A's production, whose offers still hold the id, get the conflict
    // that names their own offer — and nothing about A's sandbox offers either way.
    expect((await api.post(`/v1/offers/${again.id}/cancel`, { token: sandboxA })).status).toBe(200);
    const dryA = await api.post('/v1/offers/validate', { token: sandboxA, body: offerBody({ externalOfferId: ext }) });
    expect(dryA.status, dryA.text).toBe(200);
    expect(dryA.text).toContain(first.offerNumber);
    for (const [token, own] of [[sandboxB, b.id], [productionA, prod.id]] as const) {
      const dry = await api.post('/v1/offers/validate', { token, body: offerBody({ externalOfferId: ext }) });
      expect(dry.status, dry.text).toBe(409);
      expect(dry.body.errors[0]).toMatchObject({ code: 'CONFLICT', offerId: own });
      expect(dry.text).not.toContain(first.offerNumber);
      expect(dry.text).not.toContain('EXTERNAL_ID_ALREADY_USED');
    }
  });
});

describe('idempotency keys', () => {
  it("belong to one tenant: another tenant's same key neither replays nor conflicts", async () => {
    const key = `key-${unique()}`;
    const bodyA = offerBody({ customerName: `Only A ${unique()}` });
    const a = await api.post('/v1/offers', { token: sandboxA, body: bodyA, headers: { 'idempotency-key': key } });
    expect(a.status, a.text).toBe(202);

    for (const token of [sandboxB, productionA]) {
      // The very same body and key: a new offer of this tenant, not A's answer.
      const same = await api.post('/v1/offers', { token, body: { ...bodyA, externalOfferId: `X-${unique()}` }, headers: { 'idempotency-key': key } });
      expect(same.status, same.text).toBe(202);
      expect(same.body.data.id).not.toBe(a.body.data.id);
      expect(same.headers.get('spoke-idempotent-replayed')).toBe('false');
      // Another body with the key: no 409, since the key is not this tenant's.
      const other = await api.post('/v1/offers', { token, body: offerBody(), headers: { 'idempotency-key': `${key}-2` } });
      expect(other.status, other.text).toBe(202);
    }
    const replay = await api.post('/v1/offers', { token: sandboxA, body: bodyA, headers: { 'idempotency-key': key } });
    expect(replay.body.data.id).toBe(a.body.data.id);
  });
});

describe('conditional requests', () => {
  it("If-None-Match never turns another tenant's 404 into a 304", async () => {
    const a = await createOffer(sandboxA);
    const own = await api.get(`/v1/offers/${a.id}`, { token: sandboxA });
    const etag = own.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await api.get(`/v1/offers/${a.id}`, { token: sandboxA, headers: { 'if-none-match': etag } })).status).toBe(304);
    for (const token of [sandboxB, productionA]) {
      for (const tag of [etag, '*']) {
        const res = await api.get(`/v1/offers/${a.id}`, { token, headers: { 'if-none-match': tag } });
        expect(res.status).toBe(404);
        expect(res.body.errors[0].code).toBe('NOT_FOUND');
        const history = await api.get(`/v1/offers/${a.id}/history`, { token, headers: { 'if-none-match': tag } });
        expect(history.status).toBe(404);
      }
    }
  });
});

describe('the repository scopes writes too', () => {
  it("setOfferStatus and resubmitOffer change nothing of another tenant's offer", async () => {
    const a = await createOffer(sandboxA, { notes: 'original notes' });
    const before = (await api.get(`/v1/offers/${a.id}`, { token: sandboxA })).body.data;
    const others = [
      { dealerId: DEMO.dealerB.id, environment: 'sandbox' as const },
      { dealerId: DEMO.dealerA.id, environment: 'production' as const },
    ];
    for (const tenant of others) {
      expect(await setOfferStatus(getDb(), tenant, a.id, 'canceled', { cancelReason: 'other' })).toBe(false);
      const data = { product: { bidexCode: '102020', brandName: 'Intruder', modelName: 'X', priceGross: 1 }, accessory: [], notes: 'overwritten' };
      expect(await resubmitOffer(getDb(), tenant, a.id, data, [])).toBe(false);
    }
    const after = (await api.get(`/v1/offers/${a.id}`, { token: sandboxA })).body.data;
    expect(after).toEqual(before);
    expect(after.accessory).toHaveLength(2);

    // The owner's tenant does change it (the control).
    expect(await setOfferStatus(getDb(), { dealerId: DEMO.dealerA.id, environment: 'sandbox' }, a.id, 'canceled', { cancelReason: 'other' })).toBe(true);
    expect((await api.get(`/v1/offers/${a.id}`, { token: sandboxA })).body.data.status.current.code).toBe('canceled');
  });
});
