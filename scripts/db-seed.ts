// npm run db:seed — loads the demo data (idempotent: what exists stays as it is).
// The demo clients' secrets are stored as scrypt, which needs no server key: the server that later
// serves them may run with another CLIENT_SECRET_KEY / NEXTAUTH_SECRET than this command did (set
// only on `npm start`, say). Their first token request moves each to the server's keyed hash
// (lib/auth/client-secret.ts; docs/decisions.md, "Client secrets").
import { database } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import { env } from '@/lib/env';
import { seedDemoData } from '@/lib/demo/seed';

async function main() {
  const db = database();
  if (env.embeddedDatabase) await migrateDatabase(db);
  const { offers } = await seedDemoData(db.db, { keyedClientSecrets: false });
  console.log(
    `Demo data loaded: dealers "Radhaus Demo" and "Velo Konkurrenz", API clients, portal users, catalogue, employers Acme GmbH, Stadtwerke Nordhafen AG and Bäckerei Sonnenschein KG; ${offers} offers of months of work added to "Radhaus Demo".`,
  );
  await db.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
