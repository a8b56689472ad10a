import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { createClient } from '@/lib/auth/manage-clients';
import { database } from '@/lib/database';
import { benchDealerIdSql } from './load-offers';

// The partner population of the polling scenario: one production API client for each of the
// first <n> generated dealers of the bench data set (their ERPs), made anew each run (the old ones
// are disabled first, so clients do not pile up). Prints [{clientId, secret}] as one JSON line
// after "PARTNERS_JSON ". Needs the server's NEXTAUTH_SECRET / CLIENT_SECRET_KEY (the secrets'
// keyed hash).
//   DATABASE_URL=…/spoke_bench NEXTAUTH_SECRET=… npx tsx bench/partners.ts 50

async function main() {
  const n = Number(process.argv[2] ?? 50);
  const db = database();
  try {
    await db.db.execute(sql`update api_clients set disabled_at = now() where name like 'bench partner %' and disabled_at is null`);
    const dealers = rowsOf<{ id: string }>(
      await db.db.execute(sql.raw(`select ${benchDealerIdSql('n')}::text as id from generate_series(3, ${n + 2}) n`)),
    );
    const out = [];
    for (const [i, d] of dealers.entries()) {
      const c = await createClient(db.db, { dealer: d.id, environment: 'production', name: `bench partner ${i + 1}` });
      out.push({ clientId: c.clientId, secret: c.secret });
    }
    console.log(`PARTNERS_JSON ${JSON.stringify(out)}`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
