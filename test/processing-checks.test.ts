import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { offerHistory, offers } from '@/db/schema';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { Catalogue } from '@/lib/catalogue/tree';
import { checkOffer, type CheckContext, type CheckInput } from '@/lib/offers/rules/checks';
import { MAX_ATTEMPTS, processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Each business check and info of processing (docs/contract.md, "Lifecycle"), through the API and the
// real processor: its code, its field, its texts in German and English.

let token: string;

beforeAll(async () => {
  token = (await newDealer()).token;
});

const base = offerBody();

/** Creates an offer, processes it, and answers it as read through the API (English by default). */
async function processed(overrides: Record<string, unknown>, lang: 'de' | 'en' = 'en') {
  const offer = await createOffer(token, overrides);
  const summary = await processOffers({ ids: [offer.id] });
  expect(summary.processed).toBe(1);
  const res = await api.get(`/v1/offers/${offer.id}`, { token, headers: { 'accept-language': lang } });
  expect(res.status).toBe(200);
  return res.body.data;
}

type Entry = { code: string; field?: string; message: string; translations: { de: string; en: string } };

function only(entries: Entry[], code: string): Entry[] {
  return entries.filter((e) => e.code === code);
}

/** The entry is complete: its message is the English text, and both texts are filled in. */
function expectTexts(entry: Entry, de: RegExp, en: RegExp) {
  expect(entry.translations.de).toMatch(de);
  expect(entry.translations.en).toMatch(en);
  expect(entry.message).toBe(entry.translations.en);
  expect(entry.translations.de).not.toBe(entry.translations.en);
  expect(entry.translations.en).not.toMatch(/\{\w+\}/);
  expect(entry.translations.de).not.toMatch(/\{\w+\}/);
}

describe('processing checks', () => {
  it('accepts a valid offer as draft with no errors', async () => {
    const offer = await processed({});
    expect(offer.status.current.code).toBe('draft');
    expect(offer.status.errors).toEqual([]);
    expect(offer.status.infos).toEqual([]);
    expect(offer.status.nextSteps.map((s: Entry) => s.code).sort()).toEqual(['canceled', 'order_journey_started', 'pending']);
  });

  it.each([
    ['an accessory code', '201010'],
    ['an unknown code', '999999'],
    ['a category that is not leasable itself', '100000'],
  ])('rejects %s as the product with PRODUCT_NOT_LEASABLE', async (_, code) => {
    const offer = await processed({ product: { ...base.product, bidexCode: code } });
    expect(offer.status.current.code).toBe('rejected');
    const [error, ...more] = only(offer.status.errors, 'PRODUCT_NOT_LEASABLE');
    expect(more).toEqual([]);
    expect(error!.field).toBe('product.bidexCode');
    expectTexts(error!, new RegExp(`${code}.*keine leasingfähige`), new RegExp(`${code} is not a leasable bicycle`));
    expect(offer.status.errors).toHaveLength(1);
  });

  it('reports ACCESSORY_NOT_LEASABLE once per bad accessory, with its index', async () => {
    const accessory = [
      base.accessory[0],
      { bidexCode: '102020', brandName: 'Cube', modelName: 'A bicycle', priceGross: 10 }, // a bicycle code
      base.accessory[1],
      { bidexCode: '999999', brandName: 'Nobody', modelName: 'Unknown', priceGross: 10 },
      { bidexCode: '900000', brandName: 'Spoke', modelName: 'Services root', priceGross: 10 }, // not leasable itself
    ];
    const offer = await processed({ accessory });
    expect(offer.status.current.code).toBe('rejected');
    const errors = only(offer.status.errors, 'ACCESSORY_NOT_LEASABLE');
    expect(errors.map((e) => e.field)).toEqual(['accessory[1].bidexCode', 'accessory[3].bidexCode', 'accessory[4].bidexCode']);
    expectTexts(errors[0]!, /Zubehör mit dem Code 102020/, /accessory with the code 102020 is not leasable/);
    expect(errors[1]!.translations.en).toContain('999999');
    expect(offer.status.errors).toHaveLength(3);
  });

  it('accepts the operator’s extension accessories', async () => {
    const accessory = [{ bidexCode: '901010', brandName: 'Spoke', modelName: 'Inspektion', priceGross: 99 }];
    expect((await processed({ accessory })).status.current.code).toBe('draft');
  });

  it('rejects a category the employee’s employer excludes with CATEGORY_NOT_ALLOWED', async () => {
    const offer = await processed({
      customerEmail: 'erika.mustermann@acme.example',
      product: { ...base.product, bidexCode: '103010' },
    });
    expect(offer.status.current.code).toBe('rejected');
    const [error] = only(offer.status.errors, 'CATEGORY_NOT_ALLOWED');
    expect(error!.field).toBe('product.bidexCode');
    expectTexts(error!, /Arbeitgeber.*103010/, /employer does not allow the category 103010/);
    expect(offer.status.errors).toHaveLength(1);
  });

  it('matches the employee’s e-mail case-insensitively', async () => {
    const offer = await processed({
      customerEmail: 'Erika.Mustermann@ACME.example',
      product: { ...base.product, bidexCode: '103020' },
    });
    expect(offer.status.errors.map((e: Entry) => e.code)).toEqual(['CATEGORY_NOT_ALLOWED']);
  });

  it('allows the same S-pedelec to a customer who is not a registered employee, and other categories to the employee', async () => {
    const other = await processed({ product: { ...base.product, bidexCode: '103010' } });
    expect(other.status.current.code).toBe('draft');
    const allowed = await processed({ customerEmail: 'erika.mustermann@acme.example' });
    expect(allowed.status.current.code).toBe('draft');
  });

  it.each(['brandName', 'modelName', 'priceGross'])('rejects a product without %s with MISSING_PRODUCT_DATA', async (field) => {
    const product: Record<string, unknown> = { ...base.product };
    delete product[field];
    const offer = await processed({ product });
    expect(offer.status.current.code).toBe('rejected');
    expect(offer.status.errors).toHaveLength(1);
    const [error] = only(offer.status.errors, 'MISSING_PRODUCT_DATA');
    expect(error!.field).toBe(`product.${field}`);
    expectTexts(error!, new RegExp(`fehlt.*product\\.${field}`), new RegExp(`missing: product\\.${field}`));
  });

  it('counts a brand of only whitespace as missing', async () => {
    const offer = await processed({ product: { ...base.product, brandName: '   ' } });
    expect(offer.status.current.code).toBe('rejected');
    expect(only(offer.status.errors, 'MISSING_PRODUCT_DATA').map((e) => e.field)).toEqual(['product.brandName']);
  });

  it('rejects a price above the list price with PRICE_ABOVE_LIST_PRICE, for the product and for accessories', async () => {
    const offer = await processed({
      product: { ...base.product, priceGross: 3699.01, listPriceGross: 3699 },
      accessory: [base.accessory[1], { ...base.accessory[0], priceGross: 120, listPriceGross: 109.95 }],
    });
    expect(offer.status.current.code).toBe('rejected');
    const errors = only(offer.status.errors, 'PRICE_ABOVE_LIST_PRICE');
    expect(errors.map((e) => e.field)).toEqual(['product.priceGross', 'accessory[1].priceGross']);
    expectTexts(errors[0]!, /3\.699,01 € liegt über dem Listenpreis 3\.699,00 €/, /price €3,699\.01 is above the list price €3,699\.00/);
  });

  it('accepts a price equal to the list price', async () => {
    const offer = await processed({ product: { ...base.product, priceGross: 3699, listPriceGross: 3699 } });
    expect(offer.status.current.code).toBe('draft');
  });

  it('reports all errors, not just the first', async () => {
    const offer = await processed({
      customerEmail: 'erika.mustermann@acme.example',
      product: { bidexCode: '103010', priceGross: 5000, listPriceGross: 4000 },
      accessory: [{ bidexCode: '999999' }, { bidexCode: '101010' }, base.accessory[0]],
    });
    expect(offer.status.current.code).toBe('rejected');
    const found = offer.status.errors.map((e: Entry) => `${e.code} ${e.field}`).sort();
    expect(found).toEqual(
      [
        'CATEGORY_NOT_ALLOWED product.bidexCode',
        'MISSING_PRODUCT_DATA product.brandName',
        'MISSING_PRODUCT_DATA product.modelName',
        'PRICE_ABOVE_LIST_PRICE product.priceGross',
        'ACCESSORY_NOT_LEASABLE accessory[0].bidexCode',
        'ACCESSORY_NOT_LEASABLE accessory[1].bidexCode',
      ].sort(),
    );
  });

  it('answers the status texts in German when asked for', async () => {
    const offer = await processed({ product: { ...base.product, bidexCode: '999999' } }, 'de');
    const [error] = offer.status.errors as Entry[];
    expect(error!.message).toBe(error!.translations.de);
    expect(offer.status.current.message).toBe(offer.status.current.translations.de);
  });
});

describe('processing infos', () => {
  it('reports TEXT_NORMALIZED for each trimmed or collapsed field, and keeps it through processing', async () => {
    const offer = await processed({
      customerName: '  Erika   Mustermann ',
      product: { ...base.product, brandName: ' Cube', modelName: 'Kathmandu   Hybrid' },
      accessory: [{ ...base.accessory[0], modelName: 'Granit  X-Plus ' }],
    });
    expect(offer.status.current.code).toBe('draft');
    expect(offer.customerName).toBe('Erika Mustermann');
    expect(offer.product.modelName).toBe('Kathmandu Hybrid');
    const infos = only(offer.status.infos, 'TEXT_NORMALIZED');
    expect(infos.map((i) => i.field).sort()).toEqual(
      ['accessory[0].modelName', 'customerName', 'product.brandName', 'product.modelName'].sort(),
    );
    const info = infos.find((i) => i.field === 'product.modelName')!;
    expectTexts(info, /Leerzeichen in product\.modelName/, /Whitespace in product\.modelName was normalized/);
  });

  it.each(['202120', '202130', '202140', '202150'])('remaps %s to 202100 with BIDEX_CODE_REMAPPED', async (code) => {
    const offer = await processed({ accessory: [base.accessory[0], { bidexCode: code, brandName: 'Shimano', modelName: 'XT', priceGross: 199 }] });
    expect(offer.status.current.code).toBe('draft');
    expect(offer.accessory[1].bidexCode).toBe('202100');
    const [info, ...more] = only(offer.status.infos, 'BIDEX_CODE_REMAPPED');
    expect(more).toEqual([]);
    expect(info!.field).toBe('accessory[1].bidexCode');
    expectTexts(info!, new RegExp(`${code} wurde auf 202100`), new RegExp(`${code} was remapped to 202100`));
  });

  it('reports EXTERNAL_ID_ALREADY_USED when the external id belongs to a canceled offer', async () => {
    const externalOfferId = `ERP-reuse-${Date.now()}`;
    const first = await createOffer(token, { externalOfferId });
    expect((await api.post(`/v1/offers/${first.id}/cancel`, { token })).status).toBe(200);

    const offer = await processed({ externalOfferId });
    expect(offer.status.current.code).toBe('draft');
    const [info, ...more] = only(offer.status.infos, 'EXTERNAL_ID_ALREADY_USED');
    expect(more).toEqual([]);
    expect(info!.field).toBe('externalOfferId');
    expect(info!.translations.en).toContain(first.offerNumber);
    expectTexts(info!, /bereits mit anderen Angeboten verknüpft/, /already linked to other offers/);
  });

  it('does not report EXTERNAL_ID_ALREADY_USED for a new external id or for another dealer’s offers', async () => {
    const externalOfferId = `ERP-other-${Date.now()}`;
    const other = await newDealer();
    const theirs = await createOffer(other.token, { externalOfferId });
    expect((await api.post(`/v1/offers/${theirs.id}/cancel`, { token: other.token })).status).toBe(200);
    const offer = await processed({ externalOfferId });
    expect(only(offer.status.infos, 'EXTERNAL_ID_ALREADY_USED')).toEqual([]);
  });
});

describe('processing failures and history', () => {
  const boom = (): never => {
    throw new Error('checker exploded');
  };

  async function row(id: string) {
    const [r] = await getDb().select().from(offers).where(eq(offers.id, id));
    return r!;
  }

  async function processedEntries(id: string) {
    return getDb()
      .select()
      .from(offerHistory)
      .where(and(eq(offerHistory.offerId, id), eq(offerHistory.action, 'processed')));
  }

  it(`retries a throwing check with backoff and rejects with INTERNAL_SERVER_ERROR after ${MAX_ATTEMPTS} attempts`, async () => {
    const offer = await createOffer(token);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const summary = await processOffers({ ids: [offer.id], check: boom });
      expect(summary).toMatchObject({ processed: 0, retried: 1 });
      const r = await row(offer.id);
      expect(r.status).toBe('pending');
      expect(r.processingAttempts).toBe(attempt);
      // Backoff: not due again at once, so a regular run leaves it alone.
      expect(r.processAfter!.getTime()).toBeGreaterThan(Date.now() + 500);
      await processOffers({ check: boom });
      expect((await row(offer.id)).processingAttempts).toBe(attempt);
      expect(await processedEntries(offer.id)).toEqual([]);
    }
    const read = await api.get(`/v1/offers/${offer.id}`, { token });
    expect(read.body.data.status.current.code).toBe('pending');

    const last = await processOffers({ ids: [offer.id], check: boom });
    expect(last).toMatchObject({ processed: 1, rejected: 1, failed: 1, retried: 0 });
    const r = await row(offer.id);
    expect(r.status).toBe('rejected');
    expect(r.processingAttempts).toBe(MAX_ATTEMPTS);
    expect(r.processAfter).toBeNull();

    const res = await api.get(`/v1/offers/${offer.id}`, { token });
    const status = res.body.data.status;
    expect(status.current.code).toBe('rejected');
    expect(status.errors).toHaveLength(1);
    expect(status.errors[0].code).toBe('INTERNAL_SERVER_ERROR');
    expectTexts(status.errors[0], /internen Fehlers/, /internal error/);
    expect(JSON.stringify(res.body)).not.toContain('checker exploded');

    const entries = await processedEntries(offer.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'system', fromStatus: 'pending', toStatus: 'rejected', changeSeq: 1 });
  });

  it('retries only the offer whose check throws; the others of the batch are processed', async () => {
    const good = await createOffer(token);
    const bad = await createOffer(token, { product: { ...base.product, brandName: 'EXPLODE' } });
    const invalid = await createOffer(token, { product: { ...base.product, bidexCode: '999999' } });
    const check: typeof checkOffer = (input, context) => {
      if (input.product.brandName === 'EXPLODE') throw new Error('only this one');
      return checkOffer(input, context);
    };
    const summary = await processOffers({ ids: [good.id, bad.id, invalid.id], check });
    expect(summary).toMatchObject({ processed: 2, drafted: 1, rejected: 1, retried: 1 });
    expect((await row(good.id)).status).toBe('draft');
    expect((await row(invalid.id)).status).toBe('rejected');
    expect(await row(bad.id)).toMatchObject({ status: 'pending', processingAttempts: 1 });
    expect(await processedEntries(bad.id)).toEqual([]);
  });

  it('processes an offer normally once the checker recovers, and a resubmission starts counting again', async () => {
    const offer = await createOffer(token);
    await processOffers({ ids: [offer.id], check: boom });
    await processOffers({ ids: [offer.id] });
    const r = await row(offer.id);
    expect(r.status).toBe('draft');
    expect(r.processingAttempts).toBe(2);

    const { product, accessory } = offerBody();
    expect((await api.put(`/v1/offers/${offer.id}`, { token, body: { product, accessory } })).status).toBe(202);
    expect((await row(offer.id)).processingAttempts).toBe(0);
  });

  it('writes one processed entry by the system per processed change', async () => {
    const offer = await createOffer(token, { product: { ...base.product, bidexCode: '999999' } });
    await processOffers({ ids: [offer.id] });
    await processOffers({ ids: [offer.id] }); // nothing left to do: no second entry
    const { product, accessory } = offerBody();
    expect((await api.put(`/v1/offers/${offer.id}`, { token, body: { product, accessory } })).status).toBe(202);
    await processOffers({ ids: [offer.id] });

    const res = await api.get(`/v1/offers/${offer.id}/history`, { token });
    expect(res.status).toBe(200);
    const history = [...res.body.data].reverse();
    expect(history.map((h: any) => [h.action, h.actor.type, h.fromStatus ?? null, h.toStatus])).toEqual([
      ['created', 'client', null, 'pending'],
      ['processed', 'system', 'pending', 'rejected'],
      ['updated', 'client', 'rejected', 'pending'],
      ['processed', 'system', 'pending', 'draft'],
    ]);
    expect(history[1].changes).toEqual([{ field: 'status.errors', new: ['PRODUCT_NOT_LEASABLE'] }]);

    const entries = await processedEntries(offer.id);
    expect(entries.map((e) => e.changeSeq).sort()).toEqual([1, 2]);
  });

  it('processes due offers without ids and leaves offers that are not pending alone', async () => {
    const offer = await createOffer(token);
    const summary = await processOffers();
    expect(summary.processed).toBeGreaterThanOrEqual(1);
    expect((await row(offer.id)).status).toBe('draft');
    const again = await processOffers();
    expect(again.processed).toBe(0);
    expect(await processedEntries(offer.id)).toHaveLength(1);
  });
});

