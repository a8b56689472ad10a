import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { sql } from 'drizzle-orm';
import { findOffer, type OfferRecord } from '@/db/repositories/offers';
import { listOffers } from '@/db/repositories/offers-list';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import type { Tenant } from '@/lib/auth/authenticate';
import { api } from './helpers/api';
import { createOffer } from './helpers/offers';
import { newDealer } from './helpers/auth';

// A list page reads its offers as plain rows and decodes them (db/repositories/offers-list.ts,
// recordOf); a single offer is read through Drizzle's mapping (findOffer). Both must give the same record, value for
// value and type for type: timestamps as Dates to the millisecond, money as PostgreSQL's text,
// nulls, booleans, counters, status entries and accessories as they are.

let tenant: Tenant;
const ids: string[] = [];

beforeAll(async () => {
  const dealer = await newDealer();
  tenant = { dealerId: dealer.dealerId, environment: 'sandbox' };
  const full = await createOffer(dealer.token, { customerName: 'Recordia Völlig', notes: 'Ä note with "quotes" and \\ backslash' });
  const bare = await createOffer(dealer.token, {
    customerName: 'Recordia Bare',
    product: { bidexCode: '102020', priceGross: 1234.5 },
    accessory: [{ bidexCode: '201010' }],
    withShipping: false,
    shippingCostGross: undefined,
    installationCostGross: undefined,
    deliveryDate: undefined,
    notes: undefined,
  });
  const cents = await createOffer(dealer.token, { customerName: 'Recordia Cents', product: { bidexCode: '102020', priceGross: 0.01, listPriceGross: 99999.99 }, accessory: [] });
  ids.push(full.id, bare.id, cents.id);
  // Processed (status entries, changed instants), and one canceled with a reason, a note and the contact flag.
  await processOffers();
  const canceled = await createOffer(dealer.token, { customerName: 'Recordia Canceled', deliveryDate: '2027-01-31T23:59:59.999Z' });
  const res = await api.post(`/v1/offers/${canceled.id}/cancel`, {
    token: dealer.token,
    query: { cancelReason: 'other', cancelNote: 'Kunde möchte später', contactFromEmployeeRequested: 'true' },
  });
  expect(res.status).toBe(200);
  ids.push(canceled.id);
  // What the API does not write but a row may hold: every character JSON must escape, text outside
  // the Basic Multilingual Plane, instants with microseconds on both sides of a millisecond, the
  // largest amount and one below a cent's tenths.
  const odd = await createOffer(dealer.token, { customerName: 'Recordia "Odd" \\ Ünïcødé 😀', accessory: [] });
  await getDb().execute(sql`update offers set
    notes = ${'tab\there\nline\r\u0001\u001f\u007f\u2028\u2029 </script> \\ "q" / ß 😀'},
    product_color = ${'"'}, product_size = ${''},
    shipping_cost_gross = 99999999.99, installation_cost_gross = 0.1, total_price_gross = 1000000.05,
    created_at = '2026-03-01 12:00:00.999999+00', updated_at = '2026-03-01 12:00:01.000500+00',
    status_changed_at = '1999-12-31 23:59:59.0015+00', delivery_date = '2026-06-30 22:00:00.123999+00'
    where id = ${odd.id}`);
  ids.push(odd.id);
});

describe('offer records read as plain rows on a list page', () => {
  it('equal the records read through Drizzle (findOffer), on a list page and on a search', async () => {
    const db = getDb();
    const one = new Map<string, OfferRecord>();
    for (const id of ids) one.set(id, (await findOffer(db, tenant, id))!);
    const page = await listOffers(db, tenant, { sortBy: 'createdAt', order: 'asc', limit: 10, offset: 0 });
    // The odd offer was created (as its row says) before the others.
    expect(page.rows.map((r) => r.id)).toEqual([ids[4], ...ids.slice(0, 4)]);
    const searched = await listOffers(db, tenant, { search: 'recordia', sortBy: 'customerName', order: 'asc', limit: 10, offset: 0 });
    expect(searched.total).toBe(ids.length);
    expect(page.total).toBe(ids.length);
    for (const rows of [page.rows, searched.rows]) {
      for (const row of rows) {
        const expected = one.get(row.id)!;
        expect(row).toStrictEqual(expected);
        for (const key of ['createdAt', 'updatedAt', 'statusChangedAt'] as const) expect(row[key]).toBeInstanceOf(Date);
      }
    }
    // What the cases above are made of (so the comparison covers them): text money, a delivery
    // date and none, status entries, a canceled offer's fields, accessories with and without prices.
    const [full, bare, cents, canceled] = ids.map((id) => one.get(id)!);
    expect(full!.productPriceGross).toBe('3499.00');
    expect(cents!.productPriceGross).toBe('0.01');
    expect(full!.deliveryDate).toEqual(new Date('2030-12-15T10:00:00Z'));
    expect(bare!.deliveryDate).toBeNull();
    expect(bare!.accessories).toEqual([{ bidexCode: '201010', brandName: null, modelName: null, priceGross: null, listPriceGross: null }]);
    expect(full!.accessories).toHaveLength(2);
    expect(full!.statusErrors.length + full!.statusInfos.length + bare!.statusErrors.length + bare!.statusInfos.length).toBeGreaterThan(0);
    expect(canceled).toMatchObject({ status: 'canceled', cancelReason: 'other', cancelNote: 'Kunde möchte später', contactFromEmployeeRequested: true });
    expect(canceled!.deliveryDate).toEqual(new Date('2027-01-31T23:59:59.999Z'));
  });
});

