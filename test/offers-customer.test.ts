import { beforeAll, describe, expect, it } from 'vitest';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// Correcting the customer (PUT /v1/offers/{id}/customer): the update leaves name and e-mail as they
// are (contract: FIELD_NOT_UPDATABLE), so this sub-resource is the one way to correct them before the
// order starts — with a history entry, the event offer.customer_changed and the same refusals as an
// update in the statuses that forbid it.

let dealer: TestDealer;
let other: TestDealer;
beforeAll(async () => {
  [dealer, other] = await Promise.all([newDealer(), newDealer()]);
});

const url = (id: string) => `/v1/offers/${id}/customer`;
const correct = (id: string, body: unknown, token = dealer.token, headers: Record<string, string> = {}) => api.put(url(id), { token, body, headers });
const get = async (id: string) => (await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data;
const history = async (id: string) => (await api.get(`/v1/offers/${id}/history`, { token: dealer.token })).body.data;

async function draftOffer() {
  const offer = await createOffer(dealer.token);
  await processOffers({ ids: [offer.id] });
  return offer;
}

describe('PUT /v1/offers/{id}/customer', () => {
  it('corrects the name of a draft offer: status kept, history entry with old and new value', async () => {
    const offer = await draftOffer();
    const res = await correct(offer.id, { customerName: '  Erika   Musterfrau ', customerEmail: 'erika@example.com' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ customerName: 'Erika Musterfrau', customerEmail: 'erika@example.com' });
    expect(res.body.data.status.current.code).toBe('draft');
    expect(await get(offer.id)).toEqual(res.body.data);
    const [latest] = await history(offer.id);
    expect(latest).toMatchObject({ action: 'customer_changed', fromStatus: 'draft', toStatus: 'draft' });
    expect(latest.changes).toEqual([{ field: 'customerName', old: 'Erika Mustermann', new: 'Erika Musterfrau' }]);
  });

  it('a new e-mail puts the offer back to pending (the employer’s policy depends on it); the search finds the new name', async () => {
    const offer = await draftOffer();
    const res = await correct(offer.id, { customerName: 'Łukasz Yılmaz', customerEmail: 'erika.mustermann@acme.example' });
    expect(res.status).toBe(200);
    expect(res.body.data.status.current.code).toBe('pending');
    await processOffers({ ids: [offer.id] });
    expect((await get(offer.id)).status.current.code).toBe('draft');
    const found = await api.get('/v1/offers', { token: dealer.token, query: { search: 'lukasz' } });
    expect(found.body.data.map((o: { id: string }) => o.id)).toEqual([offer.id]);
    const [, corrected] = await history(offer.id);
    expect(corrected).toMatchObject({ action: 'customer_changed', fromStatus: 'draft', toStatus: 'pending' });
  });

  it('sends offer.customer_changed to the endpoints that take it', async () => {
    const { getDb } = await import('@/lib/database');
    const { webhookDeliveries } = await import('@/db/schema');
    const { eq } = await import('drizzle-orm');
    const hook = await api.post('/v1/webhooks', { token: dealer.token, body: { url: 'https://erp.example.com/hooks', events: ['offer.customer_changed'] } });
    expect(hook.status, hook.text).toBe(201);
    const offer = await draftOffer();
    await correct(offer.id, { customerName: 'Anna Nguyễn', customerEmail: 'erika@example.com' });
    const rows = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.offerId, offer.id));
    expect(rows.map((r) => r.eventType)).toEqual(['offer.customer_changed']);
    await api.delete(`/v1/webhooks/${hook.body.data.id}`, { token: dealer.token });
  });

  it('nothing new: the offer as it is, with NO_CHANGE and no history entry', async () => {
    const offer = await draftOffer();
    const res = await correct(offer.id, { customerName: 'Erika Mustermann', customerEmail: 'erika@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.meta.warnings).toEqual([expect.objectContaining({ code: 'NO_CHANGE' })]);
    expect((await history(offer.id)).map((h: { action: string }) => h.action)).not.toContain('customer_changed');
  });

  it('refuses while pending (406 with Retry-After), from order_journey_started on (409), and bad input (400)', async () => {
    const pending = await createOffer(dealer.token);
    const busy = await correct(pending.id, { customerName: 'A B', customerEmail: 'a@example.com' });
    expect(busy.status).toBe(406);
    expect(busy.headers.get('retry-after')).toMatch(/^\d+$/);

    const offer = await draftOffer();
    await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token });
    const ordered = await correct(offer.id, { customerName: 'A B', customerEmail: 'a@example.com' });
    expect(ordered.status).toBe(409);
    expect(ordered.body.errors[0]).toMatchObject({ code: 'OFFER_NOT_MODIFIABLE' });
    expect(ordered.body.errors[0].details).toContain('the customer can be corrected in draft or rejected only');

    const draft = await draftOffer();
    const bad = await correct(draft.id, { customerName: '', customerEmail: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { details: string }) => e.details).sort()).toEqual(['customerEmail', 'customerName']);
    const missing = await correct(draft.id, { customerName: 'Only Name' });
    expect(missing.body.errors[0]).toMatchObject({ code: 'MISSING_PARAMETER', details: 'customerEmail' });
    expect((await get(draft.id)).customerName).toBe('Erika Mustermann');
  });

  it('is the dealer’s own: another dealer gets 404; a client without offers:write 403', async () => {
    const offer = await draftOffer();
    expect((await correct(offer.id, { customerName: 'X Y', customerEmail: 'x@example.com' }, other.token)).status).toBe(404);
    const reader = await newDealer({ scopes: ['offers:read'] });
    expect((await correct(offer.id, { customerName: 'X Y', customerEmail: 'x@example.com' }, reader.token)).status).toBe(403);
  });

  it('takes an Idempotency-Key: a retry replays the first answer', async () => {
    const offer = await draftOffer();
    const headers = { 'idempotency-key': `customer-${offer.id}` };
    const body = { customerName: 'Erika Beispiel', customerEmail: 'erika@example.com' };
    const first = await correct(offer.id, body, dealer.token, headers);
    const again = await correct(offer.id, body, dealer.token, headers);
    expect(again.headers.get('spoke-idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.meta.warnings).toBeUndefined();
  });
});
