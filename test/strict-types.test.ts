import { describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// Strict types everywhere: a JSON boolean is true or false (never the string "true"), and a
// filter value of the wrong kind is refused naming its parameter, never answered as "nothing".

describe('strict types', () => {
  it('cancel: a JSON body refuses a string for a boolean, as create does; the query and form fields read true/false', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token);
    for (const value of ['true', 'yes', 1]) {
      const res = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, body: { cancelReason: 'other', contactFromEmployeeRequested: value } });
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: 'contactFromEmployeeRequested' })]);
    }
    // Nothing was canceled.
    expect((await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.status.current.code).not.toBe('canceled');
    const create = await api.post('/v1/offers', { token: dealer.token, body: { withShipping: 'true' } });
    expect(create.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'INVALID_PARAMETER', details: 'withShipping' })]));

    const json = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, body: { cancelReason: 'other', contactFromEmployeeRequested: true } });
    expect(json.status, json.text).toBe(200);
    expect(json.body.data.contactFromEmployeeRequested).toBe(true);
    const other = await createOffer(dealer.token);
    const form = await api.post(`/v1/offers/${other.id}/cancel`, {
      token: dealer.token,
      raw: 'cancelReason=other&contactFromEmployeeRequested=true',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status, form.text).toBe(200);
    expect(form.body.data.contactFromEmployeeRequested).toBe(true);
    const third = await createOffer(dealer.token);
    const query = await api.post(`/v1/offers/${third.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other', contactFromEmployeeRequested: 'true' } });
    expect(query.status, query.text).toBe(200);
  });

  it('the list refuses an e-mail filter that is no address, naming email as the catalogue does', async () => {
    const dealer = await newDealer();
    const catalogue = await api.get('/v1/offers/categories', { token: dealer.token, query: { email: 'not-an-email' } });
    expect(catalogue.status).toBe(400);
    for (const email of ['not-an-email', '!not-an-email', 'erika@example.com,nope']) {
      const res = await api.get('/v1/offers', { token: dealer.token, query: { email } });
      expect(res.status, email).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: 'email', message: catalogue.body.errors[0].message })]);
    }
    const ok = await api.get('/v1/offers', { token: dealer.token, query: { email: 'Erika@Example.com,!someone@example.com' } });
    expect(ok.status, ok.text).toBe(200);
  });
});
