import { beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_REASONS } from '@/lib/offers/contract/schemas';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newClient, newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// POST /v1/offers/{id}/cancel — spec "Cancel an offer", the States table (canceled: final, no
// later processing), docs/contract.md "Endpoints" and "Lifecycle" (any but done, canceled → canceled).

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

const cancel = (id: string, query: Record<string, string> = {}, token = dealer.token) =>
  api.post(`/v1/offers/${id}/cancel`, { token, query });
const get = (id: string) => api.get(`/v1/offers/${id}`, { token: dealer.token });
const advance = async (id: string, to?: string) => {
  const res = await api.post(`/v1/sandbox/offers/${id}/advance`, { token: dealer.token, query: to ? { to } : {} });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

/** A new offer brought to `status` through the sandbox steps. */
async function offerIn(status: string) {
  if (status === 'rejected') {
    const offer = await createOffer(dealer.token, { product: { ...offerBody().product, bidexCode: '999999' } });
    expect((await advance(offer.id)).status.current.code).toBe('rejected');
    return offer;
  }
  const offer = await createOffer(dealer.token);
  const path = ['pending', 'draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done'];
  for (let i = 0; i < path.indexOf(status); i++) await advance(offer.id);
  expect((await get(offer.id)).body.data.status.current.code).toBe(status);
  return offer;
}

describe('POST /v1/offers/{id}/cancel', () => {
  it('spec Cancel an offer: without parameters the offer is canceled — 200 with the offer (contract Endpoints)', async () => {
    const offer = await createOffer(dealer.token);
    const res = await cancel(offer.id);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({});
    const data = res.body.data;
    expect(data.id).toBe(offer.id);
    expect(data.status.current.code).toBe('canceled');
    expect(data.status.nextSteps).toEqual([]);
    expect(data.status.errors).toEqual([]);
    expect(data).not.toHaveProperty('cancelReason');
    expect(data.contactFromEmployeeRequested).toBe(false);
    expect((await get(offer.id)).body.data).toEqual(data);
  });

  for (const reason of CANCEL_REASONS) {
    it(`spec Cancel an offer cancelReason: ${reason} is accepted and kept on the offer`, async () => {
      const offer = await createOffer(dealer.token);
      const res = await cancel(offer.id, { cancelReason: reason });
      expect(res.status).toBe(200);
      expect(res.body.data.cancelReason).toBe(reason);
      expect((await get(offer.id)).body.data.cancelReason).toBe(reason);
    });
  }

  it('spec Cancel an offer: the five reasons are exactly those of the spec', () => {
    expect([...CANCEL_REASONS].sort()).toEqual(
      ['customer_wants_different_bicycle', 'delivery_date_cannot_be_met', 'manufacturer_recall', 'not_deliverable', 'other'].sort(),
    );
  });

  it('spec Cancel an offer contactFromEmployeeRequested: true and false are kept; booleans never null', async () => {
    const yes = await createOffer(dealer.token);
    const res = await cancel(yes.id, { cancelReason: 'other', contactFromEmployeeRequested: 'true' });
    expect(res.body.data).toMatchObject({ cancelReason: 'other', contactFromEmployeeRequested: true });
    const no = await createOffer(dealer.token);
    expect((await cancel(no.id, { contactFromEmployeeRequested: 'false' })).body.data.contactFromEmployeeRequested).toBe(false);
  });

  it('spec Cancel an offer: an invalid cancelReason is 400 INVALID_PARAMETER and the offer is unchanged', async () => {
    const offer = await createOffer(dealer.token);
    for (const cancelReason of ['customer_changed_mind', 'OTHER', '']) {
      const res = await cancel(offer.id, { cancelReason });
      expect(res.status, cancelReason).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'cancelReason' });
      expect(res.body.errors[0].message).toContain('not_deliverable');
    }
    expect((await get(offer.id)).body.data.status.current.code).toBe('pending');
  });

  it('spec Cancel an offer: a non-boolean contactFromEmployeeRequested is 400 INVALID_PARAMETER', async () => {
    const offer = await createOffer(dealer.token);
    const res = await cancel(offer.id, { contactFromEmployeeRequested: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'contactFromEmployeeRequested' });
    expect((await get(offer.id)).body.data.status.current.code).toBe('pending');
  });

  for (const status of ['pending', 'draft', 'rejected', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending']) {
    it(`contract Lifecycle: an offer in ${status} can be canceled`, async () => {
      const offer = await offerIn(status);
      const res = await cancel(offer.id, { cancelReason: 'not_deliverable' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.status.current.code).toBe('canceled');
    });
  }

  it('contract Lifecycle: a done offer cannot be canceled — 409 OFFER_NOT_MODIFIABLE', async () => {
    const offer = await offerIn('done');
    const res = await cancel(offer.id, { cancelReason: 'other' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
    expect((await get(offer.id)).body.data.status.current.code).toBe('done');
  });

  it('spec States canceled: final — a second cancel is 409 OFFER_NOT_MODIFIABLE and keeps the first reason', async () => {
    const offer = await createOffer(dealer.token);
    await cancel(offer.id, { cancelReason: 'manufacturer_recall' });
    const res = await cancel(offer.id, { cancelReason: 'other', contactFromEmployeeRequested: 'true' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
    const data = (await get(offer.id)).body.data;
    expect(data).toMatchObject({ cancelReason: 'manufacturer_recall', contactFromEmployeeRequested: false });
  });

  it('spec States canceled: no later processing — a canceled pending offer stays canceled', async () => {
    const offer = await createOffer(dealer.token);
    await cancel(offer.id);
    await processOffers();
    const data = (await get(offer.id)).body.data;
    expect(data.status.current.code).toBe('canceled');
    expect(data.status.errors).toEqual([]);
  });

  it('spec Errors: cancel of an unknown or another dealer’s offer is 404; a malformed id is 400', async () => {
    const offer = await createOffer(dealer.token);
    const other = await tokenFor('other-sandbox', 'other-sandbox-secret');
    expect((await cancel(offer.id, {}, other)).status).toBe(404);
    expect((await get(offer.id)).body.data.status.current.code).toBe('pending');
    expect((await cancel('7d0a8a4e-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await cancel('12345');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'id' });
  });

  it('spec Authentication 3: a client without offers:write gets 403 FORBIDDEN', async () => {
    const offer = await createOffer(dealer.token);
    const readonly = await newClient(dealer.dealerId, { scopes: ['offers:read', 'catalogue:read'] });
    const res = await cancel(offer.id, {}, readonly.token);
    expect(res.status).toBe(403);
    expect((await get(offer.id)).body.data.status.current.code).toBe('pending');
  });

  it('contract Lifecycle: cancel writes a history entry with reason and contact request', async () => {
    const offer = await offerIn('draft');
    await cancel(offer.id, { cancelReason: 'delivery_date_cannot_be_met', contactFromEmployeeRequested: 'true' });
    const history = await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token });
    expect(history.body.data[0]).toMatchObject({
      action: 'canceled',
      fromStatus: 'draft',
      toStatus: 'canceled',
      actor: { type: 'client', id: dealer.clientId },
      changes: [
        { field: 'cancelReason', new: 'delivery_date_cannot_be_met' },
        { field: 'contactFromEmployeeRequested', new: true },
      ],
    });
  });
});
