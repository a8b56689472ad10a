import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { GATHER_UP_TO, listOffers, listStatement, listStatements, type OfferListQuery } from '@/db/repositories/offers-list';
import type { SQL } from 'drizzle-orm';
import { offers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import type { Tenant } from '@/lib/auth/authenticate';
import { listFilters } from '@/lib/offers/use-cases/read-offers';
import { claimQuery } from '@/db/repositories/offers-processing';
import { listOffersQuerySchema, SORT_KEYS } from '@/lib/offers/contract/schemas';
import { benchDealerIdSql, loadOffers } from '../bench/load-offers';
import { testDatabaseUrl } from './helpers/postgres-admin';

// Every list-query shape the API can produce, EXPLAINed on 100,000 offers (the bench loader,
// set-based): none may read the offers table sequentially. The queries are the ones
// GET /v1/offers runs — built by db/repositories/offers-list.ts, not copied. PostgreSQL only.

const DATA_SET = { offers: 100_000, dealers: 100, dealerAOffers: 10_000 };
const dealerA: Tenant = { dealerId: DEMO.dealerA.id, environment: 'sandbox' };
let smallDealer: Tenant;
/** offer_search is partitioned: a plan names a partition's index; this maps it to the index it belongs to. */
const parentIndex = new Map<string, string>();

type PlanNode = { 'Node Type': string; 'Parent Relationship'?: string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** The plan of a statement as PostgreSQL plans it when it runs: unnamed, for these parameters. */
async function plan(query: { sql: string; params: unknown[] }): Promise<PlanNode> {
  const rows = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    await (getDb() as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client.query(`explain (format json) ${query.sql}`, query.params),
  );
  const raw = rows[0]!['QUERY PLAN'];
  return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
}

function seqScans(root: PlanNode): string[] {
  const found: string[] = [];
  walk(root, (n) => {
    if (/Seq Scan/.test(n['Node Type']) && /^(offers|offer_accessories|offer_search(_\d+)?)$/.test(n['Relation Name'] ?? '')) {
      found.push(`${n['Node Type']} on ${n['Relation Name']}`);
    }
  });
  return found;
}

const lastMonth = () => new Date(Date.now() - 30 * 86_400_000).toISOString();

/** The repository query of a GET /v1/offers query string, as the API builds it. */
function listQuery(params: Record<string, string>): OfferListQuery {
  const q = listOffersQuerySchema.parse(params);
  return { ...listFilters(q), sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage };
}

/** Every shape: each sort key × order, each filter alone, search, the combinations, deep pages. */
function shapes(): [string, OfferListQuery][] {
  const out: [string, Record<string, string>][] = [];
  for (const sortBy of SORT_KEYS) for (const order of ['asc', 'desc']) out.push([`sortBy=${sortBy}&order=${order}`, { sortBy, order }]);
  const filters: Record<string, string>[] = [
    { creationDateFrom: lastMonth() },
    { creationDateTo: lastMonth() },
    { creationDateFrom: '2026-01-01', creationDateTo: '2026-06-30' },
    { statusChangedDateFrom: lastMonth() },
    { statusChangedDateFrom: '2026-01-01', statusChangedDateTo: '2026-03-31' },
    { status: 'draft' },
    { status: 'draft,rejected,order_journey_started' },
    { status: '!canceled,!rejected' },
    { status: 'draft,done,!canceled' },
    { externalOfferId: 'ERP-0000042' },
    { externalOfferId: '!ERP-0000042' },
    { email: 'Anna.Mueller1@Example.com' },
    { email: '!anna.mueller1@example.com' },
    { offerNumber: 'SPK-100042,SPK-100043' },
    { offerNumber: '!SPK-100042' },
    { search: 'kalkhoff' },
    { search: 'SPK-1000' },
    { search: 'Müller' },
    { search: 'Babboe Curve' },
    { search: 'zz' },
    { search: 'no such offer anywhere' },
    { status: '!canceled,!rejected', creationDateFrom: '2026-01-01', creationDateTo: '2026-06-30', sortBy: 'productName', order: 'asc' },
    { search: 'kalkhoff', status: '!canceled', creationDateFrom: '2026-01-01', sortBy: 'productName', order: 'asc' },
    { search: 'cube', sortBy: 'totalPriceGross' },
    { email: 'anna.mueller1@example.com', status: 'draft', sortBy: 'customerName', order: 'asc' },
    {
      creationDateFrom: '2025-01-01', creationDateTo: '2026-12-31', statusChangedDateFrom: '2025-01-01', statusChangedDateTo: '2026-12-31',
      status: 'draft,done,!canceled', externalOfferId: '!ERP-1', email: '!x@example.com', offerNumber: '!SPK-1', search: 'trek',
    },
    { perPage: '100', page: '50' },
    { sortBy: 'offerNumber', order: 'asc', page: '500' },
  ];
  for (const f of filters) out.push([new URLSearchParams(f).toString(), f]);
  return out.map(([name, params]) => [name, listQuery(params)]);
}

describe.skipIf(!testDatabaseUrl())('EXPLAIN of every list-query shape on 100,000 offers', () => {
  beforeAll(async () => {
    const db = getDb();
    await loadOffers((text) => db.execute(sql.raw(text)), DATA_SET);
    const [row] = rowsOf<{ id: string }>(await db.execute(sql.raw(`select ${benchDealerIdSql('7')} as id`)));
    const [env] = rowsOf<{ environment: 'sandbox' | 'production' }>(
      await db.execute(sql`select environment from offers where dealer_id = ${row!.id} group by 1 order by count(*) desc limit 1`),
    );
    smallDealer = { dealerId: row!.id, environment: env!.environment };
    const parents = rowsOf<{ child: string; parent: string }>(
      await db.execute(sql`select c.relname as child, p.relname as parent from pg_inherits i
        join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where c.relkind = 'i'`),
    );
    for (const { child, parent } of parents) parentIndex.set(child, parent);
  }, 120_000);

  it('loaded the data set', async () => {
    const [row] = rowsOf<{ n: number; a: number }>(
      await getDb().execute(sql`select count(*)::int as n, count(*) filter (where dealer_id = ${DEMO.dealerA.id})::int as a from offers`),
    );
    expect(row).toEqual({ n: DATA_SET.offers, a: DATA_SET.dealerAOffers });
  });

  it('sees a sequential scan where there is one', async () => {
    const scan = await plan(getDb().select({ id: offers.id }).from(offers).where(sql`${offers.notes} like '%Probefahrt%'`).toSQL());
    expect(seqScans(scan)).not.toEqual([]);
  });

  /** A statement's SQL and parameters (Drizzle's, as it runs them). */
  const sqlOf = (query: { toSQL(): { sql: string; params: unknown[] } }) => query.toSQL();
  const dialect = () => (getDb() as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect;
  /** A list without a search term as the API runs it: count and page in one statement. */
  const oneStatement = (tenant: Tenant, q: OfferListQuery) => ({ toSQL: () => dialect().sqlToQuery(listStatement(getDb(), tenant, q)) });

  for (const [tenantName, tenant] of [['dealer A (10,000 offers)', () => dealerA], ['a small dealer (~1,000)', () => smallDealer]] as const) {
    it(`no sequential scan of offers — ${tenantName}`, async () => {
      const failures: string[] = [];
      for (const [name, q] of shapes()) {
        const { total } = await listOffers(getDb(), tenant(), q);
        const statements = listStatements(getDb(), tenant(), q, total);
        const kinds: [string, { toSQL(): { sql: string; params: unknown[] } }][] = [['page', statements.page], ['count', statements.count]];
        // A search's page by either strategy: its matches gathered, or the sort index walked.
        if (q.search) kinds.push(['other page', listStatements(getDb(), tenant(), q, total <= GATHER_UP_TO ? GATHER_UP_TO + 1 : 0).page]);
        else kinds.push(['one statement', oneStatement(tenant(), q)]);
        for (const [kind, query] of kinds) {
          // A 2-letter term cannot use trigrams; dealer A holds ~2/3 of its offer_search partition
          // here, so reading that small partition is the cheapest plan (never the offers table).
          const scans = seqScans(await plan(sqlOf(query))).filter((x) => !(name === 'search=zz' && /offer_search_\d+$/.test(x)));
          if (scans.length > 0) failures.push(`${name} (${kind}): ${scans.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }

  /** The plan nodes of a list statement of dealer A's, as GET /v1/offers runs it. */
  async function listPlan(params: Record<string, string>, kind: 'page' | 'count'): Promise<PlanNode[]> {
    const q = listQuery(params);
    const { total } = await listOffers(getDb(), dealerA, q);
    const root = await plan(sqlOf(listStatements(getDb(), dealerA, q, total)[kind]));
    const nodes: PlanNode[] = [];
    walk(root, (n) => nodes.push(n));
    return nodes;
  }
  const usesIndex = (nodes: PlanNode[], name: string) =>
    nodes.some((n) => n['Index Name'] === name || (n['Index Name'] && parentIndex.get(n['Index Name']) === name));

  it('a list without a search term is one statement whose page runs only when the count reaches it', async () => {
    const analyzed = async (q: OfferListQuery) => {
      const { sql: text, params } = oneStatement(dealerA, q).toSQL();
      const rows = rowsOf<{ 'QUERY PLAN': string }>(
        await (getDb() as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client.query(`explain (analyze, costs off, timing off) ${text}`, params),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    for (const params of <Record<string, string>[]>[{}, { status: 'draft' }]) {
      const q = listQuery({ ...params, perPage: '10' });
      const { total, rows } = await listOffers(getDb(), dealerA, q);
      expect(total).toBeGreaterThan(10);
      expect(rows).toHaveLength(10);
      // The page is read from the sort index (no seq scan) and runs: offers joined 10 times.
      expect(await analyzed(q)).toMatch(/Index Scan using offers_pkey on offers \(actual rows=1 loops=10\)/);
      // Past the end only the count runs: the page is never executed.
      const past = listQuery({ ...params, perPage: '10', page: String(Math.ceil(total / 10) + 1) });
      expect(await listOffers(getDb(), dealerA, past)).toMatchObject({ rows: [], total });
      expect(await analyzed(past)).toMatch(/Index Scan using offers_pkey on offers \(never executed\)/);
    }
  });

  it('search, a frequent term: the page walks the sort index and stops after one page', async () => {
    for (const [search, sortBy, index] of [
      ['spk-', 'createdAt', 'offer_search_created_idx'],
      ['spk-', 'externalOfferId', 'offer_search_external_id_idx'],
    ] as const) {
      const nodes = await listPlan({ search, sortBy, order: 'desc', perPage: '20' }, 'page');
      expect(usesIndex(nodes, index), `${search} by ${sortBy}`).toBe(true);
      expect(nodes.map((n) => n['Node Type']), `${search} by ${sortBy}`).not.toContain('Sort');
    }
  });

  it('search, a rare term: the page and the count read the trigram index', async () => {
    for (const params of <Record<string, string>[]>[
      { search: 'no such offer anywhere', sortBy: 'createdAt' },
      { search: 'SPK-1000', sortBy: 'createdAt', order: 'desc' },
      { search: 'SPK-12', sortBy: 'externalOfferId', order: 'asc' },
      { search: 'kalkhoff', sortBy: 'productName', order: 'asc' },
      { search: 'müller', sortBy: 'customerName', order: 'asc' },
    ]) {
      // Or, for a tenant that is most of its (small) partition, that partition read once: never a
      // walk of a sort index through the whole tenant.
      const nodes = await listPlan(params, 'page');
      const partitionRead = nodes.some((n) => /Seq Scan/.test(n['Node Type']) && /^offer_search_\d+$/.test(n['Relation Name'] ?? ''));
      expect(usesIndex(nodes, 'offer_search_trgm_idx') || partitionRead, `${JSON.stringify(params)}: ${nodes.map((n) => n['Index Name'] ?? n['Node Type']).join(', ')}`).toBe(true);
    }
    for (const search of ['kalkhoff', 'SPK-1000']) {
      expect(usesIndex(await listPlan({ search }, 'count'), 'offer_search_trgm_idx'), search).toBe(true);
    }
  });

  it('search, two characters: the count and a rare term\'s page read the bigram index, not the tenant row by row', async () => {
    for (const search of ['er', 'Mu', 'zz']) {
      const nodes = await listPlan({ search }, 'count');
      expect(usesIndex(nodes, 'offer_search_bigram_idx'), `${search}: ${nodes.map((n) => n['Index Name'] ?? n['Node Type']).join(', ')}`).toBe(true);
    }
    const nodes = await listPlan({ search: 'zz', sortBy: 'totalPriceGross' }, 'page');
    expect(usesIndex(nodes, 'offer_search_bigram_idx'), nodes.map((n) => n['Index Name'] ?? n['Node Type']).join(', ')).toBe(true);
  });

  it("reads the processor's batch off offers_due_idx: no sort of every due offer", async () => {
    const db = getDb();
    await db.execute(sql`
      insert into offers (dealer_id, environment, external_offer_id, customer_name, customer_email, product_bidex_code,
        product_price_gross, total_price_gross, status, process_after)
      select ${DEMO.dealerA.id}, 'sandbox', 'DUE-' || g, 'Kunde ' || g, 'due' || g || '@example.com', '102020', 2999, 2999, 'pending', now() - interval '1 minute'
      from generate_series(1, 5000) g`);
    await db.execute(sql`analyze offers`);
    const root = await plan(claimQuery(db, 500).toSQL());
    // The claim's own nodes: the per-offer look-ups (subplans) sort their few rows, not the batch.
    const own = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).filter((c) => c['Parent Relationship'] !== 'SubPlan').flatMap(own)];
    const nodes = own(root);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.some((n) => n['Index Name'] === 'offers_due_idx')).toBe(true);
  });

  it('a search that matches every offer: the same page as the list without it, and the exact total', async () => {
    const db = getDb();
    // Every offer's search key holds its number, so `spk-` matches all of dealer A's sandbox offers.
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox'`));
    expect(row!.n).toBeGreaterThan(GATHER_UP_TO);
    for (const offset of [0, 20, 4_000]) {
      const query = { sortBy: 'createdAt', order: 'desc', limit: 20, offset } as const;
      const searched = await listOffers(db, dealerA, { ...query, search: 'spk-' });
      const all = await listOffers(db, dealerA, query);
      expect(searched.rows.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
      expect(searched.rows).toHaveLength(20);
      expect(searched.total).toBe(row!.n);
      expect(all.total).toBe(row!.n);
    }
  });
});
