import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueNodes } from '@/db/seed/catalogue-data';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { demoToken, newDealer, tokenFor } from './helpers/auth';
import { createOffer } from './helpers/offers';

// GET /v1/offers/accessory and GET /v1/offers/categories — spec "Get leasable accessory
// categories", "Get all product categories", "Category entry", "Classification codes", and
// docs/contract.md "Endpoints" (category entry shape, language fallback) and "Demo data" (employer).

const EMPLOYEE = 'erika.mustermann@acme.example';
const S_PEDELECS = ['103000', '103010', '103020'];

let token: string;

beforeAll(async () => {
  token = await demoToken();
});

const accessory = (query: Record<string, string> = {}, t = token) => api.get('/v1/offers/accessory', { token: t, query });
const categories = (query: Record<string, string> = {}, t = token) => api.get('/v1/offers/categories', { token: t, query });
const byCode = (entries: any[], code: string) => entries.find((e) => e.bidexCode === code);
const codes = (entries: any[]) => entries.map((e) => e.bidexCode);

function expectEntry(entry: any, kind: 'bicycle' | 'accessory') {
  expect(Object.keys(entry).sort()).toEqual(['SpokeExtension', 'bidexCode', 'categoryPath', 'kind', 'name'].sort());
  expect(entry.bidexCode).toMatch(/^\d{6}$/);
  expect(entry.kind).toBe(kind);
  expect(typeof entry.SpokeExtension).toBe('boolean');
  expect(entry.categoryPath.length).toBeGreaterThan(0);
  expect(entry.name).toBe(entry.categoryPath.at(-1));
}

describe('GET /v1/offers/accessory', () => {
  it('spec Get leasable accessory categories: 200, data is an array of entries with code and category path, plus meta', async () => {
    const res = await accessory();
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.data.length).toBeGreaterThan(10);
    expect(res.body.meta).toEqual(expect.any(Object));
    for (const entry of res.body.data) expectEntry(entry, 'accessory');
  });

  it('spec Get leasable accessory categories: exactly the leasable accessory entries of the catalogue', async () => {
    const expected = catalogueNodes.filter((n) => n.kind === 'accessory' && n.leasable).map((n) => n.bidexCode);
    const res = await accessory();
    expect(codes(res.body.data).sort()).toEqual([...expected].sort());
    for (const notLeasable of ['200000', '900000']) expect(codes(res.body.data)).not.toContain(notLeasable);
    expect(codes(res.body.data).filter((c: string) => c.startsWith('1'))).toEqual([]);
  });

  it('spec Classification codes: 202100 is listed; the remapped codes 202120–202150 are not', async () => {
    const list = codes((await accessory()).body.data);
    expect(list).toContain('202100');
    for (const remapped of ['202120', '202130', '202140', '202150']) expect(list).not.toContain(remapped);
  });

  it('spec Category entry: categoryPath runs from the top category down to the entry (German by default)', async () => {
    const uLock = byCode((await accessory()).body.data, '201010');
    expect(uLock).toEqual({
      bidexCode: '201010',
      name: 'Bügelschloss',
      categoryPath: ['Zubehör', 'Fahrradschlösser', 'Bügelschloss'],
      kind: 'accessory',
      SpokeExtension: false,
    });
  });

  it('spec Category entry: operator-specific entries carry SpokeExtension true, standard entries false', async () => {
    const data = (await accessory()).body.data;
    expect(byCode(data, '901010')).toMatchObject({ SpokeExtension: true, categoryPath: ['Spoke-Services', 'Servicepakete', 'Inspektionspaket'] });
    expect(byCode(data, '902020')).toMatchObject({ SpokeExtension: true });
    expect(byCode(data, '202100')).toMatchObject({ SpokeExtension: false });
    const extensions = catalogueNodes.filter((n) => n.kind === 'accessory' && n.leasable && n.spokeExtension).map((n) => n.bidexCode);
    expect(codes(data.filter((e: any) => e.SpokeExtension)).sort()).toEqual(extensions.sort());
  });

  it('spec Get all product categories lang: lang=en names the entries in English, lang=de in German', async () => {
    const en = byCode((await accessory({ lang: 'en' })).body.data, '201010');
    expect(en).toMatchObject({ name: 'U-lock', categoryPath: ['Accessories', 'Bike locks', 'U-lock'] });
    const de = byCode((await accessory({ lang: 'de' })).body.data, '201010');
    expect(de.name).toBe('Bügelschloss');
  });

  it('spec Get all product categories lang: an unavailable language falls back to German', async () => {
    for (const lang of ['fr', 'xx', 'zh-Hant']) {
      const res = await accessory({ lang });
      expect(res.status).toBe(200);
      expect(byCode(res.body.data, '201010').name).toBe('Bügelschloss');
    }
  });

  it('spec Authentication 3: without a token 401 UNAUTHORIZED; without catalogue:read 403 FORBIDDEN', async () => {
    const none = await api.get('/v1/offers/accessory');
    expect(none.status).toBe(401);
    expect(none.body.errors[0].code).toBe('UNAUTHORIZED');
    const offersOnly = await newDealer({ scopes: ['offers:read', 'offers:write'] });
    const res = await accessory({}, offersOnly.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('FORBIDDEN');
    const readonly = await tokenFor('demo-readonly', 'demo-readonly-secret');
    expect((await accessory({}, readonly)).status).toBe(200);
  });
});

