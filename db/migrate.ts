import 'server-only';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
// The drivers' migrators are typed per driver; the database handle is the same object.
import type { Database } from './client';

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

/** The advisory lock every migrating process takes first (PostgreSQL), so migrations run one at a time. */
export const MIGRATION_LOCK = 'spoke:migrations';

/**
 * Applies the committed SQL migrations; the same files serve both drivers. On PostgreSQL, several
 * processes may start this at once (every node of a deployment running `npm run db:migrate`): each
 * waits for a session-level advisory lock held on a connection of its own, so one applies the
 * migrations and the others then find them applied (scripts/multi-node.mjs).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const db = database.db as unknown as NodePgDatabase;
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const lockConnection = await pool.connect();
  try {
    await lockConnection.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lockConnection.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => {});
    lockConnection.release();
  }
}
