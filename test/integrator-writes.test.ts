import { beforeAll, describe, expect, it } from 'vitest';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Nothing dropped in silence, and writes that are safe to retry: a cancel's input is read from the
// body too; an operation that reads no body refuses one; a 400 keeps its warnings (a typo is named
// beside the field it stands for); update and cancel take an Idempotency-Key; a cancel repeated
// with the same values answers the canceled offer; a PUT that changes nothing changes nothing.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

const get = async (id: string) => (await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data;
const history = async (id: string) => (await api.get(`/v1/offers/${id}/history`, { token: dealer.token, query: { perPage: 100 } })).body.data as { action: string }[];

async function draftOffer(overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(dealer.token, overrides);
  await processOffers({ ids: [offer.id] });
  expect((await get(offer.id)).status.current.code).toBe('draft');
  return offer;
}

describe('a cancel reads its input wherever it is sent', () => {
  it('reads cancelReason from a JSON body (it was dropped: canceled with cancelReason null)', async () => {
    const offer = await createOffer(dealer.token);
    const res = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, body: { cancelReason: 'not_deliverable', cancelNote: 'Rahmen nicht lieferbar', contactFromEmployeeRequested: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ cancelReason: 'not_deliverable', cancelNote: 'Rahmen nicht lieferbar', contactFromEmployeeRequested: true });
    expect(res.body.meta.warnings).toBeUndefined();
  });

  it('reads form fields (curl -d), and refuses an unknown field: a cancel is final, nothing is canceled on a typo', async () => {
    const offer = await createOffer(dealer.token);
    const typo = await api.post(`/v1/offers/${offer.id}/cancel`, {
      token: dealer.token,
      raw: 'cancelReason=manufacturer_recall&contactFromEmployeeRequested=true&reason=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(typo.status, typo.text).toBe(400);
    expect(typo.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: 'reason' })]);
    expect(typo.body.errors[0].message).toBe('reason is not an input of a cancel; nothing was canceled. Valid names: cancelReason, cancelNote, contactFromEmployeeRequested.');
    expect((await get(offer.id)).status.current.code).toBe('pending');
    const res = await api.post(`/v1/offers/${offer.id}/cancel`, {
      token: dealer.token,
      raw: 'cancelReason=manufacturer_recall&contactFromEmployeeRequested=true',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ cancelReason: 'manufacturer_recall', contactFromEmployeeRequested: true });
  });

  it('refuses {"reason":"other"} in a JSON body and a misspelt query parameter with 400 naming them; the offer stays', async () => {
    const offer = await createOffer(dealer.token);
    const body = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, body: { reason: 'other' } });
    expect(body.status, body.text).toBe(400);
    expect(body.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'reason' });
    const query = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query: { cancelReson: 'other' } });
    expect(query.status, query.text).toBe(400);
    expect(query.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'cancelReson' });
    expect((await get(offer.id)).status.current.code).toBe('pending');
    expect((await history(offer.id)).map((h) => h.action)).not.toContain('canceled');
  });

  it('refuses a field given in the query and the body with different values, and a body it cannot read', async () => {
    const offer = await createOffer(dealer.token);
    const both = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' }, body: { cancelReason: 'not_deliverable' } });
    expect(both.status).toBe(400);
    expect(both.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'cancelReason' });
    expect(both.body.errors[0].message).toBe('cancelReason is in the query string (other) and in the body (not_deliverable) with different values; send it once.');
    const text = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, raw: 'not_deliverable', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect((await get(offer.id)).status.current.code).toBe('pending');
    // The same value in both is one value.
    const same = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' }, body: { cancelReason: 'other' } });
    expect(same.status).toBe(200);
  });

  it('an operation that reads no body refuses one instead of ignoring it; none, empty or {} pass', async () => {
    const offer = await createOffer(dealer.token);
    const res = await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token, body: { to: 'draft' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_REQUEST', message: 'This operation reads no request body; it would be ignored. Its input goes in the query string: to.' });
    expect((await get(offer.id)).status.current.code).toBe('pending');
    const empty = await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token, body: {} });
    expect(empty.status, empty.text).toBe(200);
  });
});

