import { beforeAll, describe, expect, it } from 'vitest';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { offerBody } from './helpers/offers';

// POST /v1/offers — spec "Create an offer", "Offer in responses", "Status object",
// docs/contract.md "Endpoints" (offer JSON) and "Lifecycle" (acceptance: normalization and remapping).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  api.post('/v1/offers', { token: dealer.token, body, headers });

/** Every path in a JSON value whose value is null. */
function nullPaths(value: unknown, path = ''): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value as object).flatMap(([k, v]) => nullPaths(v, path ? `${path}.${k}` : k));
  return [];
}

function expectMessage(entry: any) {
  expect(typeof entry.code).toBe('string');
  expect(typeof entry.message).toBe('string');
  expect(entry.message.length).toBeGreaterThan(0);
  expect(entry.translations.de.length).toBeGreaterThan(0);
  expect(entry.translations.en.length).toBeGreaterThan(0);
}

describe('POST /v1/offers', () => {
  it('spec Create an offer: answers 202 with the offer under data, a meta object and a Location header (contract Endpoints)', async () => {
    const res = await create(offerBody());
    expect(res.status).toBe(202);
    expect(res.body.data.id).toMatch(UUID);
    expect(res.body.meta).toEqual(expect.any(Object));
    expect(Array.isArray(res.body.meta)).toBe(false);
    expect(res.headers.get('location')).toBe(`/v1/offers/${res.body.data.id}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);

    const again = await api.get(res.headers.get('location')!, { token: dealer.token });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);
  });

  it('answers exactly the offer a GET then reads: accessories, prices, totals, timestamps (the 202 is built without a read-back)', async () => {
    const body = offerBody({
      accessory: [
        { bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 99.95, listPriceGross: 109.9 },
        { bidexCode: '201310', priceGross: 49 },
        { bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo', priceGross: 0.1 },
      ],
      shippingCostGross: 19.99,
      installationCostGross: 0,
    });
    const res = await create(body);
    expect(res.status).toBe(202);
    const read = await api.get(`/v1/offers/${res.body.data.id}`, { token: dealer.token });
    expect(read.body.data).toEqual(res.body.data);
    expect(res.body.data.accessory.map((a: { modelName?: string }) => a.modelName)).toEqual(['Granit', undefined, 'Bordo']);
    const none = await create(offerBody({ accessory: [] }));
    expect((await api.get(`/v1/offers/${none.body.data.id}`, { token: dealer.token })).body.data).toEqual(none.body.data);
  });

  it('spec States: a created offer is pending with the full status object; nextSteps are exactly draft, canceled and rejected', async () => {
    const res = await create(offerBody());
    const status = res.body.data.status;
    expect(Object.keys(status).sort()).toEqual(['current', 'errors', 'infos', 'nextSteps']);
    expect(status.current.code).toBe('pending');
    expectMessage(status.current);
    expect(status.nextSteps.map((s: any) => s.code).sort()).toEqual(['canceled', 'draft', 'rejected']);
    status.nextSteps.forEach(expectMessage);
    expect(status.errors).toEqual([]);
    expect(status.infos).toEqual([]);
  });

  it('spec Status object: messages come in the language of Accept-Language, with de and en translations', async () => {
    const res = await create(offerBody(), { 'accept-language': 'de-DE,de;q=0.9' });
    const current = res.body.data.status.current;
    expect(current.message).toBe(current.translations.de);
    expect(current.translations.en).not.toBe(current.translations.de);
    const en = await create(offerBody());
    expect(en.body.data.status.current.message).toBe(en.body.data.status.current.translations.en);
    // The weights decide, as on every face: English named first but weighted below German.
    const weighted = await create(offerBody(), { 'accept-language': 'en;q=0.2, de;q=0.9' });
    expect(weighted.body.data.status.current.message).toBe(weighted.body.data.status.current.translations.de);
  });

  it('contract Offer JSON: request fields plus id, offerNumber, totalPriceGross, environment and timestamps', async () => {
    const body = offerBody();
    const res = await create(body);
    const data = res.body.data;
    expect(data).toMatchObject({
      externalOfferId: body.externalOfferId,
      customerName: body.customerName,
      customerEmail: body.customerEmail,
      product: body.product,
      accessory: body.accessory,
      withShipping: true,
      shippingCostGross: 29.9,
      installationCostGross: 15,
      deliveryDate: '2030-12-15T10:00:00.000Z',
      notes: body.notes,
      environment: 'sandbox',
    });
    expect(data.offerNumber).toMatch(/^SPK-\d+$/);
    expect(data.createdAt).toMatch(ISO);
    expect(data.updatedAt).toMatch(ISO);
    expect(data.statusChangedAt).toMatch(ISO);
  });

  it('contract Offer JSON: internal columns never leak (serializer)', async () => {
    const res = await create(offerBody());
    const keys = Object.keys(res.body.data);
    for (const internal of ['dealerId', 'processAfter', 'processingAttempts', 'changeSeq', 'statusErrors', 'statusInfos', 'accessories']) {
      expect(keys).not.toContain(internal);
    }
    expect(res.text).not.toContain(dealer.dealerId);
  });

  it('contract Offer JSON: offerNumber is human-readable and unique', async () => {
    const [a, b] = await Promise.all([create(offerBody()), create(offerBody())]);
    expect(a.body.data.offerNumber).toMatch(/^SPK-\d+$/);
    expect(b.body.data.offerNumber).toMatch(/^SPK-\d+$/);
    expect(a.body.data.offerNumber).not.toBe(b.body.data.offerNumber);
  });

  it('contract Offer JSON: totalPriceGross = product + accessories + shipping + installation, summed exactly', async () => {
    // In binary floating point 0.1 + 0.2 + 0.7 is 0.9999999999999999.
    const res = await create(
      offerBody({
        product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: 0.1, listPriceGross: 3699 },
        accessory: [
          { bidexCode: '201010', priceGross: 0.2, listPriceGross: 500 },
          { bidexCode: '201310' },
        ],
        shippingCostGross: 0.7,
        installationCostGross: 0,
      }),
    );
    expect(res.status).toBe(202);
    expect(res.body.data.totalPriceGross).toBe(1);

    const standard = await create(offerBody());
    // 3499.00 + 99.95 + 49.90 + 29.90 + 15.00; list prices are not part of the total.
    expect(standard.body.data.totalPriceGross).toBe(3693.75);
  });

  it('offers of one shape (the create statement is built once per number of accessories) each keep their own values', async () => {
    // Same shape, different values, one after another and at once; then 0 and 50 accessories.
    const bodies = ['Ana Álvarez', 'Bo Berg', 'Cem Çelik', 'Dörte Dahl'].map((customerName, i) =>
      offerBody({
        customerName,
        product: { bidexCode: '102020', brandName: `Brand ${i}`, modelName: `Model ${i}`, priceGross: 1000 + i },
        accessory: [{ bidexCode: '201010', modelName: `Lock ${i}`, priceGross: 10 + i }],
        deliveryDate: i % 2 ? `2027-0${i}-15T00:00:00Z` : undefined,
        shippingCostGross: i,
        installationCostGross: undefined,
      }),
    );
    const answers = [await create(bodies[0]!), ...(await Promise.all(bodies.slice(1).map((b) => create(b))))];
    for (const [i, res] of answers.entries()) {
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const read = await api.get(`/v1/offers/${res.body.data.id}`, { token: dealer.token });
      for (const offer of [res.body.data, read.body.data]) {
        expect(offer.customerName).toBe(bodies[i]!.customerName);
        expect(offer.externalOfferId).toBe(bodies[i]!.externalOfferId);
        expect(offer.product.modelName).toBe(`Model ${i}`);
        expect(offer.accessory).toEqual([{ bidexCode: '201010', modelName: `Lock ${i}`, priceGross: 10 + i }]);
        expect(offer.totalPriceGross).toBe(1010 + 3 * i);
        expect(offer.deliveryDate).toBe(i % 2 ? `2027-0${i}-15T00:00:00.000Z` : undefined);
      }
    }
    const none = await create(offerBody({ accessory: [], shippingCostGross: undefined, installationCostGross: undefined }));
    expect(none.body.data.accessory).toEqual([]);
    expect(none.body.data.totalPriceGross).toBe(3499);
    const many = Array.from({ length: 50 }, (_, i) => ({ bidexCode: '201010', modelName: `Part ${i}`, priceGross: 1 }));
    const full = await create(offerBody({ accessory: many, shippingCostGross: undefined, installationCostGross: undefined }));
    expect(full.status, JSON.stringify(full.body)).toBe(202);
    const fullRead = await api.get(`/v1/offers/${full.body.data.id}`, { token: dealer.token });
    expect(fullRead.body.data.accessory.map((a: { modelName: string }) => a.modelName)).toEqual(many.map((a) => a.modelName));
    expect(fullRead.body.data.totalPriceGross).toBe(3549);
  });

  it('with Idempotency-Key each create runs in a transaction of its own: concurrent ones and one without a key keep their data', async () => {
    const shaped = (customerName: string) =>
      offerBody({ customerName, accessory: [{ bidexCode: '201010', modelName: 'Kette', priceGross: 7 }, { bidexCode: '201010', priceGross: 8 }, { bidexCode: '201010' }] });
    const first = await api.post('/v1/offers', { token: dealer.token, body: shaped('Key Erste'), headers: { 'Idempotency-Key': `shape-${Date.now()}-1` } });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const more = await Promise.all(
      ['Key Zweite', 'Key Dritte', 'Key Vierte'].map((name, i) =>
        api.post('/v1/offers', { token: dealer.token, body: shaped(name), headers: { 'Idempotency-Key': `shape-${Date.now()}-${i + 2}` } }),
      ),
    );
    const plain = await create(shaped('Key Ohne'));
    for (const [res, name] of [...more.map((r, i) => [r, ['Key Zweite', 'Key Dritte', 'Key Vierte'][i]] as const), [plain, 'Key Ohne'] as const]) {
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const read = await api.get(`/v1/offers/${res.body.data.id}`, { token: dealer.token });
      expect(read.body.data.customerName).toBe(name);
      expect(read.body.data.accessory).toEqual([{ bidexCode: '201010', modelName: 'Kette', priceGross: 7 }, { bidexCode: '201010', priceGross: 8 }, { bidexCode: '201010' }]);
    }
  });

  it('contract Offer JSON: money is answered as a JSON number with at most two decimals', async () => {
    const res = await create(offerBody({ shippingCostGross: 10.1, installationCostGross: 0.05 }));
    expect(res.text).toContain('"shippingCostGross":10.1');
    expect(res.text).toContain('"installationCostGross":0.05');
    expect(typeof res.body.data.totalPriceGross).toBe('number');
    expect(String(res.body.data.totalPriceGross)).toMatch(/^\d+(\.\d{1,2})?$/);
  });

  it('spec Conventions 6: null-valued fields are omitted, never sent as null', async () => {
    const body = offerBody({
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', color: null, priceGross: 2000 },
      accessory: [{ bidexCode: '201010', brandName: null, priceGross: 50 }],
      notes: null,
      deliveryDate: null,
      shippingCostGross: null,
    });
    delete (body as Record<string, unknown>).installationCostGross;
    const res = await create(body);
    expect(res.status).toBe(202);
    expect(nullPaths(res.body)).toEqual([]);
    const data = res.body.data;
    for (const omitted of ['notes', 'deliveryDate', 'shippingCostGross', 'installationCostGross', 'cancelReason', 'contactFromEmployeeRequested']) {
      expect(data).not.toHaveProperty(omitted);
    }
    expect(data.product).not.toHaveProperty('color');
    expect(data.product).not.toHaveProperty('modelYear');
    expect(data.accessory[0]).toEqual({ bidexCode: '201010', priceGross: 50 });

    const read = await api.get(`/v1/offers/${data.id}`, { token: dealer.token });
    expect(nullPaths(read.body)).toEqual([]);
  });

  it('spec Conventions 6: booleans are never null — withShipping is false when omitted or null', async () => {
    const omitted = offerBody();
    delete (omitted as Record<string, unknown>).withShipping;
    const a = await create(omitted);
    expect(a.status).toBe(202);
    expect(a.body.data.withShipping).toBe(false);
    const b = await create(offerBody({ withShipping: null }));
    expect(b.body.data.withShipping).toBe(false);
  });

  it('spec Conventions 6: an empty accessory list is answered as []', async () => {
    const res = await create(offerBody({ accessory: [] }));
    expect(res.status).toBe(202);
    expect(res.body.data.accessory).toEqual([]);
  });

  it('spec Conventions 3: optional fields may be left out', async () => {
    const res = await create({
      externalOfferId: `MIN-${Date.now()}`,
      customerName: 'Max Minimal',
      customerEmail: 'max@example.com',
      product: { bidexCode: '102020' },
      accessory: [],
    });
    expect(res.status).toBe(202);
    expect(res.body.data.product).toEqual({ bidexCode: '102020' });
    expect(res.body.data.totalPriceGross).toBe(0);
  });

  it('spec Versioning 3: unknown request fields are tolerated and not echoed', async () => {
    const res = await create({ ...offerBody(), futureField: 'x', product: { ...offerBody().product, futureProductField: 1 } });
    expect(res.status).toBe(202);
    expect(res.body.data).not.toHaveProperty('futureField');
    expect(res.body.data.product).not.toHaveProperty('futureProductField');
  });

  it('spec Classification codes: 202120/202130/202140/202150 are remapped to 202100 with an info BIDEX_CODE_REMAPPED naming the field', async () => {
    const res = await create(
      offerBody({
        accessory: [
          { bidexCode: '201010', priceGross: 10 },
          { bidexCode: '202120', priceGross: 10 },
          { bidexCode: '202130', priceGross: 10 },
          { bidexCode: '202140', priceGross: 10 },
          { bidexCode: '202150', priceGross: 10 },
        ],
      }),
    );
    expect(res.status).toBe(202);
    const data = res.body.data;
    expect(data.accessory.map((a: any) => a.bidexCode)).toEqual(['201010', '202100', '202100', '202100', '202100']);
    const remapped = data.status.infos.filter((i: any) => i.code === 'BIDEX_CODE_REMAPPED');
    expect(remapped.map((i: any) => i.field)).toEqual([
      'accessory[1].bidexCode',
      'accessory[2].bidexCode',
      'accessory[3].bidexCode',
      'accessory[4].bidexCode',
    ]);
    remapped.forEach(expectMessage);
    expect(remapped[0].translations.en).toContain('202120');
    expect(remapped[0].translations.en).toContain('202100');

    // spec: "the offer returned on retrieval carries 202100", also after processing.
    await processOffers();
    const read = await api.get(`/v1/offers/${data.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('draft');
    expect(read.body.data.accessory.map((a: any) => a.bidexCode)).toEqual(['201010', '202100', '202100', '202100', '202100']);
    expect(read.body.data.status.infos.filter((i: any) => i.code === 'BIDEX_CODE_REMAPPED')).toHaveLength(4);
  });

  it('spec Classification codes: 202100 itself and other codes are not remapped and give no info', async () => {
    const res = await create(offerBody({ accessory: [{ bidexCode: '202100' }, { bidexCode: '202110' }] }));
    expect(res.body.data.accessory.map((a: any) => a.bidexCode)).toEqual(['202100', '202110']);
    expect(res.body.data.status.infos).toEqual([]);
  });

  it('spec Status object infos: normalized text gives TEXT_NORMALIZED with the field; notes keep their line breaks', async () => {
    const res = await create(
      offerBody({
        customerName: '  Erika   Mustermann ',
        product: { ...offerBody().product, brandName: ' Cube ' },
        accessory: [{ bidexCode: '201010', modelName: 'Granit\tX-Plus', priceGross: 99 }],
        notes: '  Line one\nLine two  ',
      }),
    );
    expect(res.status).toBe(202);
    const data = res.body.data;
    expect(data.customerName).toBe('Erika Mustermann');
    expect(data.product.brandName).toBe('Cube');
    expect(data.accessory[0].modelName).toBe('Granit X-Plus');
    expect(data.notes).toBe('Line one\nLine two');
    const normalized = data.status.infos.filter((i: any) => i.code === 'TEXT_NORMALIZED');
    expect(normalized.map((i: any) => i.field).sort()).toEqual(['accessory[0].modelName', 'customerName', 'notes', 'product.brandName']);
    normalized.forEach(expectMessage);
  });

  it('spec Create an offer: processing continues asynchronously — the offer is pending until processed, then draft', async () => {
    const res = await create(offerBody());
    const id = res.body.data.id;
    expect((await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data.status.current.code).toBe('pending');
    await processOffers();
    const read = await api.get(`/v1/offers/${id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('draft');
    expect(read.body.data.status.errors).toEqual([]);
  });

  it('spec What the service does 2: a 202 does not confirm success — invalid data is rejected later with status errors', async () => {
    const res = await create(offerBody({ product: { ...offerBody().product, bidexCode: '999999' } }));
    expect(res.status).toBe(202);
    expect(res.body.data.status.current.code).toBe('pending');
    await processOffers();
    const read = await api.get(`/v1/offers/${res.body.data.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('rejected');
    expect(read.body.data.status.errors).toEqual([expect.objectContaining({ code: 'PRODUCT_NOT_LEASABLE', field: 'product.bidexCode' })]);
  });

  it('spec What the service does 5: an accessory that is not in the catalogue gets the offer rejected, one error per accessory', async () => {
    const res = await create(
      offerBody({ accessory: [{ bidexCode: '201010' }, { bidexCode: '209999' }, { bidexCode: '102020' }, { bidexCode: '202120' }] }),
    );
    expect(res.status).toBe(202);
    await processOffers();
    const read = await api.get(`/v1/offers/${res.body.data.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('rejected');
    expect(read.body.data.status.errors.map((e: any) => [e.code, e.field])).toEqual([
      ['ACCESSORY_NOT_LEASABLE', 'accessory[1].bidexCode'],
      ['ACCESSORY_NOT_LEASABLE', 'accessory[2].bidexCode'],
    ]);
    read.body.data.status.errors.forEach(expectMessage);
  });

  it('contract Authentication: a production client creates production offers', async () => {
    const prod = await newDealer({ environment: 'production' });
    const res = await api.post('/v1/offers', { token: prod.token, body: offerBody() });
    expect(res.status).toBe(202);
    expect(res.body.data.environment).toBe('production');
  });
});