describe('GET /v1/offers/categories', () => {
  it('spec Get all product categories: 200, data is an object {bicycles, accessories} of entries, plus meta (contract Endpoints)', async () => {
    const res = await categories();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['accessories', 'bicycles']);
    expect(res.body.meta).toEqual(expect.any(Object));
    for (const entry of res.body.data.bicycles) expectEntry(entry, 'bicycle');
    for (const entry of res.body.data.accessories) expectEntry(entry, 'accessory');
  });

  it('spec Get all product categories: all leasable bicycle and accessory entries', async () => {
    const res = await categories();
    const leasable = (kind: string) => catalogueNodes.filter((n) => n.kind === kind && n.leasable).map((n) => n.bidexCode).sort();
    expect(codes(res.body.data.bicycles).sort()).toEqual(leasable('bicycle'));
    expect(codes(res.body.data.accessories).sort()).toEqual(leasable('accessory'));
    expect(res.body.data.accessories).toEqual((await accessory()).body.data);
    expect(codes(res.body.data.bicycles)).not.toContain('100000');
  });

  it('spec Category entry: bicycle entries with their path, German by default and English with lang=en', async () => {
    expect(byCode((await categories()).body.data.bicycles, '102020')).toEqual({
      bidexCode: '102020',
      name: 'E-Trekkingrad',
      categoryPath: ['Fahrräder', 'E-Bikes (Pedelecs bis 25 km/h)', 'E-Trekkingrad'],
      kind: 'bicycle',
      SpokeExtension: false,
    });
    const en = byCode((await categories({ lang: 'en' })).body.data.bicycles, '102020');
    expect(en.categoryPath).toEqual(['Bicycles', 'E-bikes (pedelecs up to 25 km/h)', 'E-trekking bike']);
  });

  it('spec Get all product categories lang: an unavailable language gives German', async () => {
    const res = await categories({ lang: 'it' });
    expect(byCode(res.body.data.bicycles, '102020').name).toBe('E-Trekkingrad');
    expect(byCode(res.body.data.accessories, '201010').name).toBe('Bügelschloss');
  });

  it('spec Get all product categories email: a registered employee gets only the categories the employer allows (no S-pedelecs)', async () => {
    const all = await categories();
    for (const code of S_PEDELECS) expect(codes(all.body.data.bicycles)).toContain(code);

    const res = await categories({ email: EMPLOYEE });
    expect(res.status).toBe(200);
    const bikes = codes(res.body.data.bicycles);
    for (const code of S_PEDELECS) expect(bikes).not.toContain(code);
    expect(bikes).toContain('102020');
    expect(bikes.sort()).toEqual(codes(all.body.data.bicycles).filter((c: string) => !S_PEDELECS.includes(c)).sort());
    expect(res.body.data.accessories).toEqual(all.body.data.accessories);
  });

  it('spec Get all product categories email: the e-mail is matched case-insensitively and combines with lang', async () => {
    const res = await categories({ email: 'Erika.Mustermann@ACME.example', lang: 'en' });
    expect(codes(res.body.data.bicycles)).not.toContain('103010');
    expect(byCode(res.body.data.bicycles, '102020').name).toBe('E-trekking bike');
  });

  it('spec Get all product categories email: an unregistered e-mail is not restricted', async () => {
    const all = await categories();
    const res = await categories({ email: 'nobody@unknown.example' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(all.body.data);
  });

  it('spec Conventions 3: a malformed email is 400 INVALID_PARAMETER naming email', async () => {
    for (const email of ['not-an-email', 'erika@', '@acme.example']) {
      const res = await categories({ email });
      expect(res.status, email).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'email' });
      expect(res.body.errors[0].translations.de.length).toBeGreaterThan(0);
    }
  });

  it('spec Get all product categories email: the restriction the catalogue shows is the one processing applies', async () => {
    const dealer = await newDealer();
    const sPedelec = await createOffer(dealer.token, {
      customerEmail: EMPLOYEE,
      product: { bidexCode: '103010', brandName: 'Stromer', modelName: 'ST3', priceGross: 6000 },
    });
    const allowed = await createOffer(dealer.token, { customerEmail: EMPLOYEE });
    await processOffers();
    const rejected = await api.get(`/v1/offers/${sPedelec.id}`, { token: dealer.token });
    expect(rejected.body.data.status.current.code).toBe('rejected');
    expect(rejected.body.data.status.errors).toEqual([expect.objectContaining({ code: 'CATEGORY_NOT_ALLOWED', field: 'product.bidexCode' })]);
    expect((await api.get(`/v1/offers/${allowed.id}`, { token: dealer.token })).body.data.status.current.code).toBe('draft');
  });

  it('spec Conventions 7: catalogue answers state their cache policy', async () => {
    expect((await categories()).headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect((await accessory()).headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  it('spec What the service does 5: a client can check leasability of an accessory code against the catalogue', async () => {
    const data = (await categories()).body.data;
    expect(byCode(data.accessories, '201010')).toBeDefined();
    expect(byCode(data.accessories, '999999')).toBeUndefined();
    expect(byCode(data.accessories, '102020')).toBeUndefined();
  });
});
