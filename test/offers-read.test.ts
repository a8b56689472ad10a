import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { demoToken, newClient, newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// GET /v1/offers/{id} — spec "Get an offer", "Conventions" 5 and 7, docs/contract.md "Endpoints"
// (sparse fieldsets, ETag) and "Lifecycle" (nextSteps).

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

const get = (id: string, options: { token?: string; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  api.get(`/v1/offers/${id}`, { token: dealer.token, ...options });

const advance = (id: string, to?: string) =>
  api.post(`/v1/sandbox/offers/${id}/advance`, { token: dealer.token, query: to ? { to } : {} });

describe('GET /v1/offers/{id}', () => {
  it('spec Get an offer: answers 200 with the offer and its status object under data, and meta', async () => {
    const created = await api.post('/v1/offers', { token: dealer.token, body: offerBody() });
    const res = await get(created.body.data.id);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({});
    expect(res.body.data).toEqual(created.body.data);
    expect(res.body.data.status.current.code).toBe('pending');
  });

  it('spec Get an offer: answers the offer in the state in which it was last processed', async () => {
    const offer = await createOffer(dealer.token);
    await advance(offer.id);
    const res = await get(offer.id);
    expect(res.body.data.status.current.code).toBe('draft');
    expect(Date.parse(res.body.data.statusChangedAt)).toBeGreaterThanOrEqual(Date.parse(offer.statusChangedAt));
  });

  it('spec What the service does 4: another dealer’s offer answers 404 NOT_FOUND', async () => {
    const offer = await createOffer(dealer.token);
    const other = await tokenFor('other-sandbox', 'other-sandbox-secret');
    const res = await get(offer.id, { token: other });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('NOT_FOUND');
    expect(res.text).not.toContain(offer.offerNumber);
  });

  it('contract Authentication: an offer is visible only in its environment (the same dealer’s production client gets 404)', async () => {
    const offer = await createOffer(dealer.token);
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    expect((await get(offer.id, { token: production.token })).status).toBe(404);
    expect((await get(offer.id, { token: (await newClient(dealer.dealerId)).token })).status).toBe(200);
  });

  it('spec Errors 404: an unknown id answers 404 NOT_FOUND in the error envelope', async () => {
    const res = await get(randomUUID());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [expect.objectContaining({ code: 'NOT_FOUND', message: expect.any(String) })] });
  });

  it('spec Authentication 3: a read-only client may read (offers:read)', async () => {
    const offer = await createOffer(await demoToken());
    const readonly = await tokenFor('demo-readonly', 'demo-readonly-secret');
    expect((await get(offer.id, { token: readonly })).status).toBe(200);
  });
});

describe('GET /v1/offers/{id} — sparse fieldsets (spec Conventions 5)', () => {
  it('spec Conventions 5: fields returns only the named top-level fields, id always included', async () => {
    const offer = await createOffer(dealer.token);
    const res = await get(offer.id, { query: { fields: 'offerNumber,status' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['id', 'offerNumber', 'status']);
    expect(res.body.data.offerNumber).toBe(offer.offerNumber);
    expect(res.body.data.status.current.code).toBe('pending');
  });

  it('spec Conventions 5: without fields (or with an empty one) all of data is returned', async () => {
    const offer = await createOffer(dealer.token);
    const full = await get(offer.id);
    const empty = await get(offer.id, { query: { fields: '' } });
    expect(empty.body.data).toEqual(full.body.data);
    expect(Object.keys(full.body.data)).toEqual(expect.arrayContaining(['product', 'accessory', 'status', 'totalPriceGross']));
    // A list that names no field asks for all of data too.
    for (const path of [`${offer.id}?fields=%2C`, `${offer.id}?fields=%20%2C%20`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toEqual(full.body.data);
    }
    // A parameter given twice is refused, naming it: which value was meant is not ours to guess.
    for (const path of [`${offer.id}?fields=&fields=status`, `${offer.id}?fields=status&fields=`]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0], path).toMatchObject({ code: 'INVALID_PARAMETER', details: 'fields' });
    }
  });

  it('spec Conventions 5: a field that is absent on this offer (null, omitted) is simply left out', async () => {
    const offer = await createOffer(dealer.token);
    const res = await get(offer.id, { query: { fields: 'cancelReason,customerName' } });
    expect(res.body.data).toEqual({ id: offer.id, customerName: offer.customerName });
  });

  it('contract Endpoints: unknown field names answer 400 INVALID_PARAMETER naming fields', async () => {
    const offer = await createOffer(dealer.token);
    const res = await get(offer.id, { query: { fields: 'offerNumber,dealerId' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'fields' });
    expect(res.body.errors[0].message).toContain('dealerId');
  });

  it('spec Conventions 5: nested names are unsupported (400)', async () => {
    const offer = await createOffer(dealer.token);
    const res = await get(offer.id, { query: { fields: 'product.brandName' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('INVALID_PARAMETER');
  });
});

describe('GET /v1/offers/{id} — caching (spec Conventions 7)', () => {
  it('spec Conventions 7: the answer carries an ETag and Cache-Control private, no-cache', async () => {
    const offer = await createOffer(dealer.token);
    const res = await get(offer.id);
    expect(res.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('spec Conventions 7: If-None-Match with the current ETag answers 304 without a body', async () => {
    const offer = await createOffer(dealer.token);
    const first = await get(offer.id);
    const etag = first.headers.get('etag')!;
    const again = await get(offer.id, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('spoke-request-id')).toBeTruthy();

    const listed = await get(offer.id, { headers: { 'if-none-match': `"something-else", ${etag}` } });
    expect(listed.status).toBe(304);
  });

  it('spec Conventions 7: a stale ETag answers 200 with the new state and a new ETag', async () => {
    const offer = await createOffer(dealer.token);
    const etag = (await get(offer.id)).headers.get('etag')!;
    await advance(offer.id);
    const res = await get(offer.id, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(200);
    expect(res.body.data.status.current.code).toBe('draft');
    expect(res.headers.get('etag')).not.toBe(etag);
  });

  it('spec Conventions 7: the ETag depends on the representation (fields, language)', async () => {
    const offer = await createOffer(dealer.token);
    const full = (await get(offer.id)).headers.get('etag');
    const sparse = (await get(offer.id, { query: { fields: 'status' } })).headers.get('etag');
    const german = (await get(offer.id, { headers: { 'accept-language': 'de' } })).headers.get('etag');
    expect(new Set([full, sparse, german]).size).toBe(3);
    const res = await get(offer.id, { query: { fields: 'status' }, headers: { 'if-none-match': full! } });
    expect(res.status).toBe(200);
  });
});

describe('status.nextSteps (contract Lifecycle: exactly the statuses reachable in one step)', () => {
  const codes = (res: any) => res.body.data.status.nextSteps.map((s: any) => s.code).sort();

  it('contract Lifecycle: nextSteps along the happy path pending → draft → … → done', async () => {
    const offer = await createOffer(dealer.token);
    expect(codes(await get(offer.id))).toEqual(['canceled', 'draft', 'rejected']);
    const expected: Array<[string, string[]]> = [
      ['draft', ['canceled', 'order_journey_started', 'pending']],
      ['order_journey_started', ['canceled', 'employer_decision_pending']],
      ['employer_decision_pending', ['canceled', 'operator_decision_pending', 'rejected']],
      ['operator_decision_pending', ['canceled', 'done', 'rejected']],
      ['done', []],
    ];
    for (const [status, next] of expected) {
      const res = await advance(offer.id);
      expect(res.status).toBe(200);
      expect(res.body.data.status.current.code).toBe(status);
      expect(codes(res)).toEqual(next);
      expect(codes(await get(offer.id))).toEqual(next);
    }
  });

  it('contract Lifecycle: a rejected offer may be resubmitted or canceled; a canceled one has no next steps', async () => {
    const rejected = await createOffer(dealer.token, { product: { bidexCode: '999999', brandName: 'X', modelName: 'Y', priceGross: 1 } });
    await advance(rejected.id);
    const res = await get(rejected.id);
    expect(res.body.data.status.current.code).toBe('rejected');
    expect(codes(res)).toEqual(['canceled', 'pending']);

    const canceled = await createOffer(dealer.token);
    await api.post(`/v1/offers/${canceled.id}/cancel`, { token: dealer.token });
    expect(codes(await get(canceled.id))).toEqual([]);
  });
});