describe('checkOffer', () => {
  let catalogue: Catalogue;
  beforeAll(async () => {
    catalogue = await loadCatalogue({ fresh: true });
  });
  const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({ catalogue, excludedCodes: null, linkedOfferNumbers: [], ...over });
  const input: CheckInput = { product: { ...base.product }, accessory: base.accessory.map((a) => ({ ...a })) };

  it('compares prices in cents, not in floating point', () => {
    const result = checkOffer({ ...input, product: { ...input.product, priceGross: 0.3, listPriceGross: 0.1 + 0.2 } }, ctx());
    expect(result).toEqual({ errors: [], infos: [] });
  });

  it('excludes sub-categories of an excluded category, for the bicycle and for accessories', () => {
    const result = checkOffer(
      { product: { ...input.product, bidexCode: '103020' }, accessory: [{ bidexCode: '201010' }, { bidexCode: '201110' }] },
      ctx({ excludedCodes: ['103000', '201100'] }),
    );
    expect(result.errors.map((e) => `${e.code} ${e.field}`)).toEqual([
      'CATEGORY_NOT_ALLOWED product.bidexCode',
      'CATEGORY_NOT_ALLOWED accessory[1].bidexCode',
    ]);
  });

  it('lists all linked offer numbers', () => {
    const result = checkOffer(input, ctx({ linkedOfferNumbers: ['SPK-100001', 'SPK-100007'] }));
    expect(result.infos).toEqual([
      { code: 'EXTERNAL_ID_ALREADY_USED', field: 'externalOfferId', params: { offerNumbers: 'SPK-100001, SPK-100007' } },
    ]);
  });
});
