import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { currentSnapshot, foldedPattern, LIST_PLAN, listOffers, searchPattern, type OfferListQuery } from '@/db/repositories/offers-list';
import { MATCH_LIMITS, matchStats, searchFromMatches } from '@/lib/offers/search-matches';
import type { Tenant } from '@/lib/auth/authenticate';
import { SORT_KEYS } from '@/lib/offers/schemas';
import { newDealer } from './helpers/auth';

// Lists read offer_search (migration 0012: narrow per-tenant rows kept by triggers, faster fold
// functions) instead of the offers table with its generated search key (migration 0009). This
// compares the two on a varied fixture — umlauts, Turkish and Polish letters, ß, accents, brands,
// SPK- number prefixes, literal % and _ — for every sort key, both orders, filters and pages: the
// reference is migration 0009's own SQL (its functions, loaded here under other names) run over
// the offers table, sorted as the lists sorted before. Offers are written with plain SQL, then
// renamed and moved through statuses, so the triggers are what keeps offer_search current.

const FIRST = ['Jürgen', 'Özlem', 'Ayşe', 'Zoë', 'Björn', 'Anna', 'Lucía', 'Chloé', 'Łukasz', 'Dimitrios', 'Sven', 'Ülkü'];
const LAST = ['Müller', 'Mueller', 'Muller', 'Yılmaz', 'Schröder', 'Öztürk', 'Straße', 'Strasse', 'García', 'Nowak', 'Dębski', 'van der Berg', '100% Rad', 'a_b Zweirad'];
const BIKES = [
  ['Riese & Müller', 'Load 75'],
  ['Cube', 'Kathmandu Hybrid'],
  ['Kalkhoff', 'Endeavour 5.B'],
  ['Gazelle', 'Ultimate C380'],
  ['Focus', 'Aventura² 6.8'],
  ['Brompton', null],
  [null, null],
] as const;
const STATUSES = ['pending', 'draft', 'order_journey_started', 'done', 'canceled', 'rejected'];
const TERMS = [
  'müller', 'mueller', 'muller', 'MÜLLER', 'yilmaz', 'Yılmaz', 'YILMAZ', 'strasse', 'straße', 'schröder', 'schroeder', 'oeztuerk', 'öztürk',
  'jürgen mü', 'ulku', 'zoe', 'lucia', 'lukasz', 'debski', 'kalkhoff', 'cube kathmandu', 'riese & mueller', 'aventura2', 'aventura²', 'SPK-1',
  'spk-10', 'SPK-100', '100%', 'a_b', '_', 'er ', 'zz', 'nothing like this',
];

let tenant: Tenant;
let other: Tenant;

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly (string | null)[]) => `ARRAY[${xs.map((x) => (x === null ? 'NULL' : q(x))).join(',')}]::text[]`;

type Run = (text: string) => Promise<Record<string, unknown>[]>;
const runOn = (db: Pick<ReturnType<typeof getDb>, 'execute'>): Run => async (text) => rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
const exec: Run = (text) => runOn(getDb())(text);

async function insertOffers(t: Tenant, n: number, salt: number) {
  const pick = (a: string, len: number, h: string) => `(${a})[1 + (${h}) % ${len}]`;
  await exec(`
    insert into offers (dealer_id, environment, external_offer_id, customer_name, customer_email, product_bidex_code,
      product_brand_name, product_model_name, product_price_gross, total_price_gross, status, created_at, status_changed_at)
    select ${q(t.dealerId)}, ${q(t.environment)}, 'EXT-' || lpad(((g * 37) % 1000)::text, 4, '0'),
      ${pick(arr(FIRST), FIRST.length, `g * 7 + ${salt}`)} || ' ' || ${pick(arr(LAST), LAST.length, `g * 11 + ${salt}`)},
      'Kunde' || (g % 17) || '@Example.com', '102020',
      ${pick(arr(BIKES.map((b) => b[0])), BIKES.length, `g * 5 + ${salt}`)}, ${pick(arr(BIKES.map((b) => b[1])), BIKES.length, `g * 5 + ${salt}`)},
      1000 + (g * 13) % 50, 1000 + (g * 13) % 50,
      (${arr(STATUSES)})[1 + (g * 3) % ${STATUSES.length}]::offer_status,
      timestamptz '2025-01-01' + make_interval(days => (g * 17) % 400), timestamptz '2025-06-01' + make_interval(days => (g * 23) % 300)
    from generate_series(1, ${n}) g`);
}

