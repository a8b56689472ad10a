import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { isoWeek, isoWeekStart, listRejectedOffers, rejectedErrorCodes, rejectionsPerWeek } from '@/db/repositories/operator';
import { offers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { filtersOf, queueHref, readQueueQuery } from '@/lib/console/use-cases/queue';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newClient, newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser } from './operator-session';

// The rejected-offers queue across dealers and the weekly chart, on real offers rejected by the
// real processor. Rejection times are set in the database to place offers in given weeks.

const NOW = new Date('2026-03-12T10:00:00Z'); // a Thursday; its ISO week starts Monday 2026-03-09
const DAY = 86_400_000;

const priceAboveList = { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: 4000, listPriceGross: 3000 } };
const unknownAccessory = { accessory: [{ bidexCode: '299999', brandName: 'X', modelName: 'Y', priceGross: 10 }] };
const twoUnknownAccessories = {
  accessory: [
    { bidexCode: '299998', brandName: 'X', priceGross: 10 },
    { bidexCode: '299997', brandName: 'Y', priceGross: 10 },
  ],
};
const missingData = { product: { bidexCode: '102020', brandName: 'Cube' } };

async function rejectedAt(id: string, at: Date) {
  await getDb().update(offers).set({ statusChangedAt: at }).where(eq(offers.id, id));
}

let a: TestDealer;
let aProd: TestDealer;
let b: TestDealer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Two fresh dealers keep the counts exact: the chart and queue cover all dealers, so the test
  // filters by them (and the demo dealers' offers, if any, do not disturb).
  a = await newDealer({ name: 'Queue dealer A' });
  aProd = await newClient(a.dealerId, { environment: 'production' });
  b = await newDealer({ name: 'Queue dealer B' });
  ids.aPrice = (await createOffer(a.token, priceAboveList)).id;
  ids.aAccessory = (await createOffer(a.token, unknownAccessory)).id;
  ids.aTwo = (await createOffer(a.token, twoUnknownAccessories)).id;
  ids.aOld = (await createOffer(a.token, priceAboveList)).id;
  ids.aValid = (await createOffer(a.token)).id;
  ids.aProdMissing = (await createOffer(aProd.token, missingData)).id;
  ids.bPrice = (await createOffer(b.token, priceAboveList)).id;
  ids.bLastWeek = (await createOffer(b.token, unknownAccessory)).id;
  await processOffers();

  const thisWeek = isoWeekStart(NOW);
  await rejectedAt(ids.aPrice!, new Date(thisWeek.getTime() + 1 * DAY)); // Tue
  await rejectedAt(ids.aAccessory!, new Date(thisWeek.getTime() + 2 * DAY + 3_600_000)); // Wed
  await rejectedAt(ids.aTwo!, new Date(thisWeek.getTime() + 2 * DAY + 7_200_000)); // Wed later
  await rejectedAt(ids.aOld!, new Date(thisWeek.getTime() - 9 * 7 * DAY)); // 9 weeks ago: outside the chart
  await rejectedAt(ids.aProdMissing!, new Date(thisWeek.getTime() - 3 * 7 * DAY));
  await rejectedAt(ids.bPrice!, new Date(thisWeek.getTime())); // Monday 00:00 of this week
  await rejectedAt(ids.bLastWeek!, new Date(thisWeek.getTime() - 1)); // Sunday 23:59:59.999 of last week
});

