import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { KEPT_BYTES_MAX, KEPT_PAGES_MAX, KEPT_UNPACKED_BYTES_MAX, keepPage, keptPage, keptPageKeys, keptPagesStats } from '@/lib/offers/list-cache';
import { currentSnapshot } from '@/db/repositories/offers-list';
import { cacheableEnvelope, SerializedJson } from '@/lib/api/respond';
import { RAW_BODY } from '@/lib/api/direct-routes';
import { listOffersFor, pageReads } from '@/lib/offers/read-offers';
import { matchStats } from '@/lib/offers/search-matches';
import { listOffersQuerySchema } from '@/lib/offers/schemas';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// Kept list pages (lib/offers/list-cache.ts, docs/performance.md change 18): a page is answered
// from what was kept only while the database reports the snapshot it was read under; any commit
// makes the next request read again. These tests plant a marked page to see which one is answered.

let a: TestDealer;
let b: TestDealer;

beforeAll(async () => {
  a = await newDealer();
  b = await newDealer();
  for (let i = 0; i < 3; i++) await createOffer(a.token, { externalOfferId: `KEEP-${i}`, customerName: `Kira Keep ${i}` });
  await createOffer(b.token, { externalOfferId: 'KEEP-B', customerName: 'Kira Keep B' });
});

const list = (token: string, query = 'search=kira&perPage=2', lang = 'de') =>
  api.get(`/v1/offers?${query}`, { token, headers: { 'Accept-Language': lang } });

/** The key of the page kept last (the most recently used). */
const lastKey = () => keptPageKeys().at(-1)!;