/** Migration 0009's fold and search-key functions, under reference names. */
function referenceFunctions(): string[] {
  const text = fs.readFileSync(path.join(process.cwd(), 'db/migrations/0009_search.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .filter((s) => /CREATE FUNCTION/.test(s))
    .map((s) => s.replace(/spoke_fold/g, 'ref_spoke_fold').replace(/spoke_search_key/g, 'ref_spoke_search_key').replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
}

const REFERENCE_SORT: Record<string, string[]> = {
  createdAt: ['created_at'],
  status: ['status'],
  externalOfferId: ['external_offer_id'],
  customerEmail: ['lower(customer_email)'],
  customerName: ['ref_spoke_fold(customer_name)'],
  totalPriceGross: ['total_price_gross'],
  offerNumber: ['offer_number'],
  productName: [`ref_spoke_fold(coalesce(product_brand_name, ''))`, `ref_spoke_fold(coalesce(product_model_name, ''))`],
};

/** The list as migration 0009's SQL over the offers table answered it: ids of the page, and the total. */
async function reference(t: Tenant, query: OfferListQuery, run = exec): Promise<{ ids: string[]; total: number }> {
  const where = [`dealer_id = ${q(t.dealerId)}`, `environment = ${q(t.environment)}`];
  if (query.search) {
    const pattern = `%${query.search.normalize('NFC').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`(select key from reference_keys k where k.id = offers.id) like ref_spoke_fold(${q(pattern)})`);
  }
  if (query.status?.include.length) where.push(`status in (${query.status.include.map(q).join(',')})`);
  if (query.status?.exclude.length) where.push(`status not in (${query.status.exclude.map(q).join(',')})`);
  if (query.createdFrom) where.push(`created_at >= ${q(query.createdFrom.toISOString())}`);
  if (query.createdBefore) where.push(`created_at < ${q(query.createdBefore.toISOString())}`);
  if (query.statusChangedFrom) where.push(`status_changed_at >= ${q(query.statusChangedFrom.toISOString())}`);
  if (query.statusChangedBefore) where.push(`status_changed_at < ${q(query.statusChangedBefore.toISOString())}`);
  const dir = query.order === 'asc' ? 'asc' : 'desc';
  const order = [...REFERENCE_SORT[query.sortBy]!, 'id'].map((c) => `${c} ${dir}`).join(', ');
  const rows = await run(`select id from offers where ${where.join(' and ')} order by ${order} limit ${query.limit} offset ${query.offset}`);
  const [count] = await run(`select count(*)::int as n from offers where ${where.join(' and ')}`);
  return { ids: rows.map((r) => r.id as string), total: Number(count!.n) };
}

describe('search and lists on offer_search answer what migration 0009 answered', () => {
  beforeAll(async () => {
    for (const statement of referenceFunctions()) await exec(statement);
    tenant = { dealerId: (await newDealer()).dealerId, environment: 'sandbox' };
    other = { dealerId: (await newDealer()).dealerId, environment: 'sandbox' };
    await insertOffers(tenant, 360, 0);
    await insertOffers(other, 120, 3);
    // The same dealer's other environment: never in the sandbox lists.
    await insertOffers({ dealerId: tenant.dealerId, environment: 'production' }, 60, 5);
    // Changes after the insert, so the update trigger has to follow them.
    await exec(`update offers set customer_name = 'Ünal Çelik-Müller', product_brand_name = 'Stromer' where dealer_id = ${q(tenant.dealerId)} and external_offer_id like '%3'`);
    await exec(`update offers set status = 'draft', status_changed_at = now(), updated_at = now() where dealer_id = ${q(tenant.dealerId)} and status = 'pending' and external_offer_id like '%7'`);
    await exec(`update offers set product_model_name = null, total_price_gross = 2999.99 where dealer_id = ${q(tenant.dealerId)} and external_offer_id like '%5'`);
    await exec(`delete from offers where dealer_id = ${q(tenant.dealerId)} and external_offer_id like '%9'`);
    // A name with a character outside the BMP (and one of U+E000–U+FFFF beside it): code point
    // order and JavaScript's UTF-16 order differ there, so such a term's orders are PostgreSQL's.
    await exec(`update offers set customer_name = 'Zoë 𝔘lkü ﬀ' where dealer_id = ${q(tenant.dealerId)} and external_offer_id like '%11'`);
    // Migration 0009's search keys of the offers as they are now, computed once (its functions are slow).
    await exec(`create table reference_keys as select id, ref_spoke_search_key(customer_name, offer_number, product_brand_name, product_model_name) as key from offers`);
    // Looked up by id for every row of every reference query.
    await exec(`alter table reference_keys add primary key (id)`);
  }, 120_000);

  it('folds and builds search keys exactly as before, letter for letter', async () => {
    const from = fs.readFileSync(path.join(process.cwd(), 'db/migrations/0009_search.sql'), 'utf8').match(/translate\(lower\(t\), '([^']*)'/)![1]!;
    const samples = [...FIRST, ...LAST, from, from.toLowerCase(), from.toUpperCase(), 'ASCII only', '', 'ßẞ Straße STRASSE', 'İstanbul Iğdır', 'ÆØÅ æøå Œuvre', 'x\u0308 combining', '²³ ½ €'];
    const rows = await exec(`select s, spoke_fold(s) as new, ref_spoke_fold(s) as old,
        spoke_search_key(s, 'SPK-100001', s, null) as new_key, ref_spoke_search_key(s, 'SPK-100001', s, null) as old_key
      from unnest(${arr(samples)}) s`);
    expect(rows.length).toBe(samples.length);
    for (const r of rows) {
      expect(r.new, String(r.s)).toBe(r.old);
      expect(r.new_key, String(r.s)).toBe(r.old_key);
    }
  });

  it('keeps one offer_search row per offer, equal to the offer (triggers on insert, update, delete)', async () => {
    const [row] = await exec(`
      select (select count(*) from offers)::int as offers, (select count(*) from offer_search)::int as rows,
        (select count(*) from offers o join offer_search s on s.offer_id = o.id
          where s.dealer_id = o.dealer_id and s.environment = o.environment and s.status = o.status and s.created_at = o.created_at
            and s.status_changed_at = o.status_changed_at and s.external_offer_id = o.external_offer_id
            and s.customer_email = lower(o.customer_email) and s.customer_name = ref_spoke_fold(o.customer_name)
            and s.total_price_gross = o.total_price_gross and s.offer_number = o.offer_number
            and s.product_brand = ref_spoke_fold(coalesce(o.product_brand_name, '')) and s.product_model = ref_spoke_fold(coalesce(o.product_model_name, ''))
            and s.search_key = (select key from reference_keys k where k.id = o.id))::int as equal`);
    expect(row!.rows).toBe(row!.offers);
    expect(row!.equal).toBe(row!.offers);
  });

  type List = (t: Tenant, query: OfferListQuery) => Promise<{ rows: { id: string }[]; total: number }>;
  const plainList: List = (t, query) => listOffers(getDb(), t, query);

  /** Every term in the given sort keys, both orders, a filter and two pages, against the reference. */
  async function compareAll(sortKeys: readonly OfferListQuery['sortBy'][], list: List = plainList, run = exec) {
    const filters: Partial<OfferListQuery>[] = [
      {},
      { status: { include: ['draft'], exclude: [] } },
      { status: { include: [], exclude: ['canceled', 'rejected'] } },
      { createdFrom: new Date('2025-03-01T00:00:00Z'), createdBefore: new Date('2025-09-01T00:00:00Z') },
      { status: { include: ['draft', 'done', 'pending'], exclude: ['done'] }, statusChangedFrom: new Date('2025-08-01T00:00:00Z'), createdBefore: new Date('2025-12-24T00:00:00Z') },
    ];
    let compared = 0;
    let nonEmpty = 0;
    for (const [i, search] of TERMS.entries()) {
      for (const [j, sortBy] of sortKeys.entries()) {
        for (const order of ['asc', 'desc'] as const) {
          const filter = filters[(i + j) % filters.length]!;
          const limit = [5, 10, 100][(i + j) % 3]!;
          for (const offset of [0, limit]) {
            const query: OfferListQuery = { ...filter, search, sortBy, order, limit, offset };
            const expected = await reference(tenant, query, run);
            const got = await list(tenant, query);
            const label = JSON.stringify(query);
            expect(got.rows.map((r) => r.id), label).toEqual(expected.ids);
            if (got.rows.length > 0 || offset === 0) expect(got.total, label).toBe(expected.total);
            compared++;
            if (expected.ids.length > 0) nonEmpty++;
          }
        }
      }
    }
    expect(compared).toBe(TERMS.length * sortKeys.length * 4);
    // The fixture is varied enough that most comparisons have something to compare.
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  }

  it('every term, sort key, order, filter and page: the same offers in the same order, the same total', async () => {
    await compareAll(SORT_KEYS);
  }, 300_000);

  it('a search with more matches than one statement reads (page and count apart) answers the same', async () => {
    // LIST_PLAN: 0 sends every search down that path; 20 sends some terms down it and not others.
    const readMatchesUpTo = LIST_PLAN.readMatchesUpTo;
    try {
      for (const limit of [0, 20]) {
        LIST_PLAN.readMatchesUpTo = limit;
        await compareAll(['createdAt', 'status', 'customerName', 'offerNumber']);
      }
    } finally {
      LIST_PLAN.readMatchesUpTo = readMatchesUpTo;
    }
  }, 300_000);

  for (const sortHere of [true, false]) {
    it(`a term asked again is answered from its kept matches, its orders sorted ${sortHere ? 'here' : 'by PostgreSQL'}: the same offers, order and total`, async () => {
      // One repeatable-read transaction: its snapshot stays the same while other test files commit
      // (they share the cluster), so every query's second ask is answered from the kept matches.
      const before = { ...matchStats };
      let asked = 0;
      const setting = MATCH_LIMITS.sortHere;
      MATCH_LIMITS.sortHere = sortHere;
      // A transaction that takes an id and commits: a snapshot of its own for this run, so the other
      // run's kept matches are not used.
      await getDb().execute(sql`select pg_current_xact_id()`);
      try {
        await getDb().transaction(
          async (tx) => {
            const fromMatches: List = async (t, query) => {
              const now = await currentSnapshot(tx);
              asked++;
              // The first ask of a term under a snapshot is answered as any list.
              if (!(await searchFromMatches(tx, t, query, now))) expect(await searchFromMatches(tx, t, query, now), 'asked twice').toBeDefined();
              return (await searchFromMatches(tx, t, query, now))!;
            };
            // The reference reads in the transaction too (the embedded database has one connection).
            await compareAll(SORT_KEYS, fromMatches, runOn(tx));
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
      } finally {
        MATCH_LIMITS.sortHere = setting;
      }
      expect(matchStats.served - before.served).toBeGreaterThanOrEqual(asked);
      // Each term's matches were read once; every further sort key's order in one more statement,
      // or none where they were sorted here (but for terms whose matches hold a character outside
      // the BMP, which JavaScript orders otherwise); terms that fold alike (müller, MÜLLER, muller) are one term.
      const folds = new Set(await Promise.all(TERMS.map((t) => foldedPattern(getDb(), searchPattern(t)))));
      expect(folds.size).toBeLessThan(TERMS.length);
      expect(matchStats.termReads - before.termReads).toBe(folds.size);
      const orderReads = matchStats.orderReads - before.orderReads;
      if (sortHere) {
        expect(orderReads).toBeGreaterThan(0);
        expect(orderReads).toBeLessThan(folds.size / 2);
      } else {
        expect(orderReads).toBe(folds.size);
      }
    }, 300_000);
  }

  it('kept matches end with a commit, and a term with more matches than are kept is read as any list', async () => {
    const query: OfferListQuery = { search: 'müller', sortBy: 'customerName', order: 'asc', limit: 10, offset: 0 };
    const served = async () => {
      // Other test files commit meanwhile: a few tries to see two asks under one snapshot.
      for (let i = 0; i < 20; i++) {
        const now = await currentSnapshot(getDb());
        await searchFromMatches(getDb(), tenant, query, now);
        const page = await searchFromMatches(getDb(), tenant, query, now);
        if (page) return page;
      }
      return undefined;
    };
    const first = await served();
    expect(first?.total).toBe((await reference(tenant, query)).total);
    const renamed = q(first!.rows.at(-1)!.id);
    await exec(`update offers set customer_name = 'Aaron Müller', updated_at = now() where id = ${renamed}`);
    await exec(`update reference_keys k set key = ref_spoke_search_key(o.customer_name, o.offer_number, o.product_brand_name, o.product_model_name) from offers o where o.id = k.id and k.id = ${renamed}`);
    const after = await served();
    // Read again after the commit: the renamed offer is first now.
    expect(after?.rows[0]!.id).toBe(first!.rows.at(-1)!.id);
    expect(after?.rows.map((r) => r.id)).toEqual((await reference(tenant, query)).ids);
    const max = MATCH_LIMITS.max;
    try {
      MATCH_LIMITS.max = first!.total - 1;
      // A commit ends the kept matches; read again, there are more than may be kept.
      await exec(`update offers set updated_at = now() where id = ${renamed}`);
      expect(await served()).toBeUndefined();
    } finally {
      MATCH_LIMITS.max = max;
    }
  });

  it("a term whose matches hold the matches text's separators is answered all the same: not kept, or with PostgreSQL's orders", async () => {
    // searchMatches writes a match's values apart by U+001F and matches apart by U+001E. A value with
    // U+001F: the term is kept, its orders read from PostgreSQL; with U+001E: the term is not kept.
    const t: Tenant = { dealerId: (await newDealer()).dealerId, environment: 'sandbox' };
    await insertOffers(t, 12, 7);
    await exec(`update offers set customer_name = 'Sepp' || chr(31) || 'Unit ' || external_offer_id where dealer_id = ${q(t.dealerId)} and external_offer_id < 'EXT-0200'`);
    await exec(`update offers set customer_name = 'Sepp' || chr(30) || 'Record' where dealer_id = ${q(t.dealerId)} and external_offer_id > 'EXT-0350'`);
    await exec(`insert into reference_keys select id, ref_spoke_search_key(customer_name, offer_number, product_brand_name, product_model_name) from offers
      where dealer_id = ${q(t.dealerId)} on conflict (id) do update set key = excluded.key`);
    const before = { ...matchStats };
    await getDb().transaction(
      async (tx) => {
        for (const [search, kept] of [['unit ext', true], ['sepp', false]] as const) {
          for (const sortBy of ['customerName', 'createdAt', 'externalOfferId'] as const) {
            const query: OfferListQuery = { search, sortBy, order: 'asc', limit: 5, offset: 1 };
            const now = await currentSnapshot(tx);
            await searchFromMatches(tx, t, query, now);
            const page = await searchFromMatches(tx, t, query, now);
            const expected = await reference(t, query, runOn(tx));
            if (kept) {
              expect(page?.rows.map((r) => r.id), `${search} by ${sortBy}`).toEqual(expected.ids);
              expect(page?.total).toBe(expected.total);
            } else {
              expect(page, `${search} by ${sortBy}`).toBeUndefined();
            }
            const listed = await listOffers(tx, t, query);
            expect(listed.rows.map((r) => r.id)).toEqual(expected.ids);
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // 'unit ext': one read of its further orders, from PostgreSQL.
    expect(matchStats.orderReads - before.orderReads).toBe(1);
  });

  it('the umlaut and prefix cases find what they should (not just the same as before)', async () => {
    const ids = async (search: string) => (await listOffers(getDb(), tenant, { search, sortBy: 'createdAt', order: 'desc', limit: 100, offset: 0 })).total;
    expect(await ids('muller')).toBeGreaterThan(0);
    expect(await ids('mueller')).toBeGreaterThan(0);
    expect(await ids('yilmaz')).toBe(await ids('Yılmaz'));
    expect(await ids('strasse')).toBe(await ids('Straße'));
    expect(await ids('SPK-1')).toBe((await listOffers(getDb(), tenant, { sortBy: 'createdAt', order: 'desc', limit: 1, offset: 0 })).total);
    expect(await ids('celik-mueller')).toBeGreaterThan(0);
  });
});
