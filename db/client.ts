import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository function can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions = { url?: string; dataDir?: string; poolSize?: number };

/** Drivers differ in what `execute` answers (an array or `{rows}`): callers get the rows either way. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export function openDatabase(options: DatabaseOptions = {}): Database {
  if (options.url) {
    // node-postgres rather than postgres.js: with postgres.js 3.4.9, queries queued while the
    // server went away hung until it came back (test/fault-database-outage.test.ts); pg's pool
    // fails them within connectionTimeoutMillis and reconnects by itself.
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 60_000,
    });
    // An idle connection that dies (server restart) must not crash the process.
    pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database connection closed'));
    const db = drizzlePostgres({ client: pool, schema, casing: 'snake_case' });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const release = dataDir.startsWith('memory://') ? () => {} : lockDataDir(dataDir);
  const client = new PGlite(dataDir, { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

// PGlite is single-process: a second process opening the same folder corrupts it. A lock file
// naming the owner turns that mistake into a clear error.
function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  try {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. Stop it, or set PGLITE_DATA_DIR to another folder.`,
      );
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Next.js bundles instrumentation and each route separately, so a module-level variable would
// exist once per bundle; the process-wide database lives on globalThis instead.
const KEY = Symbol.for('spoke.database');
type Holder = { [KEY]?: Database };

/** The application's database, opened on first use from the validated environment. */
export function database(): Database {
  const holder = globalThis as Holder;
  holder[KEY] ??= openDatabase({ url: env.databaseUrl, dataDir: env.pgliteDataDir, poolSize: env.databasePoolSize });
  return holder[KEY];
}

/** Uses `db` as the application's database (tests open their own). */
export function useDatabase(db: Database | undefined): void {
  (globalThis as Holder)[KEY] = db;
}

export function getDb(): Db {
  return database().db;
}
