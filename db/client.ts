import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';
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
  /** PostgreSQL only: the pool's connections (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * Calls `onNotify` with the payload for every NOTIFY on `channel` (and once, with no payload,
   * whenever listening starts or resumes) until the answered stop function is called.
   * On PostgreSQL one dedicated connection outside the pool listens; after an error it reconnects
   * with backoff (up to 30 s) and listens again, silently: callers keep their own fallback.
   */
  listen: (channel: string, onNotify: (payload?: string) => void) => () => Promise<void>;
};

/** Where the database's own notices go (a lost and regained connection); the caller's logger. */
export type DatabaseLog = {
  warn: (fields: Record<string, unknown>, message: string) => void;
  info: (fields: Record<string, unknown>, message: string) => void;
};

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  /** Embedded only: the database starts as this image of a data folder (PGlite's dumpDataDir). */
  image?: Blob;
  poolSize?: number;
  log?: DatabaseLog;
};

const SILENT: DatabaseLog = { warn: () => {}, info: () => {} };

/** How column keys become the database's names (both drivers). */
export const DB_CASING = 'snake_case';
const casing = new CasingCache(DB_CASING);

/** A column's name in the database (its key as DB_CASING names it), for SQL that names columns itself. */
export function columnName(column: AnyPgColumn): string {
  return casing.getColumnCasing(column);
}

/** An embedded database's data folder as an image (openDatabase's `image` starts another from it). */
export async function imageOf(database: Database): Promise<Blob> {
  if (database.driver !== 'pglite') throw new Error('only the embedded database has an image');
  return (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

/** Drivers differ in what `execute` answers (an array or `{rows}`): callers get the rows either way. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export function openDatabase(options: DatabaseOptions = {}): Database {
  const log = options.log ?? SILENT;
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
    pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection closed'));
    const db = drizzlePostgres({ client: pool, schema, casing: DB_CASING });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 });
    return { db, driver: 'postgres', close: () => pool.end(), poolStats, listen: (channel, onNotify) => listenPostgres(options.url!, channel, onNotify, log) };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const release = dataDir.startsWith('memory://') ? () => {} : lockDataDir(dataDir);
  const client = new PGlite(dataDir, { extensions: { pg_trgm, btree_gin }, ...(options.image ? { loadDataDir: options.image } : {}) });
  const db = drizzlePglite({ client, schema, casing: DB_CASING });
  return {
    db,
    driver: 'pglite',
    listen: (channel, onNotify) => {
      const unlisten = client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (client.closed) return;
        await (await unlisten)();
      };
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** A LISTEN connection of its own (see Database.listen); pg identifiers: channel is ours, never input. */
function listenPostgres(url: string, channel: string, onNotify: (payload?: string) => void, log: DatabaseLog): () => Promise<void> {
  let stopped = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const connect = async () => {
    if (stopped) return;
    const c = new Client({ connectionString: url, connectionTimeoutMillis: 3000, keepAlive: true });
    client = c;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (stopped) return;
      failures++;
      const delay = Math.min(30_000, 250 * 2 ** Math.min(failures - 1, 7));
      log.warn({ err: err.message, channel, retryMs: delay }, 'database listener lost; polling until it is back');
      retry = setTimeout(connect, delay);
    };
    c.on('error', fail);
    c.on('end', () => fail(new Error('connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (failures > 0) log.info({ channel }, 'database listener back');
      failures = 0;
      // What was written while nobody listened is found by this wake (and by the poll).
      onNotify();
    } catch (err) {
      fail(err as Error);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      c.removeAllListeners('notification');
      await c.end().catch(() => {});
    }
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
