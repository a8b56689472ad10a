import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { offers } from '@/db/schema';
import { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newClient, newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// GET /v1/offers — spec "List offers", "List metadata", "Limits", "Conventions" 4 and 7, and
// docs/contract.md "Endpoints" (filters, dates, ties, paging limits, ETag).
//
// One dealer holds five offers A–E whose values are chosen so that every sort key gives a
// different order, and whose timestamps are set to the edges of whole days in Europe/Berlin (a day
// of a filter is that day there: UTC+1 in March, UTC+2 in April).

type Label = 'A' | 'B' | 'C' | 'D' | 'E';
type Fixture = { id: string; offerNumber: string };

let dealer: TestDealer;
const fx = {} as Record<Label, Fixture>;
const labelOf = new Map<string, Label>();

const SPECS: Record<Label, { ext: string; name: string; email: string; brand: string; model: string; price: number; code?: string }> = {
  A: { ext: 'EXT-C', name: 'Carla Gamma', email: 'dora@example.com', brand: 'Gazelle', model: 'Ultimate', price: 2000 },
  B: { ext: 'EXT-E', name: 'erik Epsilon', email: 'Anton@Example.com', brand: 'Cube', model: 'Kathmandu', price: 500 },
  C: { ext: 'EXT-A', name: 'Bernd Beta', email: 'emma@example.com', brand: 'Riese', model: 'Nevo', price: 3000 },
  D: { ext: 'EXT-B', name: 'Dieter Delta', email: 'berta@example.com', brand: 'Bulls', model: 'Cross', price: 1000, code: '999999' },
  E: { ext: 'EXT-D', name: 'Anna Alpha', email: 'carl@example.com', brand: 'Cube', model: 'Agree', price: 2500 },
};

// Statuses: A draft, B pending, C canceled, D rejected, E order_journey_started.
const CREATED: Record<Label, string> = {
  A: '2025-03-09 22:59:59.999+00',
  B: '2025-03-09 23:00:00+00',
  C: '2025-03-10 12:00:00+00',
  D: '2025-03-10 22:59:59.999999+00',
  E: '2025-03-10 23:00:00+00',
};
const STATUS_CHANGED: Record<Label, string> = {
  A: '2025-04-01 08:00:00+00',
  B: '2025-04-01 22:00:00+00',
  C: '2025-04-02 21:59:59.999999+00',
  D: '2025-04-02 22:00:00+00',
  E: '2025-03-31 21:59:59.999999+00',
};

function body(label: Label) {
  const s = SPECS[label];
  return offerBody({
    externalOfferId: s.ext,
    customerName: s.name,
    customerEmail: s.email,
    product: { bidexCode: s.code ?? '102020', brandName: s.brand, modelName: s.model, priceGross: s.price },
    accessory: [],
    withShipping: false,
    shippingCostGross: undefined,
    installationCostGross: undefined,
  });
}

async function make(label: Label) {
  const offer = await createOffer(dealer.token, body(label));
  fx[label] = { id: offer.id, offerNumber: offer.offerNumber };
  labelOf.set(offer.id, label);
}

/** Sets the timestamps as SQL text, so that microseconds survive (a JS Date has milliseconds only). */
async function setTimestamps(id: string, createdAt: string, statusChangedAt: string) {
  await getDb().execute(
    sql`update ${offers} set created_at = ${createdAt}::timestamptz, status_changed_at = ${statusChangedAt}::timestamptz where id = ${id}`,
  );
}

beforeAll(async () => {
  dealer = await newDealer();
  for (const label of ['A', 'C', 'D', 'E'] as const) await make(label);
  await processOffers(); // A, C, E → draft; D → rejected (999999 is no leasable bicycle)
  expect((await api.post(`/v1/offers/${fx.C.id}/cancel`, { token: dealer.token })).status).toBe(200);
  expect((await api.post(`/v1/sandbox/offers/${fx.E.id}/advance`, { token: dealer.token })).body.data.status.current.code).toBe(
    'order_journey_started',
  );
  await make('B'); // pending
  for (const label of Object.keys(fx) as Label[]) await setTimestamps(fx[label].id, CREATED[label], STATUS_CHANGED[label]);
});

const list = (query: Record<string, string | number> = {}, token = dealer.token) => api.get('/v1/offers', { token, query });

/** The labels of a list answer, in answer order. */
async function labels(query: Record<string, string | number> = {}): Promise<string[]> {
  const res = await list({ perPage: 100, ...query });
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((o: any) => labelOf.get(o.id) ?? `?${o.id}`);
}
/** The labels of a list answer as a set (sorted). */
const set = async (query: Record<string, string | number>) => (await labels(query)).sort();

async function expect400(query: Record<string, string | number>, details: string) {
  const res = await list(query);
  expect(res.status, res.text).toBe(400);
  expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details });
  return res;
}