describe('kept list pages', () => {
  it('answers a kept page while nothing was committed, and reads again after any commit', async () => {
    const first = await list(a.token);
    expect(first.status).toBe(200);
    expect(first.body.data.map((o: { externalOfferId: string }) => o.externalOfferId)).toEqual(['KEEP-2', 'KEEP-1']);
    expect(first.body.meta.totalCount).toBe(3);
    // A marked page under the same snapshot is what the next request answers: nothing else was read.
    // Other test files commit meanwhile (they share the database): a few tries to see the planted page.
    let again: Awaited<ReturnType<typeof list>> | undefined;
    for (let i = 0; i < 5 && !again; i++) {
      await list(a.token);
      const key = lastKey();
      const kept = keptPage(key, await currentSnapshot(getDb()));
      if (!kept) continue;
      expect(kept.total).toBe(3);
      keepPage(key, { ...kept, data: new SerializedJson(JSON.stringify([{ ...first.body.data[0], customerName: 'Aus dem Speicher' }])) });
      const answer = await list(a.token);
      if (answer.body.data[0]?.customerName === 'Aus dem Speicher') again = answer;
    }
    expect(again?.body.data.map((o: { customerName: string }) => o.customerName)).toEqual(['Aus dem Speicher']);
    expect(again?.body.meta.totalCount).toBe(3);

    // A new offer of this dealer: committed, so the snapshot moved and the page is read again.
    await createOffer(a.token, { externalOfferId: 'KEEP-3', customerName: 'Kira Keep 3' });
    const after = await list(a.token);
    expect(after.body.data.map((o: { externalOfferId: string }) => o.externalOfferId)).toEqual(['KEEP-3', 'KEEP-2']);
    expect(after.body.meta.totalCount).toBe(4);
  });

  it('reads again after a commit that touches no offer at all', async () => {
    // Other test files commit meanwhile (they share the database): a few tries to see the planted page.
    let planted = false;
    for (let i = 0; i < 5 && !planted; i++) {
      await list(a.token, 'search=kira&perPage=3');
      const key = lastKey();
      const kept = keptPage(key, await currentSnapshot(getDb()));
      if (!kept) continue;
      keepPage(key, { ...kept, data: new SerializedJson('[]') });
      planted = (await list(a.token, 'search=kira&perPage=3')).body.data.length === 0;
    }
    expect(planted).toBe(true);
    // A transaction that writes nothing of Spoke's but gets a transaction id: the snapshot moves.
    await getDb().execute(sql`select pg_current_xact_id()`);
    expect((await list(a.token, 'search=kira&perPage=3')).body.data).toHaveLength(3);
  });

  it('keeps an empty result too, and reads again once an offer that matches is committed', async () => {
    const query = 'search=zoraida&perPage=5';
    // Another test file may commit between the list and the look (they share the database): a few tries.
    let kept: ReturnType<typeof keptPage>;
    let key = '';
    for (let i = 0; i < 5 && !kept; i++) {
      const none = await list(a.token, query);
      expect(none.body.data).toEqual([]);
      expect(none.body.meta.totalCount).toBe(0);
      // Not kept when a commit came in during its read (the empty result's snapshot did not hold): again.
      if (!lastKey().includes('zoraida')) continue;
      key = lastKey();
      kept = keptPage(key, await currentSnapshot(getDb()));
    }
    expect(key).toContain('zoraida');
    expect(kept).toBeDefined();
    keepPage(key, { ...kept!, total: 7 });
    const again = await list(a.token, query);
    // Answered from what was kept, unless a commit came in between.
    if (keptPage(key, await currentSnapshot(getDb()))?.total === 7) expect(again.body.meta.totalCount).toBe(7);
    await createOffer(a.token, { externalOfferId: 'KEEP-Z', customerName: 'Zoraida Keep' });
    const found = await list(a.token, query);
    expect(found.body.data.map((o: { externalOfferId: string }) => o.externalOfferId)).toEqual(['KEEP-Z']);
    expect(found.body.meta.totalCount).toBe(1);
  });

  it('reads a page once for requests that ask for it at the same time', async () => {
    const tenant = { dealerId: a.dealerId, environment: 'sandbox' as const };
    // Other test files commit meanwhile (they share the database): a few tries to see it.
    let shared = false;
    for (let i = 0; i < 5 && !shared; i++) {
      // A page never asked for before in this file.
      const q = listOffersQuerySchema.parse({ search: 'kira', perPage: String(3 + i), page: '1', sortBy: 'customerName', order: 'asc' });
      // Six connections open in the pool, so the six requests really run at the same time.
      await Promise.all(Array.from({ length: 6 }, () => getDb().execute(sql`select pg_sleep(0.02)`)));
      const before = pageReads.count;
      const answers = await Promise.all(Array.from({ length: 6 }, () => listOffersFor(tenant, q, 'de')));
      for (const answer of answers) {
        expect(answer.data.bytes.toString()).toBe(answers[0]!.data.bytes.toString());
        expect(answer.meta.totalCount).toBe(answers[0]!.meta.totalCount);
      }
      expect(JSON.parse(answers[0]!.data.bytes.toString()).length).toBeGreaterThanOrEqual(3);
      const reads = pageReads.count - before;
      expect(reads).toBeGreaterThanOrEqual(1);
      shared = reads < answers.length;
    }
    expect(shared).toBe(true);
  });

  it('keeps a page per dealer, language and fields: none is answered for another', async () => {
    const de = await list(a.token, 'search=kira&perPage=5', 'de');
    const en = await list(a.token, 'search=kira&perPage=5', 'en');
    const other = await list(b.token, 'search=kira&perPage=5', 'de');
    const some = await list(a.token, 'search=kira&perPage=5&fields=externalOfferId', 'de');
    expect(de.body.data[0].status.current.message).not.toBe(en.body.data[0].status.current.message);
    expect(other.body.data.map((o: { externalOfferId: string }) => o.externalOfferId)).toEqual(['KEEP-B']);
    expect(Object.keys(some.body.data[0]).sort()).toEqual(['externalOfferId', 'id']);
    // Asked again, each answer is the same as the first time.
    expect((await list(a.token, 'search=kira&perPage=5', 'en')).text).toBe(en.text);
    expect((await list(b.token, 'search=kira&perPage=5', 'de')).text).toBe(other.text);
    expect((await list(a.token, 'search=kira&perPage=5', 'de')).text).toBe(de.text);
  });

  it('answers the same ETag and 304 for a kept page as for a read one', async () => {
    const first = await list(a.token, 'search=kira&perPage=4');
    const etag = first.headers.get('etag')!;
    const kept = await list(a.token, 'search=kira&perPage=4');
    expect(kept.headers.get('etag')).toBe(etag);
    const notModified = await api.get('/v1/offers?search=kira&perPage=4', { token: a.token, headers: { 'Accept-Language': 'de', 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
  });

  it("answers a search asked again from the term's kept matches, as a read answers", async () => {
    // Two queries of one term under one snapshot: the second is filtered, sorted and paged from the
    // term's matches (lib/offers/search-matches.ts). Other test files commit meanwhile (they share
    // the database): a few tries to see both under one snapshot.
    const query = 'search=kira&sortBy=externalOfferId&order=desc&status=!canceled&perPage=2&page=2';
    let served: Awaited<ReturnType<typeof list>> | undefined;
    for (let i = 0; i < 10 && !served; i++) {
      await list(a.token, `search=kira&sortBy=customerName&perPage=${10 + i}`);
      const before = matchStats.served;
      const answer = await list(a.token, query);
      if (matchStats.served > before) served = answer;
    }
    expect(served?.status).toBe(200);
    // The same query with a filter kept matches do not answer (excluding an offer number none has) is read.
    const read = await list(a.token, `${query}&offerNumber=!SPK-0`);
    expect(served!.body.data.length).toBe(2);
    expect(served!.body.data).toEqual(read.body.data);
    expect(served!.body.meta).toEqual(read.body.meta);
  });

  it('stays within its budget of pages and bytes', () => {
    const n = KEPT_PAGES_MAX + 100;
    for (let i = 0; i < n; i++) keepPage(`budget-${i}`, { snapshot: 's', total: 1, data: new SerializedJson('x'.repeat(1000)) });
    const after = keptPagesStats();
    expect(after.pages).toBe(KEPT_PAGES_MAX);
    expect(keptPageKeys()).not.toContain('budget-0');
    expect(keptPageKeys()).toContain(`budget-${n - 1}`);
    expect(after.bytes).toBeLessThanOrEqual(KEPT_BYTES_MAX);
    // Large pages never answered (so never packed): the unpacked budget is the limit, the least recently used go first.
    const big = randomBytes(768 * 1024).toString('base64'); // 1 MB
    const m = Math.ceil(KEPT_BYTES_MAX / (1024 * 1024)) + 8;
    for (let i = 0; i < m; i++) keepPage(`big-${i}`, { snapshot: 's', total: 1, data: new SerializedJson(JSON.stringify(big)) });
    expect(keptPagesStats().unpackedBytes).toBeLessThanOrEqual(KEPT_UNPACKED_BYTES_MAX);
    expect(keptPagesStats().unpackedBytes).toBeGreaterThan(KEPT_UNPACKED_BYTES_MAX - 2 * 1024 * 1024);
    expect(keptPagesStats().bytes).toBeLessThanOrEqual(KEPT_BYTES_MAX);
    expect(keptPageKeys()).not.toContain('big-0');
    expect(keptPageKeys()).toContain(`big-${m - 1}`);
    // A page larger than a quarter of the budget is not kept.
    keepPage('huge', { snapshot: 's', total: 1, data: new SerializedJson(JSON.stringify(randomBytes(KEPT_BYTES_MAX / 4).toString('base64'))) });
    expect(keptPageKeys()).not.toContain('huge');
  });

  it('packs the least recently used pages past the unpacked budget and answers them as before, with or without gzip', () => {
    // Pages of offers as a search answers them: compressible JSON of ~90 kB each.
    const pageOf = (i: number) =>
      JSON.stringify(
        Array.from({ length: 60 }, (_, j) => ({
          id: `${String(i).padStart(8, '0')}-0000-4000-8000-${String(j).padStart(12, '0')}`,
          customerName: `Jürgen Müller ${i}-${j}`,
          product: { brandName: 'Riese & Müller', modelName: 'Load 75 Touring', priceGross: 8549.1 + j },
          status: { current: { code: 'draft', message: 'Entwurf', translations: { de: 'Entwurf', en: 'Draft' } }, nextSteps: [], errors: [], infos: [] },
          notes: 'Lieferung an die Filiale, Rahmenhöhe nach Probefahrt. '.repeat(20),
        })),
      );
    const count = Math.ceil((2 * KEPT_UNPACKED_BYTES_MAX) / Buffer.byteLength(pageOf(0)));
    const answer = (key: string, gzip = false) => {
      const page = keptPage(key, 'tiers')!;
      const req = new Request('http://spoke.test/v1/offers', { headers: gzip ? { 'accept-encoding': 'gzip' } : {} });
      return { page, response: cacheableEnvelope(req, page.data, { page: 1, totalCount: page.total }) };
    };
    const first = new Map<string, string>();
    for (let i = 0; i < count; i++) {
      keepPage(`tier-${i}`, { snapshot: 'tiers', total: i, data: new SerializedJson(pageOf(i)) });
      const { response } = answer(`tier-${i}`);
      first.set(`tier-${i}`, (response as Response & { [RAW_BODY]?: Buffer })[RAW_BODY]!.toString());
    }
    const stats = keptPagesStats();
    expect(stats.pages).toBeGreaterThanOrEqual(count);
    expect(stats.unpackedBytes).toBeLessThanOrEqual(KEPT_UNPACKED_BYTES_MAX);
    expect(stats.unpackedPages).toBeLessThan(stats.pages);
    // The oldest is packed: an eighth of its text or less, and answered exactly as the first time.
    const oldest = keptPage('tier-0', 'tiers')!;
    expect(oldest.data.unpacked).toBe(0);
    expect(oldest.data.held).toBeLessThan(Buffer.byteLength(pageOf(0)) / 8);
    const again = answer('tier-0');
    expect((again.response as Response & { [RAW_BODY]?: Buffer })[RAW_BODY]!.toString()).toBe(first.get('tier-0'));
    expect(JSON.parse(first.get('tier-0')!).data).toEqual(JSON.parse(pageOf(0)));
    // Answered unpacked, it is held unpacked again (the most recently used), within the budget.
    expect(again.page.data.unpacked).toBeGreaterThan(0);
    expect(keptPagesStats().unpackedBytes).toBeLessThanOrEqual(KEPT_UNPACKED_BYTES_MAX);
    // Its gzip is the same answer.
    const packedAgain = keptPage(`tier-1`, 'tiers')!;
    expect(packedAgain.data.unpacked).toBe(0);
    expect(gunzipSync(packedAgain.data.packedForm!.gzip).toString()).toBe(first.get('tier-1'));
  });
});
