import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers } from '@/db/schema';
import { berlinToday } from '@/lib/api/dates';
import { getDb } from '@/lib/database';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// The answers an integrator met in the fourth round (issue 46): refusals where input would
// otherwise count for nothing or for something else, and texts that say what is wrong.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

const raw = (path: string, text: string, method = 'POST') =>
  api[method === 'PUT' ? 'put' : 'post'](path, { token: dealer.token, raw: text, headers: { 'content-type': 'application/json' } });
const daysFromToday = (days: number) => new Date(Date.parse(`${berlinToday()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('answers that must change', () => {
  it('a duplicate externalOfferId: 409 CONFLICT naming the active offer in offerId', async () => {
    const first = await createOffer(dealer.token);
    const res = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ externalOfferId: first.externalOfferId }) });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'CONFLICT', offerId: first.id });
  });

  it('a bicycle price of 0 is rejected in processing, naming the field', async () => {
    const offer = await createOffer(dealer.token, { product: { ...offerBody().product, priceGross: 0 } });
    await processOffers({ ids: [offer.id] });
    const status = (await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.status;
    expect(status.current.code).toBe('rejected');
    expect(status.errors).toEqual([expect.objectContaining({ code: 'PRODUCT_PRICE_ZERO', field: 'product.priceGross' })]);
    expect(status.errors[0].message).toContain('product.priceGross');
    // An accessory may be free.
    const free = await createOffer(dealer.token, { accessory: [{ bidexCode: '201010', priceGross: 0 }] });
    await processOffers({ ids: [free.id] });
    expect((await api.get(`/v1/offers/${free.id}`, { token: dealer.token })).body.data.status.current.code).toBe('draft');
  });

  it('a deliveryDate before today (Europe/Berlin) is 400 on create, update and validate; today is accepted', async () => {
    for (const deliveryDate of ['2001-05-01', '2001-05-01T10:00:00Z', daysFromToday(-1)]) {
      const res = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ deliveryDate }) });
      expect(res.status, deliveryDate).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: 'deliveryDate' })]);
      expect(res.body.errors[0].message).toContain(`before today (${berlinToday()}, Europe/Berlin)`);
      expect((await api.post('/v1/offers/validate', { token: dealer.token, body: offerBody({ deliveryDate }) })).status).toBe(400);
    }
    const offer = await createOffer(dealer.token, { deliveryDate: berlinToday() });
    await processOffers({ ids: [offer.id] });
    const update = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { ...offerBody(), deliveryDate: '2001-05-01' } });
    expect(update.status).toBe(400);
    expect(update.body.errors[0].details).toBe('deliveryDate');
  });

  it('a body with a repeated key is 400 naming it (JSON.parse would keep the last in silence)', async () => {
    const body = JSON.stringify(offerBody()).replace('"color":"grey"', '"color":"grey","color":"red"');
    const res = await raw('/v1/offers', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_REQUEST', details: 'product.color' });
    expect(res.body.errors[0].message).toBe('product.color appears more than once in the body; send each field once.');
    const nested = await raw('/v1/offers/validate', '{"accessory":[{"bidexCode":"201010"},{"bidexCode":"201010","bidexCode":"201020"}]}');
    expect(nested.body.errors[0].details).toBe('accessory[1].bidexCode');
    // The same name in different objects, or inside a string, is no repetition.
    expect((await raw('/v1/offers/validate', JSON.stringify(offerBody({ notes: '"color":"x","color":"y"' })))).status).toBe(200);
  });

  it('date-only list filters mean the Berlin day, as deliveryDate does', async () => {
    const fresh = await newDealer();
    const late = await createOffer(fresh.token);
    const early = await createOffer(fresh.token);
    // 23:30 UTC on 10 March is 00:30 on 11 March in Berlin; 22:30 UTC is 23:30 on 10 March there.
    await getDb().execute(sql`update ${offers} set created_at = '2025-03-10T23:30:00Z' where id = ${late.id}`);
    await getDb().execute(sql`update ${offers} set created_at = '2025-03-10T22:30:00Z' where id = ${early.id}`);
    const day = async (query: Record<string, string>) =>
      (await api.get('/v1/offers', { token: fresh.token, query })).body.data.map((o: { id: string }) => o.id);
    expect(await day({ creationDateFrom: '2025-03-11', creationDateTo: '2025-03-11' })).toEqual([late.id]);
    expect(await day({ creationDateFrom: '2025-03-10', creationDateTo: '2025-03-10' })).toEqual([early.id]);
  });
});

describe('texts that say what is wrong', () => {
  it('priceGross 1e9 names the maximum broken, not the decimals', async () => {
    const res = await api.post('/v1/offers/validate', { token: dealer.token, body: offerBody({ product: { ...offerBody().product, priceGross: 1e9 } }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].message).toBe('product.priceGross must be at most 99999999.99.');
  });

  it('events as a string gives one error, its type', async () => {
    const res = await api.post('/v1/webhooks', { token: dealer.token, body: { url: 'http://127.0.0.1:9/x', events: 'offer.created' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ details: 'events', message: 'events must be of type array.' })]);
  });

  it('invalid JSON says where it breaks, by line and column', async () => {
    const res = await raw('/v1/offers', '{\n  "externalOfferId": "A",\n  "customerName" "B"\n}');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('The body is not valid JSON: it breaks at line 3, column 18.');
    const cut = await raw('/v1/offers', '{"externalOfferId": "A",');
    expect(cut.body.errors[0].message).toBe('The body is not valid JSON: it breaks at line 1, column 25.');
  });

  it('an e-mail with spaces around it is told about the spaces', async () => {
    const res = await api.post('/v1/offers/validate', { token: dealer.token, body: offerBody({ customerEmail: ' erika@example.com ' }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ details: 'customerEmail' })]);
    expect(res.body.errors[0].message).toBe('customerEmail starts or ends with spaces; send the e-mail address without spaces before or after it.');
    const categories = await api.get('/v1/offers/categories', { token: dealer.token, query: { email: 'erika@example.com ' } });
    expect(categories.body.errors[0].message).toBe('email starts or ends with spaces; send the e-mail address without spaces before or after it.');
    // An umlaut is still told about ASCII.
    const umlaut = await api.post('/v1/offers/validate', { token: dealer.token, body: offerBody({ customerEmail: 'jürgen@example.com' }) });
    expect(umlaut.body.errors[0].message).toContain('ASCII');
  });

  it('an unknown path says the path does not exist, not "for your dealer"', async () => {
    const res = await api.get('/v1/offer', { token: dealer.token });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].message).toBe('The path /v1/offer does not exist in this API; its paths are listed in GET /v1/openapi.json.');
    expect(res.headers.get('spoke-request-id')).toBeTruthy();
  });

  it('offerNumber without SPK- (or in lower case) finds the offer', async () => {
    const offer = await createOffer(dealer.token);
    const digits = offer.offerNumber.replace('SPK-', '');
    for (const offerNumber of [digits, offer.offerNumber.toLowerCase(), offer.offerNumber]) {
      const res = await api.get('/v1/offers', { token: dealer.token, query: { offerNumber } });
      expect(res.body.data.map((o: { id: string }) => o.id), offerNumber).toEqual([offer.id]);
    }
    const excluded = await api.get('/v1/offers', { token: dealer.token, query: { offerNumber: `!${digits}`, perPage: 100 } });
    expect(excluded.body.data.map((o: { id: string }) => o.id)).not.toContain(offer.id);
  });

  it('lang=fr answers German with a warning that the language is not supported', async () => {
    for (const path of ['/v1/offers/categories', '/v1/offers/accessory']) {
      const res = await api.get(path, { token: dealer.token, query: { lang: 'fr' } });
      expect(res.status).toBe(200);
      expect(res.body.meta.lang).toBe('de');
      expect(res.body.meta.warnings).toEqual([expect.objectContaining({ code: 'LANGUAGE_NOT_SUPPORTED', parameter: 'lang' })]);
      expect(res.body.meta.warnings[0].message).toBe('The language "fr" is not supported (only de and en); the names are in German.');
      expect((await api.get(path, { token: dealer.token, query: { lang: 'en' } })).body.meta.warnings).toBeUndefined();
    }
  });
});
