import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { offerHistory } from '@/db/schema';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newClient, newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// PUT /v1/offers/{id} — spec "Update an offer", "Offer (request body for update)", the States
// table row "any → unchanged, 406", and docs/contract.md "Lifecycle" and "Errors" (409, ignored fields).

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

/** An update body: the create body without the fields an update cannot change. */
/** An update body that changes the offer (its notes differ each time): an update without a change changes nothing. */
function updateBody(overrides: Record<string, unknown> = {}) {
  const { externalOfferId: _e, customerName: _n, customerEmail: _m, ...rest } = offerBody();
  return { ...rest, notes: `Updated ${Math.random().toString(36).slice(2)}`, ...overrides };
}

const put = (id: string, body: unknown, token = dealer.token) => api.put(`/v1/offers/${id}`, { token, body });
const get = (id: string) => api.get(`/v1/offers/${id}`, { token: dealer.token });
const advance = async (id: string, to?: string) => {
  const res = await api.post(`/v1/sandbox/offers/${id}/advance`, { token: dealer.token, query: to ? { to } : {} });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

/** A new offer of the dealer, processed to draft. */
async function draftOffer(overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(dealer.token, overrides);
  expect((await advance(offer.id)).status.current.code).toBe('draft');
  return offer;
}

async function historyOf(id: string) {
  return getDb().select().from(offerHistory).where(eq(offerHistory.offerId, id));
}

describe('PUT /v1/offers/{id}', () => {
  it('spec Update an offer: a draft offer is updated with 202 and is pending again (contract Lifecycle: resubmission)', async () => {
    const offer = await draftOffer();
    const res = await put(
      offer.id,
      updateBody({
        product: { bidexCode: '102030', brandName: 'Riese', modelName: 'Delite', priceGross: 4999.5, listPriceGross: 5299 },
        accessory: [{ bidexCode: '201110', brandName: 'Supernova', modelName: 'M99', priceGross: 150 }],
        shippingCostGross: 0,
        installationCostGross: 20,
      }),
    );
    expect(res.status, res.text).toBe(202);
    expect(res.body.meta).toEqual({});
    const data = res.body.data;
    expect(data.id).toBe(offer.id);
    expect(data.offerNumber).toBe(offer.offerNumber);
    expect(data.status.current.code).toBe('pending');
    expect(data.status.nextSteps.map((s: any) => s.code).sort()).toEqual(['canceled', 'draft', 'rejected']);
    expect(data.product).toEqual({ bidexCode: '102030', brandName: 'Riese', modelName: 'Delite', priceGross: 4999.5, listPriceGross: 5299 });
    expect(data.accessory).toEqual([{ bidexCode: '201110', brandName: 'Supernova', modelName: 'M99', priceGross: 150 }]);
    expect(data.totalPriceGross).toBe(5169.5);

    expect((await get(offer.id)).body.data).toEqual(data);
    await processOffers();
    const processed = (await get(offer.id)).body.data;
    expect(processed.status.current.code).toBe('draft');
    expect(processed.product.bidexCode).toBe('102030');
  });

  it('spec Offer (request body for update): PUT replaces the data — left-out optional fields are cleared, withShipping false', async () => {
    const offer = await draftOffer();
    const res = await put(offer.id, { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: 3000 }, accessory: [] });
    expect(res.status).toBe(202);
    const data = res.body.data;
    expect(data.withShipping).toBe(false);
    for (const gone of ['notes', 'deliveryDate', 'shippingCostGross', 'installationCostGross']) expect(data).not.toHaveProperty(gone);
    expect(data.accessory).toEqual([]);
    expect(data.totalPriceGross).toBe(3000);
  });

  it('contract Errors: an update ignores externalOfferId, customerName and customerEmail', async () => {
    const offer = await draftOffer();
    const res = await put(offer.id, {
      ...updateBody(),
      externalOfferId: 'CHANGED-ID',
      customerName: 'Someone Else',
      customerEmail: 'else@example.com',
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      externalOfferId: offer.externalOfferId,
      customerName: offer.customerName,
      customerEmail: offer.customerEmail,
    });
    const history = await historyOf(offer.id);
    const fields = history.flatMap((h) => h.changes.map((c) => c.field));
    expect(fields).not.toContain('externalOfferId');
    expect(fields).not.toContain('customerName');
    expect(fields).not.toContain('customerEmail');
  });

  it('spec Classification codes: an update remaps 202120–202150 to 202100 too, with the info', async () => {
    const offer = await draftOffer();
    const res = await put(offer.id, updateBody({ accessory: [{ bidexCode: '202150', priceGross: 80 }] }));
    expect(res.body.data.accessory).toEqual([{ bidexCode: '202100', priceGross: 80 }]);
    expect(res.body.data.status.infos).toEqual([
      expect.objectContaining({ code: 'BIDEX_CODE_REMAPPED', field: 'accessory[0].bidexCode' }),
    ]);
  });

  it('spec States: a rejected offer is corrected and resubmitted by an update (202), and its errors are cleared', async () => {
    const offer = await createOffer(dealer.token, { product: { ...offerBody().product, bidexCode: '999999' } });
    const rejected = await advance(offer.id);
    expect(rejected.status.current.code).toBe('rejected');
    expect(rejected.status.errors.length).toBeGreaterThan(0);
    const res = await put(offer.id, updateBody());
    expect(res.status).toBe(202);
    expect(res.body.data.status.current.code).toBe('pending');
    expect(res.body.data.status.errors).toEqual([]);
    expect((await advance(offer.id)).status.current.code).toBe('draft');
  });

  it('spec Update an offer: an offer may be updated again once the previous change is processed', async () => {
    const offer = await draftOffer();
    expect((await put(offer.id, updateBody({ notes: 'first' }))).status).toBe(202);
    await processOffers();
    const res = await put(offer.id, updateBody({ notes: 'second' }));
    expect(res.status).toBe(202);
    expect(res.body.data.notes).toBe('second');
  });
});

