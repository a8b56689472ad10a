import { drizzle } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import { listOffers, listStatement, listStatements } from '@/db/repositories/offers-list';
import type { SQL } from 'drizzle-orm';
import * as schema from '@/db/schema';
import { DEMO } from '@/db/seed';
import type { Tenant } from '@/lib/auth/authenticate';
import { listFilters } from '@/lib/offers/use-cases/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/contract/schemas';
import { randomSearchMix } from './scenarios';

// EXPLAIN (ANALYZE, BUFFERS) of the statements GET /v1/offers runs — the count and the page, built
// by Spoke's own repository (db/repositories/offers-list.ts) — for dealer A's sandbox on the bench
// database. PostgreSQL's own execution times: no network, no framework.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/spoke_bench npx tsx bench/explain.ts '?search=er' '?search=kalkhoff&sortBy=productName'
//     prints each statement's plan;
//   DATABASE_URL=… npx tsx bench/explain.ts --mix 400 [seed] [--filters]
//     runs that many queries of the never-repeated mix (bench/scenarios.ts) and prints the
//     distribution of count, page and both, and the slowest queries (EXPLAIN_PLANNING=1: planning
//     time alone).

type Plan = { 'Execution Time': number; 'Planning Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } };

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const client = new Client({ connectionString: url });
  await client.connect();
  const db = drizzle({ client, schema, casing: 'snake_case' });
  const tenant: Tenant = { dealerId: DEMO.dealerA.id, environment: 'sandbox' };
  const dialect = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect;
  const explain = async (query: { toSQL(): { sql: string; params: unknown[] } } | SQL, format: 'json' | 'text') => {
    const { sql, params } = 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery(query);
    const r = await client.query(`explain (analyze, buffers, format ${format}) ${sql}`, params);
    if (format === 'text') return r.rows.map((x) => x['QUERY PLAN'] as string).join('\n');
    const raw = r.rows[0]['QUERY PLAN'];
    return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0] as Plan;
  };
  /** The repository's query and the exact total (as the API computes it) of a query string. */
  const listOf = async (queryString: string) => {
    const q = listOffersQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
    const query = { ...listFilters(q), sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage };
    const { total } = await listOffers(db as never, tenant, query);
    return { query, total, statements: { ...listStatements(db as never, tenant, query, total), one: listStatement(db as never, tenant, query) } };
  };
  try {
    const mixAt = process.argv.indexOf('--mix');
    if (mixAt < 0) {
      for (const arg of process.argv.slice(2)) {
        const { total, statements } = await listOf(arg.replace(/^\?/, ''));
        const kinds = [['count', statements.count], ['page', statements.page], ['count and page in one statement (what the API runs without a search term)', statements.one]] as const;
        for (const [kind, statement] of kinds) {
          console.log(`\n### /v1/offers?${arg.replace(/^\?/, '')} — ${kind} (${total} matches)\n${await explain(statement, 'text')}`);
        }
      }
      return;
    }
    // --filters: the filters-only mix (no search term), which the API runs as one statement.
    const mix = randomSearchMix(Number(process.argv[mixAt + 1] ?? 400), Number(process.argv[mixAt + 2] ?? 1), { search: !process.argv.includes('--filters') });
    type Row = { query: string; total: number; count: number; page: number; one: number };
    const rows: Row[] = [];
    for (const query of mix) {
      const { total, statements } = await listOf(query);
      const count = (await explain(statements.count, 'json')) as Plan;
      const page = (await explain(statements.page, 'json')) as Plan;
      const ms = (p: Plan) => (process.env.EXPLAIN_PLANNING ? 0 : p['Execution Time']) + p['Planning Time'];
      // A search runs count and page (db/repositories/offers-list.ts); any other list one statement.
      const one = query.includes('search=') ? ms(count) + ms(page) : ms((await explain(statements.one, 'json')) as Plan);
      rows.push({ query, total, count: ms(count), page: ms(page), one });
    }
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
    const f = (n: number) => n.toFixed(2);
    console.log(`\n${rows.length} queries of the never-repeated mix (planning + execution, ms):\n\n| | p50 | p95 | max | mean |\n|---|--:|--:|--:|--:|`);
    for (const [name, xs] of [['count', rows.map((r) => r.count)], ['page', rows.map((r) => r.page)], ['both', rows.map((r) => r.count + r.page)], ['as the API runs them', rows.map((r) => r.one)]] as const) {
      console.log(`| ${name} | ${f(pct(xs, 50))} | ${f(pct(xs, 95))} | ${f(Math.max(...xs))} | ${f(xs.reduce((a, b) => a + b, 0) / xs.length)} |`);
    }
    console.log('\nslowest (count + page):');
    for (const r of [...rows].sort((a, b) => b.count + b.page - (a.count + a.page)).slice(0, 12)) {
      console.log(`  ${f(r.count + r.page).padStart(7)} ms  count ${f(r.count)}  page ${f(r.page)}  ${String(r.total).padStart(6)} matches  ${r.query}`);
    }
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
