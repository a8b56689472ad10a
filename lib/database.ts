import 'server-only';
import { openDatabase, type Database, type Db } from '@/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';

// The application's database: opened on first use from the validated environment, its notices in
// the application's log. db/client.ts knows neither; it is given both here.

// Next.js bundles instrumentation and each route separately, so a module-level variable would
// exist once per bundle; the process-wide database lives on globalThis instead.
const KEY = Symbol.for('spoke.database');
type Holder = { [KEY]?: Database | (() => Database) };

/** The application's database, opened on first use from the validated environment. */
export function database(): Database {
  const holder = globalThis as Holder;
  const held = holder[KEY] ?? (() => openDatabase({ url: env.databaseUrl, dataDir: env.pgliteDataDir, poolSize: env.databasePoolSize, log: logger }));
  if (typeof held !== 'function') return held;
  const opened = held();
  holder[KEY] = opened;
  return opened;
}

/** Uses `db` as the application's database, or what `db` opens on first use (tests open their own). */
export function useDatabase(db: Database | (() => Database) | undefined): void {
  (globalThis as Holder)[KEY] = db;
}

export function getDb(): Db {
  return database().db;
}
