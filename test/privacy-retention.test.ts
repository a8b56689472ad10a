import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '@/db/client';
import { offerListVersions, offers } from '@/db/schema';
import { getDb } from '@/lib/database';
import { logger } from '@/lib/logger';
import { metricsExposition } from '@/lib/ops/metrics';
import { createOfferBodySchema } from '@/lib/offers/contract/schemas';
import { runRetention } from '@/lib/privacy/retention';
import { PERSONAL_DATA_MARKER } from '@/lib/shared/model';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { ageOffer, customerEverywhere, newCustomer, tracesOf } from './helpers/customer-data';
import { createOffer, offerBody } from './helpers/offers';

// Retention (docs/privacy.md, "How long"): offers past their period are anonymised everywhere,
// batch by batch; counts and totals stay; a second run changes nothing; a batch that fails leaves
// its offers untouched.

const periods = { unorderedDays: 180, orderedDays: 3650 };

async function dealerFigures(dealer: TestDealer) {
  const list = await api.get('/v1/offers?perPage=100', { token: dealer.token });
  const [version] = await getDb().select().from(offerListVersions).where(eq(offerListVersions.dealerId, dealer.dealerId));
  return {
    totalCount: list.body.meta.totalCount as number,
    total: (list.body.data as { totalPriceGross: number }[]).reduce((s, o) => s + o.totalPriceGross, 0),
    statuses: (list.body.data as { status: { current: string } }[]).map((o) => o.status.current).sort(),
    counted: version?.offers,
  };
}

describe('retention', () => {
  it('anonymises an offer past its period in every place, keeping counts and totals; twice changes nothing', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const customer = newCustomer();
    const offer = await customerEverywhere(dealer, customer);
    const recent = await createOffer(dealer.token, { customerName: 'Jürgen Recent', customerEmail: 'juergen.recent@example.com' });
    const traces = await tracesOf(customer);
    expect(Object.keys(traces).length).toBeGreaterThanOrEqual(8);
    const before = await dealerFigures(dealer);

    await ageOffer(offer.id, 181);
    await ageOffer(recent.id, 179);
    const info = vi.spyOn(logger, 'info');
    const summary = await runRetention({ periods });
    expect(summary).toMatchObject({ offers: 1, batches: 1 });
    expect(summary.history).toBeGreaterThan(0);
    // A log line of counts, never of whose data; a metric of offers by cause.
    const logged = JSON.stringify(info.mock.calls);
    info.mockRestore();
    expect(logged).toContain('"offers":1');
    expect(logged).not.toMatch(/Käßbohrer|kaessbohrer/i);
    expect((await metricsExposition()).text).toMatch(/spoke_personal_data_offers_total\{cause="retention",outcome="anonymised"\} [1-9]/);

    // The employer's register of its employees (the operator's record of the registration, the
    // employer's log of its roster) is the employer's, not the offer's: an erasure request
    // removes it, retention does not.
    expect(await tracesOf(customer)).toEqual({ employees: 1, employer_changes: 1, operator_actions: 1 });
    expect(await dealerFigures(dealer)).toEqual(before);

    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data).toMatchObject({ ...PERSONAL_DATA_MARKER, totalPriceGross: offer.totalPriceGross, personalData: { state: 'anonymised' } });
    expect(read.body.data.notes).toBeUndefined();
    // The marker values are valid for the offer's own schema.
    expect(createOfferBodySchema.safeParse(offerBody({ customerName: read.body.data.customerName, customerEmail: read.body.data.customerEmail })).success).toBe(true);
    const other = await api.get(`/v1/offers/${recent.id}`, { token: dealer.token });
    expect(other.body.data).toMatchObject({ customerName: 'Jürgen Recent' });
    expect(other.body.data.personalData).toBeUndefined();

    const history = await api.get(`/v1/offers/${offer.id}/history?perPage=100`, { token: dealer.token });
    expect(history.body.data[0]).toMatchObject({ action: 'personal_data_anonymised' });
    const search = await api.get(`/v1/offers?search=${encodeURIComponent('Käßbohrer')}`, { token: dealer.token });
    expect(search.body.meta.totalCount).toBe(0);

    const snapshot = async () => JSON.stringify(await getDb().select().from(offers).where(eq(offers.id, offer.id)));
    const once = await snapshot();
    expect(await runRetention({ periods })).toMatchObject({ offers: 0 });
    expect(await snapshot()).toBe(once);
  }, 120_000);

  it('keeps a concluded order for the ordered period and anonymises it after', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token, { customerName: 'Olaf Ordered', customerEmail: 'olaf.ordered@example.com' });
    await getDb().update(offers).set({ status: 'done' }).where(eq(offers.id, offer.id));
    await ageOffer(offer.id, 3000);
    await runRetention({ periods });
    expect((await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.customerName).toBe('Olaf Ordered');
    await ageOffer(offer.id, 651);
    await runRetention({ periods });
    expect((await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.customerName).toBe(PERSONAL_DATA_MARKER.customerName);
  });

  it('a batch that fails leaves each of its offers untouched; the batches before it stay done', async () => {
    const dealer = await newDealer();
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createOffer(dealer.token, { customerName: `Batch Kunde ${i}`, customerEmail: `batch.${i}@example.com` }));
    for (const o of made) await ageOffer(o.id, 200);
    const ids = made.map((o) => o.id).sort();
    const db = getDb();
    // A real failure inside the second batch's transaction, after its offers were changed.
    await db.execute(sql.raw(`create function spoke_test_fail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`));
    await db.execute(sql.raw(`
      create trigger spoke_test_fail before insert on offer_history for each row
        when (new.offer_id = '${ids[2]}' and new.action = 'personal_data_anonymised') execute function spoke_test_fail();`));
    try {
      const failed = await runRetention({ periods, batchSize: 2 }).then(() => undefined, (err: Error) => err);
      expect(String((failed?.cause as Error | undefined)?.message ?? failed)).toMatch(/disk full/);
    } finally {
      await db.execute(sql.raw('drop trigger spoke_test_fail on offer_history'));
      await db.execute(sql.raw('drop function spoke_test_fail()'));
    }
    const state = async () =>
      (await db.select({ id: offers.id, name: offers.customerName, at: offers.anonymisedAt }).from(offers).where(inArray(offers.id, ids))).sort((a, b) =>
        a.id < b.id ? -1 : 1,
      );
    const names = (await state()).map((o) => o.name);
    expect(names.slice(0, 2)).toEqual([PERSONAL_DATA_MARKER.customerName, PERSONAL_DATA_MARKER.customerName]);
    expect(names.slice(2).every((n) => n.startsWith('Batch Kunde'))).toBe(true);
    const searchRows = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from offer_search where dealer_id = ${dealer.dealerId} and customer_name like 'batch kunde%'`),
    );
    expect(Number(searchRows[0]!.n)).toBe(2);

    await runRetention({ periods, batchSize: 2 });
    expect((await state()).every((o) => o.name === PERSONAL_DATA_MARKER.customerName && o.at !== null)).toBe(true);
  });
});
