import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { offers } from '@/db/schema';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

const cases: Record<string, Record<string, unknown>> = {
  valid: {},
  'product not leasable': { product: { ...offerBody().product, bidexCode: '201010' } },
  'accessory not leasable': {
    accessory: [
      { bidexCode: '999999', brandName: 'X', modelName: 'Y', priceGross: 10 },
      { bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo', priceGross: 10 },
      { bidexCode: '300000', brandName: 'X', modelName: 'Z', priceGross: 10 },
    ],
  },
  'category not allowed for the employee': {
    customerEmail: 'Erika.Mustermann@acme.example',
    product: { ...offerBody().product, bidexCode: '103010' },
  },
  'missing product data': { product: { bidexCode: '102020' } },
  'price above list price': {
    product: { ...offerBody().product, priceGross: 4000, listPriceGross: 3999.99 },
    accessory: [{ bidexCode: '201010', priceGross: 20, listPriceGross: 10 }],
  },
  'remapped code and normalized text': {
    customerName: '  Erika   Mustermann ',
    accessory: [{ bidexCode: '202140', brandName: 'Shimano', modelName: 'Deore', priceGross: 80 }],
  },
};

const summary = (status: { errors: { code: string; field?: string }[]; infos: { code: string; field?: string }[] }) => ({
  errors: status.errors.map((e) => `${e.code}@${e.field}`),
  infos: status.infos.map((i) => `${i.code}@${i.field}`),
});

describe('POST /v1/offers/validate (dry run)', () => {
  it.each(Object.entries(cases))('answers what processing answers: %s', async (_name, overrides) => {
    const dealer = await newDealer();
    const body = offerBody(overrides);
    const before = (await getDb().select({ n: count() }).from(offers))[0]!.n;

    const dry = await api.post('/v1/offers/validate', { token: dealer.token, body });
    expect(dry.status).toBe(200);
    expect((await getDb().select({ n: count() }).from(offers))[0]!.n).toBe(before);

    const created = await api.post('/v1/offers', { token: dealer.token, body });
    expect(created.status).toBe(202);
    await processOffers({ ids: [created.body.data.id] });
    const processed = await api.get(`/v1/offers/${created.body.data.id}`, { token: dealer.token });

    expect(summary(dry.body.data.status)).toEqual(summary(processed.body.data.status));
    expect(dry.body.data.status.current.code).toBe(processed.body.data.status.current.code);
    expect(dry.body.data.valid).toBe(processed.body.data.status.current.code === 'draft');
    for (const e of dry.body.data.status.errors) expect(Object.keys(e.translations).sort()).toEqual(['de', 'en']);
  });

  it('answers what processing answers for an external id of a canceled offer (the linked-offers rule)', async () => {
    const dealer = await newDealer();
    const externalOfferId = `ERP-linked-${Date.now()}`;
    const first = await createOffer(dealer.token, { externalOfferId });
    expect((await api.post(`/v1/offers/${first.id}/cancel`, { token: dealer.token })).status).toBe(200);
    const body = offerBody({ externalOfferId });

    const dry = await api.post('/v1/offers/validate', { token: dealer.token, body });
    expect(dry.status).toBe(200);
    const created = await api.post('/v1/offers', { token: dealer.token, body });
    expect(created.status).toBe(202);
    await processOffers({ ids: [created.body.data.id] });
    const processed = await api.get(`/v1/offers/${created.body.data.id}`, { token: dealer.token });

    expect(summary(dry.body.data.status)).toEqual(summary(processed.body.data.status));
    expect(summary(dry.body.data.status).infos).toContain('EXTERNAL_ID_ALREADY_USED@externalOfferId');
    expect(dry.body.data.status.infos.find((i: { code: string }) => i.code === 'EXTERNAL_ID_ALREADY_USED').translations.en).toContain(first.offerNumber);
  });

  it('answers 400 with the field path for invalid input, like a create', async () => {
    const dealer = await newDealer();
    const res = await api.post('/v1/offers/validate', {
      token: dealer.token,
      body: offerBody({ accessory: [{ bidexCode: '12' }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'accessory[0].bidexCode' });
  });

  it('needs the offers:write scope', async () => {
    const dealer = await newDealer({ scopes: ['offers:read', 'catalogue:read'] });
    const res = await api.post('/v1/offers/validate', { token: dealer.token, body: offerBody() });
    expect(res.status).toBe(403);
  });

  it('answers the 409 of create while an open offer holds the external offer id, naming it in offerId, and passes once it is finished', async () => {
    const dealer = await newDealer();
    const first = await createOffer(dealer.token);
    const body = offerBody({ externalOfferId: first.externalOfferId });
    const res = await api.post('/v1/offers/validate', { token: dealer.token, body, headers: { 'accept-language': 'de' } });
    expect(res.status, res.text).toBe(409);
    const created = await api.post('/v1/offers', { token: dealer.token, body, headers: { 'accept-language': 'de' } });
    expect(created.status).toBe(409);
    // The same answer as the create's, the holder named by its id and in the details.
    expect(res.body.errors).toEqual(created.body.errors);
    expect(res.body.errors[0]).toMatchObject({ code: 'CONFLICT', offerId: first.id });
    expect(res.body.errors[0].details).toContain(first.offerNumber);
    // The dry run of an update of that very offer: its own id is no conflict.
    const asUpdate = await api.post('/v1/offers/validate', { token: dealer.token, body, query: { offerId: first.id } });
    expect(asUpdate.status, asUpdate.text).toBe(200);
    expect(asUpdate.body.data.valid).toBe(true);

    // Canceled: the id is free; the dry run says so and the create goes through.
    await processOffers({ ids: [first.id] });
    const canceled = await api.post(`/v1/offers/${first.id}/cancel`, { token: dealer.token, body: { cancelReason: 'not_deliverable' } });
    expect(canceled.status, canceled.text).toBe(200);
    const again = await api.post('/v1/offers/validate', { token: dealer.token, body });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.valid).toBe(true);
    expect((await api.post('/v1/offers', { token: dealer.token, body })).status).toBe(202);
  });
});
