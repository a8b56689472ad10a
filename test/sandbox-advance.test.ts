import { beforeAll, describe, expect, it } from 'vitest';
import { nextSteps, OFFER_STATUSES, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { api } from './helpers/api';
import { newClient, newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// POST /v1/sandbox/offers/{id}/advance[?to=status]: sandbox clients walk their offers through the
// lifecycle; without `to` the next status on the happy path, with `to` any status of nextSteps.

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

const advance = (id: string, token: string, to?: string) => api.post(`/v1/sandbox/offers/${id}/advance`, { token, query: { to } });
const codes = (entries: { code: string }[]) => entries.map((e) => e.code);

async function history(id: string, token = dealer.token) {
  const res = await api.get(`/v1/offers/${id}/history`, { token, query: { perPage: 100 } });
  expect(res.status).toBe(200);
  return [...res.body.data].reverse() as any[];
}

describe('sandbox advance', () => {
  it('walks an offer from pending to done on the happy path', async () => {
    const offer = await createOffer(dealer.token);
    const walk: OfferStatus[] = ['draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done'];
    for (const expected of walk) {
      const res = await advance(offer.id, dealer.token);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const status = res.body.data.status;
      expect(status.current.code).toBe(expected);
      expect(codes(status.nextSteps)).toEqual(nextSteps(expected));
      expect(status.errors).toEqual([]);
      expect(res.body.data.id).toBe(offer.id);
      // What the step answers is what a read answers.
      const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
      expect(read.body.data.status).toEqual(status);
    }

    const steps = await history(offer.id);
    expect(steps.map((h) => [h.action, h.fromStatus ?? null, h.toStatus, h.actor.type])).toEqual([
      ['created', null, 'pending', 'client'],
      ['processed', 'pending', 'draft', 'system'],
      ['start_order', 'draft', 'order_journey_started', 'client'],
      ['submit_order', 'order_journey_started', 'employer_decision_pending', 'client'],
      ['employer_approve', 'employer_decision_pending', 'operator_decision_pending', 'client'],
      ['operator_approve', 'operator_decision_pending', 'done', 'client'],
      // The approval issues the dealer's purchase order (the offer stays done).
      ['order_issued', null, undefined, 'client'],
    ]);
    expect(steps.slice(2).every((h) => h.actor.id === dealer.clientId)).toBe(true);

    // done is final: no further step, no update, no cancel.
    const further = await advance(offer.id, dealer.token);
    expect(further.status).toBe(409);
    expect(further.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
    for (const to of OFFER_STATUSES) expect((await advance(offer.id, dealer.token, to)).status).toBe(409);
    expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token })).status).toBe(409);
    const { product, accessory } = offerBody();
    expect((await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { product, accessory } })).status).toBe(409);
    expect(await history(offer.id)).toHaveLength(7);
  });

  it('processes a pending offer with the real checks: an invalid offer ends rejected', async () => {
    const offer = await createOffer(dealer.token, { product: { ...offerBody().product, bidexCode: '201010' } });
    const res = await advance(offer.id, dealer.token);
    expect(res.status).toBe(200);
    expect(res.body.data.status.current.code).toBe('rejected');
    expect(codes(res.body.data.status.errors)).toEqual(['PRODUCT_NOT_LEASABLE']);
    // No happy path from rejected: the dealer fixes and resubmits.
    expect((await advance(offer.id, dealer.token)).status).toBe(409);
  });

  it('declines in the employer step with to=rejected: rejected with EMPLOYER_DECLINED', async () => {
    const offer = await createOffer(dealer.token);
    for (const to of ['draft', 'order_journey_started', 'employer_decision_pending']) {
      expect((await advance(offer.id, dealer.token, to)).body.data.status.current.code).toBe(to);
    }
    const res = await advance(offer.id, dealer.token, 'rejected');
    expect(res.status).toBe(200);
    const status = res.body.data.status;
    expect(status.current.code).toBe('rejected');
    expect(status.errors).toHaveLength(1);
    expect(status.errors[0].code).toBe('EMPLOYER_DECLINED');
    expect(status.errors[0].translations.de).toEqual(expect.any(String));
    expect(status.errors[0].translations.en).toEqual(expect.any(String));
    expect(codes(status.nextSteps)).toEqual(nextSteps('rejected'));

    const last = (await history(offer.id)).at(-1);
    expect(last).toMatchObject({ action: 'employer_decline', fromStatus: 'employer_decision_pending', toStatus: 'rejected' });

    // A rejected offer can be fixed and resubmitted; the decline is gone from the status.
    const { product, accessory } = offerBody();
    const resubmitted = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { product, accessory } });
    expect(resubmitted.status).toBe(202);
    expect(resubmitted.body.data.status.errors).toEqual([]);
  });

  it('declines in the operator step with to=rejected: rejected with OPERATOR_DECLINED', async () => {
    const offer = await createOffer(dealer.token);
    for (let i = 0; i < 4; i++) await advance(offer.id, dealer.token);
    const res = await advance(offer.id, dealer.token, 'rejected');
    expect(res.body.data.status.current.code).toBe('rejected');
    expect(codes(res.body.data.status.errors)).toEqual(['OPERATOR_DECLINED']);
    expect((await history(offer.id)).at(-1)).toMatchObject({ action: 'operator_decline', toStatus: 'rejected' });
  });

  it('cancels with to=canceled', async () => {
    const offer = await createOffer(dealer.token);
    await advance(offer.id, dealer.token);
    const res = await advance(offer.id, dealer.token, 'canceled');
    expect(res.status).toBe(200);
    expect(res.body.data.status.current.code).toBe('canceled');
    expect(res.body.data.status.nextSteps).toEqual([]);
    expect((await history(offer.id)).at(-1)).toMatchObject({ action: 'canceled', fromStatus: 'draft', toStatus: 'canceled' });
  });

  it('answers 409 to a `to` that is not in nextSteps, and changes nothing', async () => {
    const offer = await createOffer(dealer.token);
    await advance(offer.id, dealer.token); // draft
    const before = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    for (const to of ['done', 'employer_decision_pending', 'operator_decision_pending', 'rejected', 'draft']) {
      const res = await advance(offer.id, dealer.token, to);
      expect(res.status, to).toBe(409);
      expect(res.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
      expect(res.body.errors[0].details).toContain('order_journey_started');
    }
    const after = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(after.body.data).toEqual(before.body.data);
    expect(await history(offer.id)).toHaveLength(2);
  });

  it('answers 409 to a later status while the offer is still pending, and does not process it', async () => {
    const offer = await createOffer(dealer.token);
    for (const to of ['order_journey_started', 'done', 'pending']) {
      const res = await advance(offer.id, dealer.token, to);
      expect(res.status, to).toBe(409);
    }
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('pending');
    expect(await history(offer.id)).toHaveLength(1);
  });

  it('answers 400 to a `to` that is not a status', async () => {
    const offer = await createOffer(dealer.token);
    const res = await advance(offer.id, dealer.token, 'approve');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('INVALID_PARAMETER');
  });

  it('is forbidden to production clients (403), even for their own dealer', async () => {
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const ownProduction = await createOffer(production.token);
    const res = await advance(ownProduction.id, production.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('FORBIDDEN');
    const read = await api.get(`/v1/offers/${ownProduction.id}`, { token: production.token });
    expect(read.body.data.status.current.code).toBe('pending');

    const sandboxOffer = await createOffer(dealer.token);
    expect((await advance(sandboxOffer.id, production.token)).status).toBe(403);
  });

  it('is forbidden to a client without offers:write (403)', async () => {
    const offer = await createOffer(dealer.token);
    const readOnly = await newClient(dealer.dealerId, { scopes: ['offers:read', 'catalogue:read'] });
    const res = await advance(offer.id, readOnly.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('FORBIDDEN');
    const demoReadOnly = await tokenFor('demo-readonly', 'demo-readonly-secret');
    expect((await advance(offer.id, demoReadOnly)).status).toBe(403);
    expect(await history(offer.id)).toHaveLength(1);
  });

  it('answers 404 for another dealer’s offer and changes nothing', async () => {
    const offer = await createOffer(dealer.token);
    const other = await newDealer();
    const res = await advance(offer.id, other.token);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('NOT_FOUND');
    expect((await advance(offer.id, other.token, 'canceled')).status).toBe(404);
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('pending');
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
    expect((await advance('7b0f8a7e-3c1d-4c59-9b0e-2f6f5c1d0a11', dealer.token)).status).toBe(404);
    expect((await advance('not-a-uuid', dealer.token)).status).toBe(400);
    const offer = await createOffer(dealer.token);
    expect((await api.post(`/v1/sandbox/offers/${offer.id}/advance`)).status).toBe(401);
  });
});
