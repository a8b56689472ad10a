// npm run db:seed — loads the demo data (idempotent: what exists stays as it is).
import { database } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import { seedDemo } from '@/db/seed';
import { hashClientSecret } from '@/lib/auth/client-secret';
import { hashSecret } from '@/lib/auth/secret-hash';
import { env } from '@/lib/env';

async function main() {
  const db = database();
  if (env.embeddedDatabase) await migrateDatabase(db);
  await seedDemo(db.db, hashSecret, hashClientSecret);
  console.log('Demo data loaded: dealers "Radhaus Demo" and "Velo Konkurrenz", API clients, portal users, catalogue, employer Acme GmbH.');
  await db.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
