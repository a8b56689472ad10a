import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import ErrorReferencePage from '@/app/docs/errors/page';
import { errorDocsUrl } from '@/lib/api/error-reference';
import { statusEntryTexts, warningTexts } from '@/lib/i18n/messages';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newClient, newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// The error reference is complete (every error, status and warning code has an entry, and every
// code the API answers links to it), wrong methods say what exists, messages state their rule, and
// a delivery date may be a day.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

const anchorsOf = async (lang: 'de' | 'en') =>
  new Set([...renderToStaticMarkup(await ErrorReferencePage({ searchParams: Promise.resolve({ lang }) })).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

describe('the error reference covers every code the API can answer', () => {
  it('has an entry for every status-object code and every warning code', async () => {
    for (const lang of ['de', 'en'] as const) {
      const anchors = await anchorsOf(lang);
      for (const code of [...Object.keys(statusEntryTexts), ...Object.keys(warningTexts)]) expect(anchors.has(code), `${lang} #${code}`).toBe(true);
    }
  });

  it('links status.errors, status.infos and meta.warnings items to their entries', async () => {
    const anchors = await anchorsOf('en');
    const offer = await createOffer(dealer.token, {
      customerName: '  Erika  Mustermann',
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Nuroad', priceGross: 5000, listPriceGross: 4000 },
      colour: 'red',
    });
    await processOffers({ ids: [offer.id] });
    const read = (await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data;
    const entries = [...read.status.errors, ...read.status.infos];
    expect(entries.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(['PRICE_ABOVE_LIST_PRICE', 'TEXT_NORMALIZED']));
    for (const e of entries) {
      expect(e.docs).toBe(errorDocsUrl(e.code));
      expect(anchors.has(e.code), e.code).toBe(true);
    }
    const warned = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ colour: 'red' }) });
    expect(warned.body.meta.warnings[0].docs).toBe(errorDocsUrl('UNKNOWN_FIELD'));
  });
});

describe('wrong methods and paths', () => {
  it('DELETE of an offer: 405 with Allow and the way to cancel it', async () => {
    const offer = await createOffer(dealer.token);
    const res = await api.delete(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, PUT, OPTIONS');
    expect(res.headers.get('spoke-request-id')).toBeTruthy();
    expect(res.body.errors[0]).toMatchObject({ code: 'METHOD_NOT_ALLOWED', details: expect.stringContaining('POST /v1/offers/{id}/cancel') });
  });

  it('/offers without /v1 answers JSON naming the versioned path', async () => {
    const res = await api.get('/offers/abc', { query: { page: 2 } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('spoke-request-id')).toBeTruthy();
    expect(res.body.errors[0]).toMatchObject({ code: 'NOT_FOUND', details: "The API's paths start with /v1: /v1/offers/abc?page=2" });
  });
});

describe('messages that state their rule', () => {
  it('an unescaped + in a date parameter: says so and shows the escaped form', async () => {
    const res = await api.get('/v1/offers?creationDateFrom=2026-11-27T06:38:00+01:00', { token: dealer.token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(
      'creationDateFrom is not a date-time: the + of its offset arrived as a space (in a URL, + means a space). Write it as %2B (creationDateFrom=2026-11-27T06:38:00%2B01:00) or use Z.',
    );
    expect((await api.get('/v1/offers?creationDateFrom=2026-11-27T06:38:00%2B01:00', { token: dealer.token })).status).toBe(200);
  });

  it('an e-mail with an umlaut: only ASCII addresses', async () => {
    const res = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ customerEmail: 'jürgen@müller.de' }) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('in ASCII characters only (no umlauts or accents');
  });

  it('advance?to=pending does not contradict itself', async () => {
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    const res = await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token, query: { to: 'pending' } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].details).toBe(
      `to=pending is not a step of advance: an offer goes back to pending when it is updated (PUT /v1/offers/${offer.id}). From draft, advance takes: order_journey_started, canceled.`,
    );
  });

  it('another environment’s offer is 404 with the rule, and nothing of the offer', async () => {
    const offer = await createOffer(dealer.token);
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const res = await api.get(`/v1/offers/${offer.id}`, { token: production.token });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].message).toBe('The resource does not exist for your dealer in this environment (sandbox and production hold separate data).');
    expect(res.text).not.toContain(offer.offerNumber);
  });
});

describe('a delivery date may be a day', () => {
  it('2030-12-24 is the start of that day in Europe/Berlin, in winter and in summer', async () => {
    const winter = await createOffer(dealer.token, { deliveryDate: '2030-12-24' });
    expect(winter.deliveryDate).toBe('2030-12-23T23:00:00.000Z');
    const summer = await createOffer(dealer.token, { deliveryDate: '2030-07-01' });
    expect(summer.deliveryDate).toBe('2030-06-30T22:00:00.000Z');
    const bad = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ deliveryDate: '2026-02-30' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ details: 'deliveryDate', message: expect.stringContaining('or a day (2026-12-24, the start of that day in Europe/Berlin)') });
  });
});
