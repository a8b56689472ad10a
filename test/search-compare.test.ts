import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { GATHER_UP_TO, listOffers, listStatements, type OfferListQuery } from '@/db/repositories/offers-list';
import type { Tenant } from '@/lib/auth/authenticate';
import { SORT_KEYS } from '@/lib/offers/contract/schemas';
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
  // Two characters: ASCII ones by their bigram (migration 0032), others by LIKE.
  'Er', 'mu', ' m', '_a', '%x', 'üb',
];

let tenant: Tenant;
let other: Tenant;
/** Some of the tenant's offer numbers (the database numbers offers): for the offer-number filters. */
let offerNumbers: string[] = [];

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
  statusChangedAt: ['status_changed_at'],
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
  const values = (column: string, f: OfferListQuery['status'], map = (x: string) => x) => {
    if (f?.include.length) where.push(`${column} in (${f.include.map((x) => q(map(x))).join(',')})`);
    if (f?.exclude.length) where.push(`${column} not in (${f.exclude.map((x) => q(map(x))).join(',')})`);
  };
  values('external_offer_id', query.externalOfferId);
  values('lower(customer_email)', query.email, (e) => e.toLowerCase());
  values('offer_number', query.offerNumber);
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
    offerNumbers = (await exec(`select offer_number from offers where dealer_id = ${q(tenant.dealerId)} order by md5(id::text) limit 60`)).map((r) => r.offer_number as string);
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
  /** The page statement of the other strategy than listOffers chose: a search's matches gathered and sorted, or the sort index walked. */
  const otherStrategy: List = async (t, query) => {
    const { total } = await listOffers(getDb(), t, query);
    const forced = total <= GATHER_UP_TO ? GATHER_UP_TO + 1 : 0;
    const rows = rowsOf<{ id: string }>(await getDb().execute(listStatements(getDb(), t, query, forced).page.getSQL()));
    return { rows, total };
  };

  /** Every term in the given sort keys, both orders, a filter and two pages, against the reference. */
  async function compareAll(sortKeys: readonly OfferListQuery['sortBy'][], list: List = plainList, run = exec, terms: readonly (string | undefined)[] = TERMS) {
    const filters: Partial<OfferListQuery>[] = [
      {},
      { status: { include: ['draft'], exclude: [] } },
      { status: { include: [], exclude: ['canceled', 'rejected'] } },
      { createdFrom: new Date('2025-03-01T00:00:00Z'), createdBefore: new Date('2025-09-01T00:00:00Z') },
      { status: { include: ['draft', 'done', 'pending'], exclude: ['done'] }, statusChangedFrom: new Date('2025-08-01T00:00:00Z'), createdBefore: new Date('2025-12-24T00:00:00Z') },
      { statusChangedBefore: new Date('2025-12-01T00:00:00Z'), externalOfferId: { include: [], exclude: ['EXT-0037', 'EXT-0074'] } },
      { email: { include: ['KUNDE3@example.com', 'kunde5@example.com', 'kunde8@EXAMPLE.com'], exclude: ['kunde5@example.com'] } },
      { externalOfferId: { include: ['EXT-0111', 'EXT-0222', 'EXT-0333', 'EXT-0444', 'EXT-0555'], exclude: [] }, status: { include: [], exclude: ['rejected'] } },
      { offerNumber: { include: offerNumbers.slice(0, 40), exclude: offerNumbers.slice(0, 3) } },
      { offerNumber: { include: [], exclude: offerNumbers.slice(0, 60) }, createdFrom: new Date('2025-02-01T00:00:00Z') },
    ];
    let compared = 0;
    let nonEmpty = 0;
    for (const [i, search] of terms.entries()) {
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
    expect(compared).toBe(terms.length * sortKeys.length * 4);
    // The fixture is varied enough that most comparisons have something to compare.
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  }

  it('every term, sort key, order, filter and page: the same offers in the same order, the same total', async () => {
    await compareAll(SORT_KEYS);
  }, 300_000);

  it("a search's page by the other strategy — its matches gathered and sorted, or the sort index walked — is the same page", async () => {
    await compareAll(SORT_KEYS, otherStrategy);
  }, 300_000);

  it('lists without a search: every sort key, order, filter and page against the reference', async () => {
    await compareAll(SORT_KEYS, plainList, exec, [undefined, undefined, undefined, undefined, undefined]);
  }, 300_000);

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
