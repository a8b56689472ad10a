import { drizzle } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import { listQuerySQL, listValues, offerListQueries } from '@/db/repositories/offers-list';
import * as schema from '@/db/schema';
import { DEMO } from '@/db/seed';
import type { Tenant } from '@/lib/auth/authenticate';
import { listFilters } from '@/lib/offers/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/schemas';
import { randomSearchMix, SEARCH_MIX } from './scenarios';

// EXPLAIN (ANALYZE, BUFFERS) of every query of the search mix (SEARCH_MIX), page and count
// separately, as GET /v1/offers builds them, for dealer A's sandbox on the bench database:
// execution time and shared buffers per statement, then the distribution. Execution times are
// PostgreSQL's own (no network, no framework), so they are far less sensitive to the machine's load
// than HTTP latencies; buffers (hit + read) do not depend on it at all.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/spoke_bench npx tsx bench/explain-mix.ts [rounds = 2] [--plans]
//
// The first round warms the caches; the figures are those of the last round. MIX_QUERIES=random:<count>
// explains that many queries of randomSearchMix instead (bench/search-mix.ts).

type Plan = { 'Execution Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } };

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2);
  const showPlans = process.argv.includes('--plans');
  const client = new Client({ connectionString: url });
  await client.connect();
  const db = drizzle({ client, schema, casing: 'snake_case' });
  const tenant: Tenant = { dealerId: DEMO.dealerA.id, environment: 'sandbox' };
  const explain = async (query: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, string | number>, text: boolean) => {
    const { sql, params } = listQuerySQL(query, values);
    if (text) {
      const r = await client.query(`explain (analyze, buffers) ${sql}`, params);
      return r.rows.map((x) => x['QUERY PLAN'] as string).join('\n');
    }
    const r = await client.query(`explain (analyze, buffers, format json) ${sql}`, params);
    const raw = r.rows[0]['QUERY PLAN'];
    return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0] as Plan;
  };
  type Row = { query: string; page: number; pageBuffers: number; count: number; countBuffers: number; total: number };
  let rows: Row[] = [];
  const random = /^random:(\d+)(?::(\d+))?$/.exec(process.env.MIX_QUERIES ?? '');
  const mix = random ? randomSearchMix(Number(random[1]), Number(random[2] ?? 1)) : SEARCH_MIX;
  try {
    for (let round = 0; round < rounds; round++) {
      rows = [];
      for (const query of mix) {
        const q = listOffersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
        const values = listValues(tenant, { ...listFilters(q), sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage });
        const built = offerListQueries(db as never, q.sortBy, q.order, values);
        const page = (await explain(built.rows, values, false)) as Plan;
        const capped = (await explain(built.cappedCount, values, false)) as Plan;
        const { sql, params } = listQuerySQL(built.cappedCount, values);
        const total = Number((await client.query(sql, params)).rows[0].count);
        // Above the cap the exact count runs (and is then kept for 30 s): both statements count.
        const full = total > 10_000 ? ((await explain(built.count, values, false)) as Plan) : undefined;
        const buffers = (p: Plan) => p.Plan['Shared Hit Blocks'] + p.Plan['Shared Read Blocks'];
        rows.push({
          query,
          page: page['Execution Time'],
          pageBuffers: buffers(page),
          count: capped['Execution Time'] + (full?.['Execution Time'] ?? 0),
          countBuffers: buffers(capped) + (full ? buffers(full) : 0),
          total,
        });
        if (showPlans && round === rounds - 1) {
          console.log(`\n### ${query} (${total} matches) — page\n${await explain(built.rows, values, true)}`);
          console.log(`\n### ${query} — capped count\n${await explain(built.cappedCount, values, true)}`);
        }
      }
    }
  } finally {
    await client.end();
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  const f = (n: number) => n.toFixed(2);
  console.log('\n| query | matches | page ms | page buffers | count ms | count buffers |\n|---|--:|--:|--:|--:|--:|');
  for (const r of rows) console.log(`| \`${r.query}\` | ${r.total} | ${f(r.page)} | ${r.pageBuffers} | ${f(r.count)} | ${r.countBuffers} |`);
  const page = rows.map((r) => r.page);
  const count = rows.map((r) => r.count);
  const both = rows.map((r) => r.page + r.count);
  console.log('\n| | p50 ms | p95 ms | max ms | mean ms |\n|---|--:|--:|--:|--:|');
  for (const [name, xs] of [['page', page], ['count', count], ['page + count', both]] as const) {
    console.log(`| ${name} | ${f(pct(xs, 50))} | ${f(pct(xs, 95))} | ${f(Math.max(...xs))} | ${f(xs.reduce((a, b) => a + b, 0) / xs.length)} |`);
  }
  const slow = [...rows].sort((a, b) => b.page + b.count - (a.page + a.count)).slice(0, 8);
  console.log('\nslowest (page + count):');
  for (const r of slow) console.log(`  ${f(r.page + r.count)} ms  page ${f(r.page)} (${r.pageBuffers} buf)  count ${f(r.count)} (${r.countBuffers} buf)  ${r.total} matches  ${r.query}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