describe('GET /v1/offers — the fixture', () => {
  it('spec What the service does 4: the list holds exactly the calling dealer’s offers', async () => {
    expect(await set({})).toEqual(['A', 'B', 'C', 'D', 'E']);
    const res = await list();
    for (const o of res.body.data) expect(o.status.current.code).toBe(
      { A: 'draft', B: 'pending', C: 'canceled', D: 'rejected', E: 'order_journey_started' }[labelOf.get(o.id)!],
    );
  });

  it('spec What the service does 4: other dealers and the other environment see none of them', async () => {
    const other = await list({ perPage: 100 }, await tokenFor('other-sandbox', 'other-sandbox-secret'));
    expect(other.status).toBe(200);
    expect(other.body.data.filter((o: any) => labelOf.has(o.id))).toEqual([]);
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const prod = await list({}, production.token);
    expect(prod.body.data).toEqual([]);
    expect(prod.body.meta.totalCount).toBe(0);
  });

  it('spec List offers: data is an array of offers with their status object', async () => {
    const res = await list();
    expect(Array.isArray(res.body.data)).toBe(true);
    for (const o of res.body.data) {
      expect(o.status).toEqual(expect.objectContaining({ current: expect.any(Object), nextSteps: expect.any(Array) }));
    }
  });
});

