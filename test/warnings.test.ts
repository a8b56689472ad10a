import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Ignored input is reported, never silently dropped (docs/contract.md "Errors", meta.warnings): the
// tolerant reader still answers, and `meta.warnings` names what it ignored; absent otherwise.

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

describe('meta.warnings', () => {
  it('names an unknown body field, at any depth, and the request still succeeds', async () => {
    const body = offerBody({ withShiping: true });
    (body.product as Record<string, unknown>).colour = 'red';
    const res = await api.post('/v1/offers', { token: dealer.token, body, headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(202);
    expect(res.body.meta.warnings).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_FIELD', field: 'product.colour' }),
      {
        code: 'UNKNOWN_FIELD',
        field: 'withShiping',
        message: 'withShiping ist kein Feld dieser Anfrage und wurde ignoriert (Tippfehler?).',
        translations: {
          de: 'withShiping ist kein Feld dieser Anfrage und wurde ignoriert (Tippfehler?).',
          en: 'withShiping is not a field of this request and was ignored (a typo?).',
        },
        docs: expect.stringMatching(/\/docs\/errors#UNKNOWN_FIELD$/),
      },
    ]);
  });

  it('is absent when nothing was ignored', async () => {
    const res = await api.post('/v1/offers', { token: dealer.token, body: offerBody() });
    expect(res.status).toBe(202);
    expect(res.body.meta).toEqual({});
    const list = await api.get('/v1/offers', { token: dealer.token, query: { search: 'Erika' } });
    expect(list.body.meta.warnings).toBeUndefined();
  });


  it('reports FIELD_NOT_UPDATABLE for a changed customerEmail on PUT', async () => {
    const { processOffers } = await import('@/lib/offers/use-cases/process-offers');
    const offer = await createOffer(dealer.token);
    await processOffers();
    const res = await api.put(`/v1/offers/${offer.id}`, {
      token: dealer.token,
      body: offerBody({ externalOfferId: offer.externalOfferId, customerEmail: 'someone.else@example.com' }),
    });
    expect(res.status).toBe(202);
    expect(res.body.meta.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'FIELD_NOT_UPDATABLE', field: 'customerEmail' })]),
    );
    expect(res.body.meta.warnings.map((w: { field: string }) => w.field)).not.toContain('externalOfferId');
    expect(res.body.data.customerEmail).toBe('erika@example.com');
  });

  it('reports a search term too short to apply, and an unknown query parameter', async () => {
    const res = await api.get('/v1/offers', { token: dealer.token, query: { search: 'E', perpage: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.meta.warnings).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_PARAMETER', parameter: 'perpage', message: 'The parameter perpage is not known here and was ignored.' }),
      expect.objectContaining({ code: 'SEARCH_TOO_SHORT', parameter: 'search', message: 'search applies from 2 characters only and was ignored.' }),
    ]);
  });

  it('reports a parameter with an empty name too (a regression: `?=` once answered 500)', async () => {
    const res = await api.get('/v1/offers?=', { token: dealer.token });
    expect(res.status).toBe(200);
    expect(res.body.meta.warnings).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_PARAMETER', parameter: '', message: 'The parameter "" is not known here and was ignored.' }),
    ]);
  });

  it('reports names of Object.prototype as unknown (a regression: `?constructor=` once answered 500)', async () => {
    const res = await api.get('/v1/offers/accessory?constructor=&__proto__=', { token: dealer.token });
    expect(res.status).toBe(200);
    expect(res.body.meta.warnings.map((w: { parameter: string }) => w.parameter).sort()).toEqual(['__proto__', 'constructor']);
  });
});