describe('PUT /v1/offers/{id} — 406 while an earlier change is processed (spec States; contract Errors)', () => {
  it('spec Update an offer: an update of a pending offer answers 406 OFFER_IS_BEING_PROCESSED and changes nothing', async () => {
    const offer = await createOffer(dealer.token);
    const before = (await get(offer.id)).body.data;
    const res = await put(offer.id, updateBody({ notes: 'too early' }));
    expect(res.status).toBe(406);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({ code: 'OFFER_IS_BEING_PROCESSED', message: expect.any(String) });
    expect(res.body.errors[0].translations.de.length).toBeGreaterThan(0);
    expect(res.body.errors[0].translations.en.length).toBeGreaterThan(0);
    expect((await get(offer.id)).body.data).toEqual(before);
    expect((await historyOf(offer.id)).map((h) => h.action)).toEqual(['created']);
  });

  it('spec Update an offer: right after an accepted update the next one answers 406', async () => {
    const offer = await draftOffer();
    expect((await put(offer.id, updateBody({ notes: 'one' }))).status).toBe(202);
    const second = await put(offer.id, updateBody({ notes: 'two' }));
    expect(second.status).toBe(406);
    expect(second.body.errors[0].code).toBe('OFFER_IS_BEING_PROCESSED');
    expect((await get(offer.id)).body.data.notes).toBe('one');
  });

  it('contract Errors (issue 4): N = 10 concurrent updates of one draft offer give exactly one 202, the rest 406', async () => {
    const offer = await draftOffer();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => put(offer.id, updateBody({ notes: `concurrent ${i}` }))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([202, 406, 406, 406, 406, 406, 406, 406, 406, 406]);
    for (const r of results.filter((x) => x.status === 406)) expect(r.body.errors[0].code).toBe('OFFER_IS_BEING_PROCESSED');
    const winner = results.find((r) => r.status === 202)!;
    const stored = (await get(offer.id)).body.data;
    expect(stored.notes).toBe(winner.body.data.notes);
    expect((await historyOf(offer.id)).filter((h) => h.action === 'updated')).toHaveLength(1);
  });

  it('contract Errors (issue 4): concurrent updates through different clients of the dealer still give one 202', async () => {
    const offer = await draftOffer();
    const second = await newClient(dealer.dealerId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => put(offer.id, updateBody(), dealer.token)),
      ...Array.from({ length: 5 }, () => put(offer.id, updateBody(), second.token)),
    ]);
    expect(results.filter((r) => r.status === 202)).toHaveLength(1);
    expect(results.filter((r) => r.status === 406)).toHaveLength(9);
  });
});