describe('the ISO week helpers', () => {
  it('start weeks on Monday (UTC) and number them by ISO 8601', () => {
    expect(isoWeekStart(new Date('2026-03-12T10:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-03-09T00:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-03-15T23:59:59Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(isoWeek(isoWeekStart(new Date('2026-01-01T12:00:00Z')))).toEqual({ year: 2026, week: 1 });
    expect(isoWeek(isoWeekStart(new Date('2027-01-01T12:00:00Z')))).toEqual({ year: 2026, week: 53 });
    expect(isoWeek(isoWeekStart(new Date('2025-12-29T12:00:00Z')))).toEqual({ year: 2026, week: 1 });
    expect(isoWeek(isoWeekStart(NOW))).toEqual({ year: 2026, week: 11 });
  });
});

describe('the rejected queue across dealers', () => {
  it('lists rejected offers of every dealer and environment, oldest rejection first', async () => {
    const { rows } = await listRejectedOffers(getDb(), { limit: 100, offset: 0 });
    const ours = rows.filter((r) => [a.dealerId, b.dealerId].includes(r.dealerId)).map((r) => r.id);
    expect(ours).toEqual([ids.aOld, ids.aProdMissing, ids.bLastWeek, ids.bPrice, ids.aPrice, ids.aAccessory, ids.aTwo]);
    expect(ours).not.toContain(ids.aValid);
    const prod = rows.find((r) => r.id === ids.aProdMissing)!;
    expect(prod).toMatchObject({ dealerName: 'Queue dealer A', environment: 'production' });
    expect(prod.statusErrors.map((e) => e.code)).toContain('MISSING_PRODUCT_DATA');
  });

  it('filters by dealer, environment, error code and rejection date, and pages with a total', async () => {
    const list = async (f: Parameters<typeof filtersOf>[0], limit = 100, offset = 0) =>
      listRejectedOffers(getDb(), { ...filtersOf(f), limit, offset });
    const q = (over: Record<string, string>) => readQueueQuery(over).query;

    expect((await list(q({ dealer: a.dealerId, environment: 'all' }))).rows.map((r) => r.id)).toEqual([ids.aOld, ids.aProdMissing, ids.aPrice, ids.aAccessory, ids.aTwo]);
    // Without an environment: production, as the navigation counts the rejected offers.
    expect((await list(q({ dealer: a.dealerId }))).rows.map((r) => r.id)).toEqual([ids.aProdMissing]);
    expect((await list(q({ dealer: a.dealerId, environment: 'production' }))).rows.map((r) => r.id)).toEqual([ids.aProdMissing]);
    expect((await list(q({ dealer: a.dealerId, environment: 'sandbox', code: 'ACCESSORY_NOT_LEASABLE' }))).rows.map((r) => r.id)).toEqual([
      ids.aAccessory,
      ids.aTwo,
    ]);
    const byCode = await list(q({ code: 'PRICE_ABOVE_LIST_PRICE', environment: 'all' }));
    expect(byCode.rows.every((r) => r.statusErrors.some((e) => e.code === 'PRICE_ABOVE_LIST_PRICE'))).toBe(true);
    expect(byCode.rows.map((r) => r.id)).toEqual(expect.arrayContaining([ids.aPrice, ids.bPrice, ids.aOld]));

    // Dates are whole days (UTC), both ends inclusive.
    const thisWeek = isoWeekStart(NOW).toISOString().slice(0, 10);
    const tuesday = new Date(isoWeekStart(NOW).getTime() + DAY).toISOString().slice(0, 10);
    const wednesday = new Date(isoWeekStart(NOW).getTime() + 2 * DAY).toISOString().slice(0, 10);
    expect((await list(q({ dealer: b.dealerId, environment: 'all', from: thisWeek }))).rows.map((r) => r.id)).toEqual([ids.bPrice]);
    expect((await list(q({ dealer: b.dealerId, environment: 'all', to: thisWeek }))).rows.map((r) => r.id)).toEqual([ids.bLastWeek, ids.bPrice]);
    expect((await list(q({ dealer: a.dealerId, environment: 'all', from: tuesday, to: wednesday }))).rows.map((r) => r.id)).toEqual([ids.aPrice, ids.aAccessory, ids.aTwo]);
    expect((await list(q({ dealer: a.dealerId, environment: 'all', from: wednesday, to: wednesday }))).rows.map((r) => r.id)).toEqual([ids.aAccessory, ids.aTwo]);

    const page1 = await list(q({ dealer: a.dealerId, environment: 'all' }), 2, 0);
    const page3 = await list(q({ dealer: a.dealerId, environment: 'all' }), 2, 4);
    expect(page1.total).toBe(5);
    expect(page1.rows.map((r) => r.id)).toEqual([ids.aOld, ids.aProdMissing]);
    expect(page3.rows.map((r) => r.id)).toEqual([ids.aTwo]);
  });

  it('sorts by offer number, dealer or customer when asked (the headers), the order kept in its links', async () => {
    const sorted = async (params: Record<string, string>) => {
      const { query } = readQueueQuery(params);
      return (await listRejectedOffers(getDb(), { ...filtersOf(query), sortBy: query.sortBy, order: query.order, limit: 100, offset: 0 })).rows;
    };
    const byNumber = [ids.aPrice, ids.aAccessory, ids.aTwo, ids.aOld, ids.aProdMissing];
    expect((await sorted({ dealer: a.dealerId, environment: 'all', sortBy: 'offerNumber' })).map((r) => r.id)).toEqual(byNumber);
    expect((await sorted({ dealer: a.dealerId, environment: 'all', sortBy: 'offerNumber', order: 'desc' })).map((r) => r.id)).toEqual([...byNumber].reverse());
    const dealers = (await sorted({ environment: 'all', sortBy: 'dealer', order: 'desc' })).map((r) => r.dealerName);
    expect(dealers.indexOf('Queue dealer B')).toBeGreaterThanOrEqual(0);
    expect(dealers.indexOf('Queue dealer B')).toBeLessThan(dealers.indexOf('Queue dealer A'));
    expect(readQueueQuery({ sortBy: 'total', order: 'sideways' }).invalid.sort()).toEqual(['order', 'sortBy']);
    expect(queueHref({ sortBy: 'customer', order: 'desc', page: 2 }, { code: 'PRICE_ABOVE_LIST_PRICE' })).toBe('/console/rejected?code=PRICE_ABOVE_LIST_PRICE&sortBy=customer&order=desc');
  });

  it('drops malformed filter values instead of failing, and builds queue links', () => {
    const { query, invalid } = readQueueQuery({ dealer: 'nope', environment: 'staging', code: 'x; drop', from: '2026-13-45', to: '2026-03-01', page: '0' });
    expect(invalid.sort()).toEqual(['code', 'dealer', 'environment', 'from', 'page']);
    expect(query).toEqual({ to: '2026-03-01', page: 1 });
    expect(readQueueQuery({ from: '2026-03-10', to: '2026-03-01' }).invalid).toEqual(['to']);
    expect(queueHref({ dealer: DEMO.dealerA.id, page: 3 }, { code: 'PRICE_ABOVE_LIST_PRICE' })).toBe(
      `/console/rejected?code=PRICE_ABOVE_LIST_PRICE&dealer=${DEMO.dealerA.id}`,
    );
    expect(queueHref({}, { page: 1 })).toBe('/console/rejected');
  });

  it('names the error codes rejected offers carry now, most frequent first', async () => {
    const codes = await rejectedErrorCodes(getDb());
    const byCode = Object.fromEntries(codes.map((c) => [c.code, c.offers]));
    expect(byCode.PRICE_ABOVE_LIST_PRICE).toBeGreaterThanOrEqual(3);
    expect(byCode.ACCESSORY_NOT_LEASABLE).toBeGreaterThanOrEqual(3);
    expect(byCode.MISSING_PRODUCT_DATA).toBeGreaterThanOrEqual(1);
    expect(codes.map((c) => c.offers)).toEqual([...codes.map((c) => c.offers)].sort((x, y) => y - x));
  });
});

describe('rejections per error code and week', () => {
  it('counts offers per code in each of the last 8 ISO weeks, this week’s most common code first', async () => {
    const chart = await rejectionsPerWeek(getDb(), { now: NOW, dealerId: a.dealerId });
    expect(chart.weeks).toEqual(['2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09']);
    // This week: two offers with unknown accessories (one of them with two: counted once), one price above list.
    expect(chart.codes[0]).toEqual({ code: 'ACCESSORY_NOT_LEASABLE', counts: [0, 0, 0, 0, 0, 0, 0, 2], total: 2 });
    expect(chart.codes[1]).toEqual({ code: 'PRICE_ABOVE_LIST_PRICE', counts: [0, 0, 0, 0, 0, 0, 0, 1], total: 1 });
    // Production three weeks ago; the offer rejected nine weeks ago is outside the chart.
    expect(chart.codes[2]).toMatchObject({ code: 'MISSING_PRODUCT_DATA', counts: [0, 0, 0, 0, 1, 0, 0, 0] });
    expect(chart.codes).toHaveLength(3);

    const sandboxOnly = await rejectionsPerWeek(getDb(), { now: NOW, dealerId: a.dealerId, environment: 'sandbox' });
    expect(sandboxOnly.codes.map((c) => c.code)).toEqual(['ACCESSORY_NOT_LEASABLE', 'PRICE_ABOVE_LIST_PRICE']);
  });

  it('puts a rejection at Monday 00:00 UTC in the new week and one a millisecond earlier in the last', async () => {
    const chart = await rejectionsPerWeek(getDb(), { now: NOW, dealerId: b.dealerId });
    expect(chart.codes).toEqual([
      { code: 'PRICE_ABOVE_LIST_PRICE', counts: [0, 0, 0, 0, 0, 0, 0, 1], total: 1 },
      { code: 'ACCESSORY_NOT_LEASABLE', counts: [0, 0, 0, 0, 0, 0, 1, 0], total: 1 },
    ]);
  });

  it('counts only offers that are rejected now: a fixed offer leaves the chart and the queue', async () => {
    await api.put(`/v1/offers/${ids.bLastWeek}`, {
      token: await tokenFor(b.clientId, b.secret),
      body: { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'K', priceGross: 100, listPriceGross: 200 }, accessory: [] },
    });
    await processOffers({ ids: [ids.bLastWeek!] });
    const [row] = await getDb().select({ status: offers.status }).from(offers).where(inArray(offers.id, [ids.bLastWeek!]));
    expect(row!.status).toBe('draft');
    const chart = await rejectionsPerWeek(getDb(), { now: NOW, dealerId: b.dealerId });
    expect(chart.codes.map((c) => c.code)).toEqual(['PRICE_ABOVE_LIST_PRICE']);
    const { rows } = await listRejectedOffers(getDb(), { dealerId: b.dealerId, limit: 10, offset: 0 });
    expect(rows.map((r) => r.id)).toEqual([ids.bPrice]);
  });

  it('answers the queue and chart to an operator at GET /api/console/rejected, 400 on malformed filters', async () => {
    const headers = await consoleHeaders(await demoUser('operator@example.com'));
    const res = await api.get('/api/console/rejected', { headers, query: { dealer: a.dealerId, code: 'ACCESSORY_NOT_LEASABLE', environment: 'all' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rows.map((r: { id: string }) => r.id)).toEqual([ids.aAccessory, ids.aTwo]);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.chart.weeks).toHaveLength(8);
    const bad = await api.get('/api/console/rejected', { headers, query: { from: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].details).toBe('from');
  });
});
