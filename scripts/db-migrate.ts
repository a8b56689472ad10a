// npm run db:migrate — applies the committed migrations to DATABASE_URL, or to the embedded
// database in PGLITE_DATA_DIR (default .data/app; stop the server first).
import { database } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import { env } from '@/lib/env';

async function main() {
  const db = database();
  await migrateDatabase(db);
  console.log(`Migrations applied (${env.embeddedDatabase ? `embedded database in ${env.pgliteDataDir}` : 'PostgreSQL'}).`);
  await db.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