describe('PUT /v1/offers/{id} — 409 OFFER_NOT_MODIFIABLE (contract Lifecycle)', () => {
  const laterSteps = ['order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done'];

  it('contract Lifecycle: from order_journey_started on, and once done, an update is 409 OFFER_NOT_MODIFIABLE', async () => {
    const offer = await draftOffer();
    for (const status of laterSteps) {
      expect((await advance(offer.id)).status.current.code).toBe(status);
      const before = (await get(offer.id)).body.data;
      const res = await put(offer.id, updateBody({ notes: `in ${status}` }));
      expect(res.status, status).toBe(409);
      expect(res.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
      expect((await get(offer.id)).body.data).toEqual(before);
    }
  });

  it('contract Lifecycle: a canceled offer is final — update is 409 OFFER_NOT_MODIFIABLE', async () => {
    for (const from of ['pending', 'draft']) {
      const offer = from === 'pending' ? await createOffer(dealer.token) : await draftOffer();
      expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token })).status).toBe(200);
      const res = await put(offer.id, updateBody());
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
      expect((await get(offer.id)).body.data.status.current.code).toBe('canceled');
    }
  });

  it('contract Lifecycle: an offer rejected by the employer may be resubmitted (rejected → pending)', async () => {
    const offer = await draftOffer();
    await advance(offer.id); // order_journey_started
    await advance(offer.id); // employer_decision_pending
    expect((await advance(offer.id, 'rejected')).status.current.code).toBe('rejected');
    expect((await put(offer.id, updateBody())).status).toBe(202);
  });
});

describe('PUT /v1/offers/{id} — history and other errors', () => {
  it('contract Lifecycle: an update writes a history entry with the changed fields, old and new values', async () => {
    const offer = await draftOffer();
    const body = updateBody({
      product: { ...offerBody().product, brandName: 'Riese', priceGross: 2999 },
      notes: undefined,
    });
    expect((await put(offer.id, body)).status).toBe(202);
    const res = await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token });
    const entry = res.body.data[0];
    expect(entry).toMatchObject({ action: 'updated', fromStatus: 'draft', toStatus: 'pending', actor: { type: 'client', id: dealer.clientId } });
    const byField = Object.fromEntries(entry.changes.map((c: any) => [c.field, c]));
    expect(byField['product.brandName']).toEqual({ field: 'product.brandName', old: 'Cube', new: 'Riese' });
    expect(byField['product.priceGross']).toEqual({ field: 'product.priceGross', old: 3499, new: 2999 });
    expect(byField.notes).toMatchObject({ field: 'notes', old: 'Customer picks up in store.' });
    expect(byField.notes.new).toBeUndefined();
    expect(Object.keys(byField).sort()).toEqual(['notes', 'product.brandName', 'product.priceGross']);
  });

  it('contract Errors: an update that would make a rejected offer’s externalOfferId collide with an active offer is 409 CONFLICT', async () => {
    const ext = `COLLIDE-${Date.now()}`;
    const rejected = await createOffer(dealer.token, { externalOfferId: ext, product: { ...offerBody().product, bidexCode: '999999' } });
    expect((await advance(rejected.id)).status.current.code).toBe('rejected');
    await createOffer(dealer.token, { externalOfferId: ext }); // reuse while rejected: allowed
    const res = await put(rejected.id, updateBody());
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('CONFLICT');
    expect((await get(rejected.id)).body.data.status.current.code).toBe('rejected');
  });

  it('spec Offer (request body for update): product and accessory are required (400 MISSING_PARAMETER)', async () => {
    const offer = await draftOffer();
    const noProduct = await put(offer.id, { accessory: [] });
    expect(noProduct.status).toBe(400);
    expect(noProduct.body.errors).toEqual([expect.objectContaining({ code: 'MISSING_PARAMETER', details: 'product' })]);
    const noAccessory = await put(offer.id, { product: { bidexCode: '102020' } });
    expect(noAccessory.body.errors).toEqual([expect.objectContaining({ code: 'MISSING_PARAMETER', details: 'accessory' })]);
    const bad = await put(offer.id, updateBody({ accessory: [{ bidexCode: '2010' }], deliveryDate: 'soon' }));
    expect(bad.body.errors.map((e: any) => [e.code, e.details])).toEqual([
      ['INVALID_PARAMETER', 'accessory[0].bidexCode'],
      ['INVALID_PARAMETER', 'deliveryDate'],
    ]);
    expect((await get(offer.id)).body.data.status.current.code).toBe('draft');
  });

  it('spec Errors: update of an unknown or another dealer’s offer is 404; a malformed id is 400', async () => {
    const offer = await draftOffer();
    const other = await tokenFor('other-sandbox', 'other-sandbox-secret');
    expect((await put(offer.id, updateBody(), other)).status).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', updateBody())).status).toBe(404);
    const malformed = await put('not-a-uuid', updateBody());
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'id' });
  });

  it('spec Authentication 3: a client without offers:write gets 403 FORBIDDEN', async () => {
    const offer = await draftOffer();
    const readonly = await newClient(dealer.dealerId, { scopes: ['offers:read'] });
    const res = await put(offer.id, updateBody(), readonly.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('FORBIDDEN');
  });
});