describe('a refusal names a typo', () => {
  it('a typo customerMail: the 400 names it in the message of the missing customerEmail; the body stays {errors}', async () => {
    const body: Record<string, unknown> = offerBody({ customerMail: 'erika@example.com' });
    delete body.customerEmail;
    const res = await api.post('/v1/offers', { token: dealer.token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        code: 'MISSING_PARAMETER',
        details: 'customerEmail',
        message: 'customerEmail is required. The body has customerMail instead, which is not a field of this request (a typo?).',
      }),
    ]);
    expect(Object.keys(res.body)).toEqual(['errors']);
    // A missing field without a look-alike keeps the plain text.
    const plain = offerBody();
    delete (plain as Record<string, unknown>).customerName;
    const res2 = await api.post('/v1/offers', { token: dealer.token, body: plain });
    expect(res2.body.errors[0].message).toBe('customerName is required.');
  });
});

describe('Idempotency-Key on update and cancel', () => {
  it('a retried cancel with the same key replays its answer; another request under the key is 409', async () => {
    const offer = await createOffer(dealer.token);
    const headers = { 'idempotency-key': `cancel-${offer.id}` };
    const first = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, headers, query: { cancelReason: 'other' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('spoke-idempotent-replayed')).toBe('false');
    const again = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, headers, query: { cancelReason: 'other' } });
    expect(again.status).toBe(200);
    expect(again.headers.get('spoke-idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    const other = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, headers, query: { cancelReason: 'not_deliverable' } });
    expect(other.status).toBe(409);
    expect(other.body.errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await history(offer.id)).filter((h) => h.action === 'canceled')).toHaveLength(1);
  });

  it('a retried update with the same key is applied once', async () => {
    const offer = await draftOffer();
    const headers = { 'idempotency-key': `update-${offer.id}` };
    const body = offerBody({ notes: 'Neue Notiz' });
    const first = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, headers, body });
    expect(first.status).toBe(202);
    expect(first.body.data.status.current.code).toBe('pending');
    // Without the key this retry would meet the pending offer: 406.
    const again = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, headers, body });
    expect(again.status).toBe(202);
    expect(again.headers.get('spoke-idempotent-replayed')).toBe('true');
    expect((await history(offer.id)).filter((h) => h.action === 'updated')).toHaveLength(1);
    const reused = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, headers, body: offerBody({ notes: 'Andere' }) });
    expect(reused.body.errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a malformed key is refused with its rule stated', async () => {
    const offer = await createOffer(dealer.token);
    for (const key of ['', 'x'.repeat(300), 'mit leerzeichen']) {
      const res = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, headers: { 'idempotency-key': key } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'Idempotency-Key' });
      expect(res.body.errors[0].message).toBe(`Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces; sent: ${key.length} characters), for example a UUID.`);
    }
    const create = await api.post('/v1/offers', { token: dealer.token, headers: { 'idempotency-key': '' }, body: offerBody() });
    expect(create.body.errors[0].message).toContain('1 to 255 visible ASCII characters');
  });
});

describe('a cancel repeated without a key', () => {
  it('with the same values answers the canceled offer; with other values 409', async () => {
    const offer = await createOffer(dealer.token);
    const query = { cancelReason: 'customer_wants_different_bicycle', contactFromEmployeeRequested: 'true' };
    const first = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query });
    const again = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.meta.warnings).toEqual([expect.objectContaining({ code: 'ALREADY_CANCELED' })]);
    expect((await history(offer.id)).filter((h) => h.action === 'canceled')).toHaveLength(1);
    const other = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' } });
    expect(other.status).toBe(409);
  });
});

describe('a PUT that changes nothing', () => {
  it('answers the offer as it is, with NO_CHANGE: not pending again, no history entry', async () => {
    const offer = await draftOffer();
    const before = await get(offer.id);
    const res = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: offerBody({ externalOfferId: offer.externalOfferId }) });
    expect(res.status).toBe(202);
    expect(res.body.data.status.current.code).toBe('draft');
    expect(res.body.data.updatedAt).toBe(before.updatedAt);
    expect(res.body.meta.warnings).toEqual([expect.objectContaining({ code: 'NO_CHANGE', message: 'The change holds nothing new: the offer stays as it is (status draft) and is not checked again.' })]);
    expect((await history(offer.id)).map((h) => h.action)).not.toContain('updated');
    // Whitespace that normalisation removes is no change either; a real change resubmits.
    const spaced = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: offerBody({ externalOfferId: offer.externalOfferId, notes: '  Customer picks up in store. ' }) });
    expect(spaced.body.data.status.current.code).toBe('draft');
    const changed = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: offerBody({ externalOfferId: offer.externalOfferId, notes: 'Liefern' }) });
    expect(changed.body.data.status.current.code).toBe('pending');
    expect(changed.body.meta.warnings).toBeUndefined();
  });
});