describe('GET /v1/offers — filters (spec List offers; contract Endpoints: comma lists OR-ed, ! excludes, mixable)', () => {
  it('spec List offers status: one value, a comma list, negation, mixed', async () => {
    expect(await set({ status: 'draft' })).toEqual(['A']);
    expect(await set({ status: 'draft,pending' })).toEqual(['A', 'B']);
    expect(await set({ status: '!canceled' })).toEqual(['A', 'B', 'D', 'E']);
    expect(await set({ status: '!canceled,!rejected' })).toEqual(['A', 'B', 'E']);
    expect(await set({ status: 'draft,canceled,!canceled' })).toEqual(['A']);
    expect(await set({ status: 'order_journey_started,rejected,!draft' })).toEqual(['D', 'E']);
    expect(await set({ status: 'done' })).toEqual([]);
  });

  it('contract Endpoints: an unknown status value (plain or negated) is 400 INVALID_PARAMETER', async () => {
    await expect400({ status: 'drafted' }, 'status');
    await expect400({ status: 'draft,!nope' }, 'status');
  });

  it('spec List offers externalOfferId: one value, a comma list, negation, mixed', async () => {
    expect(await set({ externalOfferId: 'EXT-A' })).toEqual(['C']);
    expect(await set({ externalOfferId: 'EXT-A,EXT-B' })).toEqual(['C', 'D']);
    expect(await set({ externalOfferId: '!EXT-A' })).toEqual(['A', 'B', 'D', 'E']);
    expect(await set({ externalOfferId: 'EXT-A,EXT-B,!EXT-B' })).toEqual(['C']);
    expect(await set({ externalOfferId: 'EXT-Z' })).toEqual([]);
    expect(await set({ externalOfferId: 'ext-a' })).toEqual([]);
  });

  it('spec List offers email: one value, a comma list, negation, mixed — case-insensitive (contract)', async () => {
    expect(await set({ email: 'anton@example.com' })).toEqual(['B']);
    expect(await set({ email: 'DORA@EXAMPLE.COM,emma@example.com' })).toEqual(['A', 'C']);
    expect(await set({ email: '!ANTON@example.com' })).toEqual(['A', 'C', 'D', 'E']);
    expect(await set({ email: 'anton@example.com,dora@example.com,!Anton@Example.com' })).toEqual(['A']);
    // A value that is no address could never match: refused naming email, not answered as "none".
    expect((await list({ email: 'anton' })).body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'email' });
  });

  it('spec List offers offerNumber: one value, a comma list, negation, mixed', async () => {
    expect(await set({ offerNumber: fx.A.offerNumber })).toEqual(['A']);
    expect(await set({ offerNumber: `${fx.A.offerNumber},${fx.B.offerNumber}` })).toEqual(['A', 'B']);
    expect(await set({ offerNumber: `!${fx.A.offerNumber}` })).toEqual(['B', 'C', 'D', 'E']);
    expect(await set({ offerNumber: `${fx.A.offerNumber},${fx.B.offerNumber},!${fx.B.offerNumber}` })).toEqual(['A']);
  });

  it('spec List offers: comma lists tolerate blanks and empty items', async () => {
    expect(await set({ status: ' draft , pending ,' })).toEqual(['A', 'B']);
    expect(await set({ status: '' })).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('spec List offers: several filters combine (all must match)', async () => {
    expect(await set({ search: 'cube', status: '!pending' })).toEqual(['E']);
    expect(await set({ status: 'draft,pending,rejected', externalOfferId: '!EXT-E', email: '!berta@example.com' })).toEqual(['A']);
  });
});

describe('GET /v1/offers — date ranges (spec List offers; contract Endpoints: date-time or whole days, inclusive)', () => {
  it('spec List offers creationDate: YYYY-MM-DD bounds cover whole days in Europe/Berlin, both ends inclusive', async () => {
    expect(await set({ creationDateFrom: '2025-03-10', creationDateTo: '2025-03-10' })).toEqual(['B', 'C', 'D']);
    expect(await set({ creationDateFrom: '2025-03-11' })).toEqual(['E']);
    expect(await set({ creationDateTo: '2025-03-09' })).toEqual(['A']);
    expect(await set({ creationDateFrom: '2025-03-09', creationDateTo: '2025-03-11' })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await set({ creationDateFrom: '2025-03-12' })).toEqual([]);
  });

  it('spec List offers creationDate: date-time bounds are inclusive instants, with any offset', async () => {
    expect(await set({ creationDateFrom: '2025-03-10T12:00:00Z' })).toEqual(['C', 'D', 'E']);
    expect(await set({ creationDateTo: '2025-03-10T12:00:00Z' })).toEqual(['A', 'B', 'C']);
    expect(await set({ creationDateFrom: '2025-03-10T12:00:00Z', creationDateTo: '2025-03-10T12:00:00Z' })).toEqual(['C']);
    expect(await set({ creationDateFrom: '2025-03-10T13:00:00+01:00', creationDateTo: '2025-03-10T13:00:00+01:00' })).toEqual(['C']);
    expect(await set({ creationDateFrom: '2025-03-09T22:59:59.999Z', creationDateTo: '2025-03-09T23:00:00.000Z' })).toEqual(['A', 'B']);
  });

  it('spec List offers creationDateTo: an offer’s own createdAt as the upper bound includes it', async () => {
    // createdAt is answered in milliseconds while the database keeps microseconds: the bound
    // taken from the answer must still include the offer.
    const fresh = await newDealer();
    const offer = await createOffer(fresh.token);
    const res = await api.get('/v1/offers', { token: fresh.token, query: { creationDateTo: offer.createdAt } });
    expect(res.body.data.map((o: any) => o.id)).toEqual([offer.id]);
    const from = await api.get('/v1/offers', { token: fresh.token, query: { creationDateFrom: offer.createdAt } });
    expect(from.body.data.map((o: any) => o.id)).toEqual([offer.id]);
    const changed = await api.get('/v1/offers', { token: fresh.token, query: { statusChangedDateTo: offer.statusChangedAt } });
    expect(changed.body.data.map((o: any) => o.id)).toEqual([offer.id]);
  });

  it('spec List offers statusChangedDate: filters on the date the status last changed, whole days inclusive', async () => {
    expect(await set({ statusChangedDateFrom: '2025-04-02', statusChangedDateTo: '2025-04-02' })).toEqual(['B', 'C']);
    expect(await set({ statusChangedDateTo: '2025-03-31' })).toEqual(['E']);
    expect(await set({ statusChangedDateFrom: '2025-04-03' })).toEqual(['D']);
  });

  it('spec List offers statusChangedDate: date-time bounds are inclusive', async () => {
    expect(await set({ statusChangedDateFrom: '2025-04-01T08:00:00Z' })).toEqual(['A', 'B', 'C', 'D']);
    expect(await set({ statusChangedDateTo: '2025-04-01T08:00:00Z' })).toEqual(['A', 'E']);
    expect(await set({ statusChangedDateFrom: '2025-04-01T10:00:00+02:00', statusChangedDateTo: '2025-04-02T00:00:00Z' })).toEqual(['A', 'B']);
  });

  it('spec List offers: both ranges combine', async () => {
    expect(await set({ creationDateFrom: '2025-03-10', statusChangedDateTo: '2025-04-02' })).toEqual(['B', 'C', 'E']);
  });

  it('contract Endpoints: bad dates and reversed ranges are 400 INVALID_PARAMETER', async () => {
    await expect400({ creationDateFrom: '10.03.2025' }, 'creationDateFrom');
    await expect400({ creationDateTo: '2025-13-01' }, 'creationDateTo');
    await expect400({ statusChangedDateFrom: '2025-03-10T25:00:00Z' }, 'statusChangedDateFrom');
    await expect400({ statusChangedDateTo: 'yesterday' }, 'statusChangedDateTo');
    await expect400({ creationDateFrom: '2025-03-11', creationDateTo: '2025-03-10' }, 'creationDateTo');
    await expect400({ statusChangedDateFrom: '2025-04-02T00:00:01Z', statusChangedDateTo: '2025-04-02T00:00:00Z' }, 'statusChangedDateTo');
  });
});

describe('GET /v1/offers — search (spec List offers search; spec Limits)', () => {
  it('spec List offers search: case-insensitive partial match over customerName', async () => {
    expect(await set({ search: 'ALPHA' })).toEqual(['E']);
    expect(await set({ search: 'dieter d' })).toEqual(['D']);
  });

  it('spec List offers search: over brandName and modelName', async () => {
    expect(await set({ search: 'cube' })).toEqual(['B', 'E']);
    expect(await set({ search: 'kathMANDU' })).toEqual(['B']);
    expect(await set({ search: 'evo' })).toEqual(['C']);
  });

  it('spec List offers search: over offerNumber', async () => {
    expect(await set({ search: fx.D.offerNumber })).toEqual(['D']);
    expect(await set({ search: fx.D.offerNumber.toLowerCase() })).toEqual(['D']);
    expect(await set({ search: 'spk-' })).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('spec List offers search: case-insensitive for German umlauts too', async () => {
    const fresh = await newDealer();
    const offer = await createOffer(fresh.token, { customerName: 'Jürgen Öztürk', product: { bidexCode: '102020', brandName: 'Müsing' } });
    for (const search of ['jürgen', 'JÜRGEN', 'ÖZTÜRK', 'müsing', 'MÜSING']) {
      const res = await api.get('/v1/offers', { token: fresh.token, query: { search } });
      expect(res.body.data.map((o: any) => o.id), search).toEqual([offer.id]);
    }
  });

  it('search ignores accents and spelled-out umlauts (docs/decisions.md, Lists): muller and mueller find Müller', async () => {
    const fresh = await newDealer();
    const mueller = await createOffer(fresh.token, { customerName: 'Jürgen Müller', product: { bidexCode: '102020', brandName: 'Riese & Müller', modelName: 'Load 75' } });
    const yilmaz = await createOffer(fresh.token, { customerName: 'Ayşe Yılmaz', product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu' } });
    const strasse = await createOffer(fresh.token, { customerName: 'Hans Straße', product: { bidexCode: '102020', brandName: 'Gazelle', modelName: 'Ultimate' } });
    const other = await createOffer(fresh.token, { customerName: 'Maria Mullins', product: { bidexCode: '102020', brandName: 'Trek', modelName: 'Allant' } });
    const found = async (search: string, extra: Record<string, string> = {}) => {
      const res = await api.get('/v1/offers', { token: fresh.token, query: { search, ...extra } });
      expect(res.status, search).toBe(200);
      expect(res.body.meta.totalCount, search).toBe(res.body.data.length);
      return res.body.data.map((o: any) => o.id).sort();
    };
    const ids = (...offers: { id: string }[]) => offers.map((o) => o.id).sort();
    for (const search of ['muller', 'MULLER', 'mueller', 'Müller', 'MÜLLER', 'juergen mueller', 'jurgen muller', 'jürgen müller', 'riese & mueller load']) {
      expect(await found(search), search).toEqual(ids(mueller));
    }
    for (const search of ['yilmaz', 'YILMAZ', 'Yılmaz', 'ayse', 'Ayşe yil']) expect(await found(search), search).toEqual(ids(yilmaz));
    for (const search of ['strasse', 'STRASSE', 'straße', 'Strasse']) expect(await found(search), search).toEqual(ids(strasse));
    // A term typed with a combining accent (u + U+0308) is the same term.
    expect(await found('Mu\u0308ller')).toEqual(ids(mueller));
    expect(await found('mull')).toEqual(ids(mueller, other));
    // The spelled-out form still matches inside a word, and the fold does not invent matches.
    expect(await found('eller')).toEqual(ids(mueller));
    expect(await found('muell')).toEqual(ids(mueller));
    expect(await found('mullins')).toEqual(ids(other));
    expect(await found('muellins')).toEqual([]);
    // Every sort key and order, with perPage above and below the matches: the same set.
    for (const sortBy of ['productName', 'customerName', 'offerNumber', 'createdAt']) {
      for (const order of ['asc', 'desc']) expect(await found('mul', { sortBy, order }), `${sortBy} ${order}`).toEqual(ids(mueller, other));
    }
    const paged = await api.get('/v1/offers', { token: fresh.token, query: { search: 'mul', perPage: '1', sortBy: 'customerName', order: 'asc' } });
    expect(paged.body.data.map((o: any) => o.id)).toEqual([mueller.id]);
    expect(paged.body.meta.totalCount).toBe(2);
  });

  it('names and products sort as readers look them up: Ä with A, Ö with O, É with E, not after Z (docs/decisions.md)', async () => {
    const fresh = await newDealer();
    const offers: [string, string][] = [
      ['Zoe Zimmermann', 'Zemo'],
      ['Özlem Aydın', 'Ökobike'],
      ['Anton Ahrens', 'Orbea'],
      ['Oskar Olm', 'Amslod'],
      ['Ärztin Ada', 'Élan'],
    ];
    for (const [customerName, brandName] of offers) await createOffer(fresh.token, { customerName, product: { bidexCode: '102020', brandName, modelName: 'X' } });
    const sorted = async (sortBy: string, order: string) =>
      (await api.get('/v1/offers', { token: fresh.token, query: { sortBy, order } })).body.data.map((o: any) => o.customerName);
    const byName = ['Anton Ahrens', 'Ärztin Ada', 'Oskar Olm', 'Özlem Aydın', 'Zoe Zimmermann'];
    expect(await sorted('customerName', 'asc')).toEqual(byName);
    expect(await sorted('customerName', 'desc')).toEqual([...byName].reverse());
    // Amslod, Élan, Ökobike, Orbea, Zemo
    expect(await sorted('productName', 'asc')).toEqual(['Oskar Olm', 'Ärztin Ada', 'Özlem Aydın', 'Anton Ahrens', 'Zoe Zimmermann']);
  });

  it('a search total follows a change at once (a kept count is reused only while nothing changed)', async () => {
    const fresh = await newDealer();
    const total = async () => (await api.get('/v1/offers', { token: fresh.token, query: { search: 'kalkhoff', perPage: '1' } })).body.meta.totalCount;
    const kalkhoff = { bidexCode: '102020', brandName: 'Kalkhoff', modelName: 'Image' };
    await createOffer(fresh.token, { product: kalkhoff });
    await createOffer(fresh.token, { product: kalkhoff });
    expect(await total()).toBe(2);
    expect(await total()).toBe(2);
    await createOffer(fresh.token, { product: kalkhoff });
    expect(await total()).toBe(3);
    expect(await total()).toBe(3);
  });

  it('spec List offers search: only those four fields (not e-mail or externalOfferId)', async () => {
    expect(await set({ search: 'dora' })).toEqual([]);
    expect(await set({ search: 'EXT-C' })).toEqual([]);
  });

  it('spec Limits: search applies only from 2 characters; shorter terms are ignored and all results are returned', async () => {
    expect(await set({ search: 'g' })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await set({ search: 'z' })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await set({ search: ' z ' })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect((await list({ search: 'z' })).body.meta.totalCount).toBe(5);
    expect(await set({ search: 'zz' })).toEqual([]);
    expect(await set({ search: 'ga' })).toEqual(['A']);
  });

  it('spec List offers search: wildcard characters are matched literally', async () => {
    expect(await set({ search: '%%' })).toEqual([]);
    expect(await set({ search: '__' })).toEqual([]);
  });
});

describe('GET /v1/offers — sorting (spec List offers sortBy, order; spec Limits default sort)', () => {
  const EXPECTED_ASC: Record<string, Label[]> = {
    createdAt: ['A', 'B', 'C', 'D', 'E'],
    statusChangedAt: ['E', 'A', 'B', 'C', 'D'],
    status: ['B', 'A', 'E', 'C', 'D'],
    externalOfferId: ['C', 'D', 'A', 'E', 'B'],
    customerEmail: ['B', 'D', 'E', 'A', 'C'],
    customerName: ['E', 'C', 'A', 'D', 'B'],
    totalPriceGross: ['B', 'D', 'A', 'E', 'C'],
    offerNumber: ['A', 'C', 'D', 'E', 'B'],
    productName: ['D', 'E', 'B', 'A', 'C'],
  };

  it('the fixture gives each sort key its own order (so a test cannot pass by sorting on another key)', () => {
    const orders = Object.values(EXPECTED_ASC).map((o) => o.join(''));
    expect(new Set(orders).size).toBe(9);
  });

  it('contract Endpoints: sortBy=statusChangedAt pages through the offers in the order of their last status change', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const pages: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await list({ sortBy: 'statusChangedAt', order, perPage: 2, page });
        expect(res.status, res.text).toBe(200);
        expect(res.body.meta).toMatchObject({ sortBy: 'statusChangedAt', order, totalCount: 5 });
        pages.push(...res.body.data.map((o: any) => labelOf.get(o.id)!));
      }
      expect(pages).toEqual(order === 'asc' ? EXPECTED_ASC.statusChangedAt : [...EXPECTED_ASC.statusChangedAt!].reverse());
    }
  });

  for (const [sortBy, asc] of Object.entries(EXPECTED_ASC)) {
    it(`spec List offers sortBy=${sortBy}: order asc and desc`, async () => {
      expect(await labels({ sortBy, order: 'asc' })).toEqual(asc);
      expect(await labels({ sortBy, order: 'desc' })).toEqual([...asc].reverse());
      const res = await list({ sortBy, order: 'asc' });
      expect(res.body.meta).toMatchObject({ sortBy, order: 'asc' });
    });
  }

  it('spec List offers: sortBy=status orders by lifecycle position, grouping equal statuses', async () => {
    const res = await list({ sortBy: 'status', order: 'asc', perPage: 100 });
    const positions = res.body.data.map((o: any) => OFFER_STATUSES.indexOf(o.status.current.code));
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
  });

  it('spec List offers sortBy=totalPriceGross: numeric, not textual order', async () => {
    const res = await list({ sortBy: 'totalPriceGross', order: 'asc', perPage: 100 });
    expect(res.body.data.map((o: any) => o.totalPriceGross)).toEqual([500, 1000, 2000, 2500, 3000]);
  });

  it('spec Limits: the default sort is createdAt desc', async () => {
    expect(await labels({})).toEqual(['E', 'D', 'C', 'B', 'A']);
    const res = await list();
    expect(res.body.meta).toMatchObject({ sortBy: 'createdAt', order: 'desc' });
    expect(await labels({ sortBy: 'createdAt' })).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(await labels({ order: 'asc' })).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('contract Endpoints: unknown sortBy or order is 400 INVALID_PARAMETER', async () => {
    await expect400({ sortBy: 'price' }, 'sortBy');
    await expect400({ sortBy: 'createdat' }, 'sortBy');
    await expect400({ order: 'ascending' }, 'order');
    await expect400({ order: 'ASC' }, 'order');
  });
});

describe('GET /v1/offers — ties sort by id (contract Endpoints)', () => {
  let tie: TestDealer;
  let ids: string[];

  beforeAll(async () => {
    // Four offers equal in every sort key but offerNumber: same texts, price and status, the same
    // external id (allowed once canceled) and the same timestamps.
    tie = await newDealer();
    ids = [];
    for (let i = 0; i < 4; i++) {
      const offer = await createOffer(tie.token, { externalOfferId: 'SAME', customerName: 'Tina Tie', customerEmail: 'tie@example.com' });
      expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: tie.token })).status).toBe(200);
      ids.push(offer.id);
    }
    await getDb().execute(
      sql`update offers set created_at = '2025-05-05T05:05:05Z', status_changed_at = '2025-05-05T05:05:05Z' where dealer_id = ${tie.dealerId}`,
    );
    ids.sort();
  });

  const tieIds = async (query: Record<string, string | number>) =>
    (await api.get('/v1/offers', { token: tie.token, query: { perPage: 100, ...query } })).body.data.map((o: any) => o.id);

  for (const sortBy of ['createdAt', 'status', 'externalOfferId', 'customerEmail', 'customerName', 'totalPriceGross', 'productName']) {
    it(`contract Endpoints: ties under sortBy=${sortBy} are ordered by id, in the direction of order`, async () => {
      expect(await tieIds({ sortBy, order: 'asc' })).toEqual(ids);
      expect(await tieIds({ sortBy, order: 'desc' })).toEqual([...ids].reverse());
    });
  }

  it('contract Endpoints: paging through ties one by one yields every offer exactly once', async () => {
    for (const order of ['asc', 'desc']) {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) seen.push(...(await tieIds({ sortBy: 'createdAt', order, perPage: 1, page })));
      expect(seen).toEqual(order === 'asc' ? ids : [...ids].reverse());
    }
  });
});

