import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dealers, portalUsers } from '@/db/schema';
import { ENV_COOKIE } from '@/lib/auth/session';
import { getDb } from '@/lib/database';
import { matchProducts, type ProductMemory } from '@/lib/portal/product-memory';
import { api } from './helpers/api';
import { newClient, newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { ORIGIN, sessionCookie } from './operator-session';

// The builder's memory of a dealer's products through the real route with real portal sessions:
// derived from the dealer's own offers in the portal's environment, one entry per distinct
// product with its latest prices, most recent first — and nothing of another dealer or environment.

async function dealerUser(dealerId: string) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await getDb()
    .insert(portalUsers)
    .values({ email: `memory-${suffix}@dealer.example`, name: `Staff ${suffix}`, passwordHash: 'x', role: 'dealer', dealerId })
    .returning();
  return sessionCookie({ id: row!.id, role: 'dealer', dealerId, name: row!.name, email: row!.email });
}

async function memory(cookie: string, environment?: 'sandbox' | 'production'): Promise<ProductMemory> {
  const res = await api.get('/api/portal/products', { headers: { origin: ORIGIN, cookie: environment ? `${cookie}; ${ENV_COOKIE}=${environment}` : cookie } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as ProductMemory;
}

const bike = (brandName: string, modelName: string, more: Record<string, unknown> = {}) => ({
  product: { bidexCode: '102020', brandName, modelName, modelYear: '2026', driveManufacturer: 'Bosch', batteryCapacity: '625 Wh', priceGross: 3000, listPriceGross: 3200, ...more },
});

describe('the builder’s memory of a dealer’s products', () => {
  it('never suggests a code the checks rejected (999999, 200000), only leasable ones', async () => {
    const dealer = await newDealer();
    const cookie = await dealerUser(dealer.dealerId);
    await createOffer(dealer.token, {
      ...bike('Cube', 'Reaction'),
      accessory: [
        { bidexCode: '999999', brandName: 'Abus', modelName: 'Phantom', priceGross: 10 },
        { bidexCode: '200000', brandName: 'Abus', modelName: 'Allgemein', priceGross: 10 },
        { bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo', priceGross: 10 },
      ],
    });
    await createOffer(dealer.token, { ...bike('Nirgends', 'Unbekannt', { bidexCode: '999999' }), accessory: [] });
    const held = await memory(cookie);
    expect(held.accessories.map((a) => a.bidexCode)).toEqual(['201010']);
    expect(held.bicycles.map((b) => b.brandName)).toEqual(['Cube']);
  });

  it('holds each product the dealer offered once, with its latest prices, most recent first', async () => {
    const dealer = await newDealer();
    const cookie = await dealerUser(dealer.dealerId);
    expect(await memory(cookie)).toEqual({ bicycles: [], accessories: [], categoryWords: {} });

    await createOffer(dealer.token, { ...bike('Cube', 'Kathmandu Hybrid'), accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus', priceGross: 99.95 }] });
    await createOffer(dealer.token, { ...bike('Riese & Müller', 'Charger4', { color: 'Schwarz', size: '53 cm' }), accessory: [{ bidexCode: '201310', brandName: 'Racktime', priceGross: 49.9 }] });
    // The same Cube again, dearer now, with the same lock: one entry each, at the newer prices.
    await createOffer(dealer.token, { ...bike('Cube', 'Kathmandu Hybrid', { priceGross: 3100, listPriceGross: 3300 }), accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus', priceGross: 89.95, listPriceGross: 109.95 }] });
    // Without a brand, a bicycle is nothing to suggest; an accessory without brand and model neither.
    await createOffer(dealer.token, { product: { bidexCode: '102020', modelName: 'Nameless', priceGross: 1000 }, accessory: [{ bidexCode: '201010', priceGross: 5 }] });

    const held = await memory(cookie);
    expect(held.bicycles).toEqual([
      { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', modelYear: '2026', driveManufacturer: 'Bosch', batteryCapacity: '625 Wh', priceGross: 3100, listPriceGross: 3300 },
      {
        bidexCode: '102020',
        brandName: 'Riese & Müller',
        modelName: 'Charger4',
        modelYear: '2026',
        color: 'Schwarz',
        size: '53 cm',
        driveManufacturer: 'Bosch',
        batteryCapacity: '625 Wh',
        priceGross: 3000,
        listPriceGross: 3200,
      },
    ]);
    expect(held.accessories).toEqual([
      { bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus', priceGross: 89.95, listPriceGross: 109.95 },
      { bidexCode: '201310', brandName: 'Racktime', priceGross: 49.9 },
    ]);

    // Typing finds them by the start of their words, accents and case aside.
    expect(matchProducts(held.bicycles, 'mull').map((b) => b.modelName)).toEqual(['Charger4']);
    expect(matchProducts(held.bicycles, 'CU kath').map((b) => b.modelName)).toEqual(['Kathmandu Hybrid']);
    expect(matchProducts(held.bicycles, 'athmandu')).toEqual([]);
    expect(matchProducts(held.accessories, 'gran').map((a) => a.brandName)).toEqual(['Abus']);
    // By what it is, in German or English, inside compounds (Bügelschloss): the category's words.
    expect(held.categoryWords?.['201010']).toBe('Fahrradschlösser Bike locks Bügelschloss U-lock');
    for (const typed of ['Schloss', 'schlösser', 'lock', 'abus lock']) {
      expect(matchProducts(held.accessories, typed, 6, 1, held.categoryWords).map((a) => a.brandName), typed).toEqual(['Abus']);
    }
    // A helmet is no category of the catalogue: nothing, unless a brand or model says so.
    expect(matchProducts(held.accessories, 'Helm', 6, 1, held.categoryWords)).toEqual([]);
    expect(matchProducts(held.accessories, 'sc', 6, 1, held.categoryWords)).toEqual([]);
  });

  it('holds nothing of another dealer, and only the products of the portal’s environment', async () => {
    const dealer = await newDealer();
    const other = await newDealer();
    await getDb().update(dealers).set({ productionEnabledAt: new Date() }).where(eq(dealers.id, dealer.dealerId));
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const cookie = await dealerUser(dealer.dealerId);
    const otherCookie = await dealerUser(other.dealerId);

    await createOffer(dealer.token, { ...bike('Kalkhoff', 'Endeavour'), accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo', priceGross: 79 }] });
    await createOffer(production.token, { ...bike('Gazelle', 'Ultimate'), accessory: [{ bidexCode: '201310', brandName: 'Ortlieb', modelName: 'Back-Roller', priceGross: 120 }] });
    await createOffer(other.token, { ...bike('Stevens', 'E-Triton'), accessory: [{ bidexCode: '201010', brandName: 'Trelock', modelName: 'BS 650', priceGross: 40 }] });

    const names = (m: ProductMemory) => [...m.bicycles.map((b) => b.brandName), ...m.accessories.map((a) => a.brandName)];
    expect(names(await memory(cookie))).toEqual(['Kalkhoff', 'Abus']);
    expect(names(await memory(cookie, 'sandbox'))).toEqual(['Kalkhoff', 'Abus']);
    expect(names(await memory(cookie, 'production'))).toEqual(['Gazelle', 'Ortlieb']);
    expect(names(await memory(otherCookie))).toEqual(['Stevens', 'Trelock']);
    // A dealer without production access asking for production gets its sandbox, as its pages do.
    expect(names(await memory(otherCookie, 'production'))).toEqual(['Stevens', 'Trelock']);
  });

  it('answers only a signed-in dealer user of the site itself', async () => {
    expect((await api.get('/api/portal/products', { headers: { origin: ORIGIN } })).status).toBe(401);
    const dealer = await newDealer();
    const cookie = await dealerUser(dealer.dealerId);
    expect((await api.get('/api/portal/products', { headers: { origin: 'https://evil.example', cookie } })).status).toBe(403);
  });
});
