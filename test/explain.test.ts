import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, rowsOf } from '@/db/client';
import { listQuerySQL, listValues, offerListQueries, type OfferListQuery } from '@/db/repositories/offers';
import { offers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import type { Tenant } from '@/lib/auth/authenticate';
import { listFilters } from '@/lib/offers/read-offers';
import { claimQuery } from '@/lib/offers/process-offers';
import { listOffersQuerySchema, SORT_KEYS } from '@/lib/offers/schemas';
import { benchDealerIdSql, loadOffers } from '../bench/load-offers';
import { testDatabaseUrl } from './helpers/postgres-admin';

// Every list-query shape the API can produce, EXPLAINed on 100,000 offers (the bench loader,
// set-based): none may read the offers table sequentially. The queries are the ones
// GET /v1/offers runs — built by db/repositories/offers.ts, not copied. PostgreSQL only.

const DATA_SET = { offers: 100_000, dealers: 100, dealerAOffers: 10_000 };
const dealerA: Tenant = { dealerId: DEMO.dealerA.id, environment: 'sandbox' };
let smallDealer: Tenant;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

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
    if (/Seq Scan/.test(n['Node Type']) && (n['Relation Name'] === 'offers' || n['Relation Name'] === 'offer_accessories')) {
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

  for (const [tenantName, tenant] of [['dealer A (10,000 offers)', () => dealerA], ['a small dealer (~1,000)', () => smallDealer]] as const) {
    it(`no sequential scan of offers — ${tenantName}`, async () => {
      const failures: string[] = [];
      for (const [name, q] of shapes()) {
        const values = listValues(tenant(), q);
        const queries = offerListQueries(getDb(), q.sortBy, q.order, values);
        for (const [kind, query] of [['page', queries.rows], ['count', queries.count], ['capped count', queries.cappedCount]] as const) {
          const scans = seqScans(await plan(listQuerySQL(query, values)));
          if (scans.length > 0) failures.push(`${name} (${kind}): ${scans.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }

  it("reads the processor's batch off offers_due_idx: no sort of every due offer", async () => {
    const db = getDb();
    await db.execute(sql`
      insert into offers (dealer_id, environment, external_offer_id, customer_name, customer_email, product_bidex_code,
        product_price_gross, total_price_gross, status, process_after)
      select ${DEMO.dealerA.id}, 'sandbox', 'DUE-' || g, 'Kunde ' || g, 'due' || g || '@example.com', '102020', 2999, 2999, 'pending', now() - interval '1 minute'
      from generate_series(1, 5000) g`);
    await db.execute(sql`analyze offers`);
    const root = await plan(claimQuery(db, 500).toSQL());
    const nodes: PlanNode[] = [];
    walk(root, (n) => nodes.push(n));
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.some((n) => n['Index Name'] === 'offers_due_idx')).toBe(true);
  });
});
