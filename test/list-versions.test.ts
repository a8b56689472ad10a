import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { offers } from '@/db/schema';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';
import { consoleHeaders, demoUser } from './operator-session';

// Conditional lists (docs/decisions.md, "Conditional lists"): a list's ETag carries its tenant's
// list version, which every committed change of one of the tenant's offers moves on in the same
// transaction (migration 0018, triggers on offers). A list whose ETag the client holds answers 304
// without the list being run; any write path's change makes the next request a full answer.

const list = (dealer: TestDealer, etag?: string, query: Record<string, string> = {}) =>
  api.get('/v1/offers', { token: dealer.token, query, headers: etag ? { 'if-none-match': etag } : {} });

/** The list's ETag now; then `change()`; then whether the same request still answers 304. */
async function unchangedAfter(dealer: TestDealer, change: () => Promise<unknown>): Promise<boolean> {
  const first = await list(dealer);
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag')!;
  expect((await list(dealer, etag)).status).toBe(304);
  await change();
  return (await list(dealer, etag)).status === 304;
}

describe('conditional lists: the tenant list version', () => {
  it('answers 304 without running the list, and a full answer still runs it', async () => {
    const dealer = await newDealer();
    await createOffer(dealer.token);
    const etag = (await list(dealer, undefined, { search: 'kunde', sortBy: 'customerName' })).headers.get('etag')!;
    // The lists read offer_search: with it out of the way, only an answer that does not run the list succeeds.
    await getDb().execute(sql`alter table offer_search rename to offer_search_away`);
    try {
      const notModified = await list(dealer, etag, { search: 'kunde', sortBy: 'customerName' });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('etag')).toBe(etag);
      expect((await list(dealer, undefined, { search: 'kunde', sortBy: 'customerName' })).status).toBe(500);
    } finally {
      await getDb().execute(sql`alter table offer_search_away rename to offer_search`);
    }
  });

  it('tags each representation apart: another query, language or field list is not the same list', async () => {
    const dealer = await newDealer();
    await createOffer(dealer.token);
    const etag = (await list(dealer)).headers.get('etag')!;
    expect((await list(dealer, etag, { page: '1' })).status).toBe(304);
    expect((await list(dealer, etag, { sortBy: 'offerNumber' })).status).toBe(200);
    expect((await list(dealer, etag, { fields: 'offerNumber' })).status).toBe(200);
    expect((await api.get('/v1/offers', { token: dealer.token, headers: { 'if-none-match': etag, 'accept-language': 'de' } })).status).toBe(200);
    // Another tenant's list with the same query: never this one's tag.
    const other = await newDealer();
    expect((await list(other, etag)).status).toBe(200);
  });

  it('moves on with every write path: create, update, cancel, processing, console steps and re-processing', async () => {
    const dealer = await newDealer();
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    const a = await createOffer(dealer.token);
    const b = await createOffer(dealer.token);
    expect(await unchangedAfter(dealer, () => createOffer(dealer.token))).toBe(false);
    expect(await unchangedAfter(dealer, () => processOffers({ ids: [a.id, b.id] }))).toBe(false);
    expect(
      await unchangedAfter(dealer, async () => {
        const res = await api.put(`/v1/offers/${a.id}`, { token: dealer.token, body: offerBody({ notes: 'Neue Notiz' }) });
        expect(res.status, res.text).toBe(202);
      }),
    ).toBe(false);
    await processOffers({ ids: [a.id] });
    expect(
      await unchangedAfter(dealer, async () => {
        const res = await api.post(`/v1/offers/${b.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' } });
        expect(res.status, res.text).toBe(200);
      }),
    ).toBe(false);
    expect(
      await unchangedAfter(dealer, async () => {
        const res = await api.post(`/api/console/offers/${a.id}/steps`, { headers: operator, body: { action: 'start_order', onBehalfReason: 'Telefonisch beauftragt' } });
        expect(res.status, res.text).toBe(200);
      }),
    ).toBe(false);
    const c = await createOffer(dealer.token, { product: { bidexCode: '999999', priceGross: 2999 } });
    await processOffers({ ids: [c.id] });
    expect(
      await unchangedAfter(dealer, async () => {
        const res = await api.post(`/api/console/offers/${c.id}/reprocess`, { headers: operator });
        expect(res.status, res.text).toBe(200);
      }),
    ).toBe(false);
  });

  it('moves on only when the change commits, and not for another tenant', async () => {
    const dealer = await newDealer();
    const other = await newDealer();
    const { id } = await createOffer(dealer.token);
    // Rolled back: the list did not change.
    expect(
      await unchangedAfter(dealer, () =>
        getDb()
          .transaction(async (tx) => {
            await tx.update(offers).set({ notes: 'rolled back' }).where(eq(offers.id, id));
            throw new Error('roll back');
          })
          .catch(() => undefined),
      ),
    ).toBe(true);
    // Another dealer's create, and a failed request, leave this list as it was.
    expect(await unchangedAfter(dealer, () => createOffer(other.token))).toBe(true);
    expect(await unchangedAfter(dealer, () => api.post('/v1/offers', { token: dealer.token, body: { product: {} } }))).toBe(true);
  });

  it('keeps the unfiltered total exact through creates and deletes (the tenant count)', async () => {
    const dealer = await newDealer();
    for (let i = 0; i < 3; i++) await createOffer(dealer.token);
    expect((await list(dealer)).body.meta.totalCount).toBe(3);
    const [gone] = await getDb().select({ id: offers.id }).from(offers).where(eq(offers.dealerId, dealer.dealerId)).limit(1);
    await getDb().delete(offers).where(eq(offers.id, gone!.id));
    const after = await list(dealer);
    expect(after.body.meta.totalCount).toBe(2);
    expect(after.body.data).toHaveLength(2);
  });
});