describe('GET /v1/offers — paging and list metadata (spec List metadata; spec Limits; contract Endpoints)', () => {
  const page = (p: number, perPage = 2) => list({ sortBy: 'createdAt', order: 'asc', perPage, page: p });

  it('spec List metadata: the first page', async () => {
    const res = await page(1);
    expect(res.body.data.map((o: any) => labelOf.get(o.id))).toEqual(['A', 'B']);
    expect(res.body.meta).toEqual({ page: 1, nextPage: 2, previousPage: null, perPage: 2, sortBy: 'createdAt', order: 'asc', totalCount: 5 });
  });

  it('spec List metadata: a middle page', async () => {
    const res = await page(2);
    expect(res.body.data.map((o: any) => labelOf.get(o.id))).toEqual(['C', 'D']);
    expect(res.body.meta).toMatchObject({ page: 2, nextPage: 3, previousPage: 1, totalCount: 5 });
  });

  it('spec List metadata: the last page has nextPage null', async () => {
    const res = await page(3);
    expect(res.body.data.map((o: any) => labelOf.get(o.id))).toEqual(['E']);
    expect(res.body.meta).toMatchObject({ page: 3, nextPage: null, previousPage: 2, perPage: 2, totalCount: 5 });
  });

  it('spec List metadata: a page beyond the last is empty, nextPage null, previousPage the last page', async () => {
    const res = await page(4);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toMatchObject({ page: 4, nextPage: null, previousPage: 3, totalCount: 5 });
    const far = await page(50);
    expect(far.body.meta).toMatchObject({ page: 50, nextPage: null, previousPage: 3, totalCount: 5 });
  });

  it('spec List metadata: totalCount counts the filtered offers, not the page', async () => {
    const res = await list({ status: '!pending', perPage: 1 });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.meta).toMatchObject({ totalCount: 4, nextPage: 2, previousPage: null });
  });

  it('spec List metadata: a single page and an empty list have no neighbours', async () => {
    expect((await list({ perPage: 5 })).body.meta).toMatchObject({ page: 1, nextPage: null, previousPage: null, totalCount: 5 });
    const empty = await list({ status: 'done' });
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta).toMatchObject({ page: 1, nextPage: null, previousPage: null, totalCount: 0 });
  });

  it('spec Limits: defaults are page 1 and perPage 10', async () => {
    const res = await list();
    expect(res.body.meta).toMatchObject({ page: 1, perPage: 10 });
    const many = await newDealer();
    for (let i = 0; i < 11; i++) await createOffer(many.token);
    const first = await api.get('/v1/offers', { token: many.token });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.meta).toEqual({ page: 1, nextPage: 2, previousPage: null, perPage: 10, sortBy: 'createdAt', order: 'desc', totalCount: 11 });
    const second = await api.get('/v1/offers', { token: many.token, query: { page: 2 } });
    expect(second.body.data).toHaveLength(1);
  });

  it('contract Endpoints: perPage 1 and 100 are accepted', async () => {
    expect((await list({ perPage: 1 })).body.data).toHaveLength(1);
    expect((await list({ perPage: 100 })).body.meta.perPage).toBe(100);
  });

  it('contract Endpoints: perPage outside 1..100 and page < 1 are 400 INVALID_PARAMETER', async () => {
    for (const perPage of ['0', '101', '-1', '1.5', 'ten', '']) await expect400({ perPage }, 'perPage');
    for (const p of ['0', '-1', '2.5', 'first']) await expect400({ page: p }, 'page');
  });

  it('spec Errors: several bad parameters give one entry each', async () => {
    const res = await list({ perPage: 0, page: 0, sortBy: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.details).sort()).toEqual(['page', 'perPage', 'sortBy']);
  });
});

describe('GET /v1/offers — sparse fieldsets and caching (spec Conventions 5 and 7)', () => {
  it('spec Conventions 5: fields applies to every offer of the list; id always included', async () => {
    const res = await list({ fields: 'offerNumber,totalPriceGross' });
    for (const o of res.body.data) expect(Object.keys(o).sort()).toEqual(['id', 'offerNumber', 'totalPriceGross']);
    await expect400({ fields: 'offerNumber,secret' }, 'fields');
  });

  it('spec Conventions 7: the list answers an ETag and 304 on If-None-Match', async () => {
    const first = await list({ status: 'draft' });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await api.get('/v1/offers', { token: dealer.token, query: { status: 'draft' }, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await api.get('/v1/offers', { token: dealer.token, query: { status: 'pending' }, headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it('spec Conventions 7: a change in the list changes the ETag', async () => {
    const fresh = await newDealer();
    await createOffer(fresh.token);
    const etag = (await api.get('/v1/offers', { token: fresh.token })).headers.get('etag')!;
    await createOffer(fresh.token);
    const res = await api.get('/v1/offers', { token: fresh.token, headers: { 'if-none-match': etag } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
  });
});
