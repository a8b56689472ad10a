import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { rejectedErrorCodesSql, rejectedQueueQueries, rejectionsPerWeekSql, type RejectedQuery } from '@/db/repositories/operator';
import { DEMO } from '@/db/seed';
import { filtersOf, readQueueQuery } from '@/lib/console/use-cases/queue';
import { loadOffers } from '../bench/load-offers';
import { testDatabaseUrl } from './helpers/postgres-admin';

// The operator console reads across dealers: its queue, counts and chart must not read the whole
// offers table. EXPLAINed on 100,000 offers of 100 dealers (the bench loader, ~15 % rejected), with
// the queries the console runs (built by db/repositories/operator.ts, not copied). PostgreSQL only.

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

async function plan(query: SQLWrapper): Promise<PlanNode> {
  const rows = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(await getDb().execute(sql`explain (format json) ${query}`));
  const raw = rows[0]!['QUERY PLAN'];
  return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
}

function offersScans(root: PlanNode): { seq: string[]; indexes: string[] } {
  const seq: string[] = [];
  const indexes: string[] = [];
  walk(root, (n) => {
    if (n['Relation Name'] !== 'offers') return;
    if (/Seq Scan/.test(n['Node Type'])) seq.push(n['Node Type']);
    if (n['Index Name']) indexes.push(n['Index Name']);
  });
  return { seq, indexes };
}

const queue = (params: Record<string, string>): RejectedQuery => {
  const { query } = readQueueQuery(params);
  return { ...filtersOf(query), limit: 25, offset: (query.page - 1) * 25 };
};

describe.skipIf(!testDatabaseUrl())('EXPLAIN of the console’s cross-dealer queries on 100,000 offers', () => {
  beforeAll(async () => {
    const db = getDb();
    await loadOffers((text) => db.execute(sql.raw(text)), { offers: 100_000, dealers: 100, dealerAOffers: 10_000 });
  }, 120_000);

  it('reads rejected offers through the partial index, whatever the filters', async () => {
    const shapes: Record<string, string>[] = [
      {},
      { page: '40' },
      { code: 'PRICE_ABOVE_LIST_PRICE' },
      { dealer: DEMO.dealerA.id },
      { dealer: DEMO.dealerA.id, environment: 'sandbox', code: 'ACCESSORY_NOT_LEASABLE' },
      { environment: 'production' },
      { from: '2026-01-01', to: '2026-03-31' },
      { code: 'MISSING_PRODUCT_DATA', from: '2026-01-01' },
    ];
    const failures: string[] = [];
    for (const params of shapes) {
      const queries = rejectedQueueQueries(getDb(), queue(params));
      for (const [kind, query] of [['page', queries.rows], ['count', queries.count]] as const) {
        const scans = offersScans(await plan(query));
        if (scans.seq.length > 0) failures.push(`${JSON.stringify(params)} (${kind}): ${scans.seq.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    const unfiltered = offersScans(await plan(rejectedQueueQueries(getDb(), queue({})).rows));
    expect(unfiltered.indexes).toContain('offers_rejected_idx');
  });

  it('counts the chart and the codes without a sequential scan', async () => {
    for (const query of [
      rejectionsPerWeekSql({}),
      rejectionsPerWeekSql({ dealerId: DEMO.dealerA.id, environment: 'sandbox' }),
      rejectionsPerWeekSql({ environment: 'production' }),
      rejectedErrorCodesSql(),
    ]) {
      expect(offersScans(await plan(query)).seq).toEqual([]);
    }
  });
});
