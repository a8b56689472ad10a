import { beforeAll, describe, expect, it } from 'vitest';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// GET /v1/offers/{id}/history — spec "Get the history of an offer" (who, when, full lifecycle,
// page/perPage), spec "Limits" (default perPage 10) and docs/contract.md "Lifecycle" (every change
// writes an entry: when, who, action, from and to status, changed fields with old and new).

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let dealer: TestDealer;
/** One offer through create → process → update → process → cancel. */
let full: { id: string };

const history = (id: string, query: Record<string, string | number> = {}, token = dealer.token) =>
  api.get(`/v1/offers/${id}/history`, { token, query });

beforeAll(async () => {
  dealer = await newDealer();
  full = await createOffer(dealer.token);
  await processOffers();
  const { externalOfferId: _e, customerName: _n, customerEmail: _m, ...rest } = offerBody();
  const put = await api.put(`/v1/offers/${full.id}`, { token: dealer.token, body: { ...rest, notes: 'Changed notes' } });
  expect(put.status).toBe(202);
  await processOffers();
  expect((await api.post(`/v1/offers/${full.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' } })).status).toBe(200);
});

describe('GET /v1/offers/{id}/history', () => {
  it('spec Get the history: lists every change of the lifecycle, newest first', async () => {
    const res = await history(full.id);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: any) => [e.action, e.fromStatus ?? null, e.toStatus])).toEqual([
      ['canceled', 'draft', 'canceled'],
      ['processed', 'pending', 'draft'],
      ['updated', 'draft', 'pending'],
      ['processed', 'pending', 'draft'],
      ['created', null, 'pending'],
    ]);
    const times = res.body.data.map((e: any) => Date.parse(e.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('spec Get the history: each entry says when and who (contract: client, portal user, operator or system)', async () => {
    const [canceled, processed, updated, , created] = (await history(full.id)).body.data;
    for (const entry of [canceled, processed, updated, created]) expect(entry.occurredAt).toMatch(ISO);
    expect(created.actor).toEqual({ type: 'client', id: dealer.clientId });
    expect(updated.actor).toEqual({ type: 'client', id: dealer.clientId });
    expect(canceled.actor).toEqual({ type: 'client', id: dealer.clientId });
    expect(processed.actor).toMatchObject({ type: 'system' });
  });

  it('contract Lifecycle: the create entry has no from status and no changes; null fields are omitted', async () => {
    const created = (await history(full.id)).body.data.at(-1);
    expect(created).not.toHaveProperty('fromStatus');
    expect(created.toStatus).toBe('pending');
    expect(created.changes).toEqual([]);
  });

  it('contract Lifecycle: the update entry names the changed fields with old and new values', async () => {
    const updated = (await history(full.id)).body.data[2];
    expect(updated.changes).toEqual([{ field: 'notes', old: 'Customer picks up in store.', new: 'Changed notes' }]);
  });

  it('contract Lifecycle: the cancel entry carries the reason', async () => {
    const canceled = (await history(full.id)).body.data[0];
    expect(canceled.changes).toEqual([
      { field: 'cancelReason', new: 'other' },
      { field: 'contactFromEmployeeRequested', new: false },
    ]);
  });

  it('contract Lifecycle: a rejecting process entry names the status errors', async () => {
    const offer = await createOffer(dealer.token, { product: { ...offerBody().product, bidexCode: '999999' } });
    await processOffers();
    const [processed] = (await history(offer.id)).body.data;
    expect(processed).toMatchObject({ action: 'processed', fromStatus: 'pending', toStatus: 'rejected', actor: { type: 'system' } });
    expect(processed.changes).toEqual([{ field: 'status.errors', new: ['PRODUCT_NOT_LEASABLE'] }]);
  });

  it('contract Lifecycle: sandbox steps after draft are written with their action and the client as actor', async () => {
    const offer = await createOffer(dealer.token);
    for (let i = 0; i < 5; i++) await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token });
    const res = await history(offer.id);
    // The approval to done issues the order: its entry stands last, the offer's status unmoved.
    expect(res.body.data[0]).toMatchObject({ action: 'order_issued' });
    const moves = res.body.data.slice(1);
    expect(moves.map((e: any) => e.toStatus)).toEqual([
      'done',
      'operator_decision_pending',
      'employer_decision_pending',
      'order_journey_started',
      'draft',
      'pending',
    ]);
    expect(moves[0]).toMatchObject({ fromStatus: 'operator_decision_pending', actor: { type: 'client', id: dealer.clientId } });
  });

  it('contract Lifecycle: refused changes (406, 409, 400) write no entry', async () => {
    const offer = await createOffer(dealer.token);
    const { externalOfferId: _e, customerName: _n, customerEmail: _m, ...rest } = offerBody();
    expect((await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: rest })).status).toBe(406);
    expect((await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { accessory: [] } })).status).toBe(400);
    expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query: { cancelReason: 'x' } })).status).toBe(400);
    expect((await history(offer.id)).body.meta.totalCount).toBe(1);
    await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token });
    // A repeated cancel with other values is refused; with the same values it changes nothing.
    expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' } })).status).toBe(409);
    expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token })).status).toBe(200);
    expect((await history(offer.id)).body.meta.totalCount).toBe(2);
  });
});

describe('GET /v1/offers/{id}/history — paging (spec Get the history; spec List metadata; spec Limits)', () => {
  it('spec Limits: defaults are page 1 and perPage 10', async () => {
    const res = await history(full.id);
    expect(res.body.meta).toEqual({ page: 1, nextPage: null, previousPage: null, perPage: 10, totalCount: 5, sortBy: 'occurredAt', order: 'desc' });
  });

  it('spec Get the history: page and perPage split the entries, with the list metadata', async () => {
    const all = (await history(full.id)).body.data.map((e: any) => e.id);
    const p1 = await history(full.id, { perPage: 2 });
    expect(p1.body.data.map((e: any) => e.id)).toEqual(all.slice(0, 2));
    expect(p1.body.meta).toEqual({ page: 1, nextPage: 2, previousPage: null, perPage: 2, totalCount: 5, sortBy: 'occurredAt', order: 'desc' });
    const p2 = await history(full.id, { perPage: 2, page: 2 });
    expect(p2.body.data.map((e: any) => e.id)).toEqual(all.slice(2, 4));
    expect(p2.body.meta).toMatchObject({ page: 2, nextPage: 3, previousPage: 1 });
    const p3 = await history(full.id, { perPage: 2, page: 3 });
    expect(p3.body.data.map((e: any) => e.id)).toEqual(all.slice(4));
    expect(p3.body.meta).toMatchObject({ page: 3, nextPage: null, previousPage: 2 });
    const beyond = await history(full.id, { perPage: 2, page: 4 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ page: 4, nextPage: null, previousPage: 3, totalCount: 5 });
  });

  it('contract Endpoints: perPage outside 1..100 or page < 1 is 400 INVALID_PARAMETER', async () => {
    const bad: Array<Record<string, string | number>> = [{ perPage: 0 }, { perPage: 101 }, { page: 0 }, { page: 'x' }];
    for (const query of bad) {
      const res = await history(full.id, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: Object.keys(query)[0] });
    }
    expect((await history(full.id, { perPage: 100 })).status).toBe(200);
    expect((await history(full.id, { perPage: 1 })).body.data).toHaveLength(1);
  });

  it('spec What the service does 4: another dealer’s offer history is 404; a malformed id is 400', async () => {
    const other = await tokenFor('other-sandbox', 'other-sandbox-secret');
    const res = await history(full.id, {}, other);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('NOT_FOUND');
    const malformed = await history('abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'id' });
  });
});
