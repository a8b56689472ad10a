import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { listQuerySQL, listValues, offerListQueries } from '@/db/repositories/offers-list';
import * as schema from '@/db/schema';
import { DEMO } from '@/db/seed';
import type { Tenant } from '@/lib/auth/authenticate';
import { listFilters } from '@/lib/offers/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/schemas';
import { LIST_DEFAULT, LIST_FILTERED, LIST_SEARCH } from './scenarios';

// EXPLAIN (ANALYZE, BUFFERS) of the bench's list queries (page and count) against the bench
// database, built by Spoke's own query builder:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/spoke_bench npx tsx bench/explain.ts ['?search=…']

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  const tenant: Tenant = { dealerId: DEMO.dealerA.id, environment: 'sandbox' };
  const searches = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [LIST_DEFAULT, LIST_SEARCH, LIST_FILTERED, `${LIST_FILTERED}&search=kalkhoff`];
  try {
    for (const search of searches) {
      const q = listOffersQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
      const values = listValues(tenant, { ...listFilters(q), sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage });
      const built = offerListQueries(db, q.sortBy, q.order, values);
      for (const [kind, query] of [['page', built.rows], ['count', built.count], ['capped count', built.cappedCount]] as const) {
        const { sql, params } = listQuerySQL(query, values);
        const rows = await client.unsafe(`explain (analyze, buffers) ${sql}`, params as never[]);
        console.log(`\n### /v1/offers${search} — ${kind}\n${rows.map((r) => r['QUERY PLAN'] as string).join('\n')}`);
      }
    }
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
