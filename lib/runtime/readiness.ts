import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getDb } from '@/lib/database';
import { lastMigrationAppliedAt, ping } from '@/db/repositories/health';

/** True when the database answers within `timeoutMs`. */
export async function databaseReady(timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([ping(getDb()).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let journal: { count: number; last: number } | undefined;

/** The committed migrations (db/migrations/meta/_journal.json): how many, and the newest's timestamp. */
export function committedMigrations(): { count: number; last: number } {
  if (!journal) {
    const file = path.join(process.cwd(), 'db', 'migrations', 'meta', '_journal.json');
    const entries = (JSON.parse(readFileSync(file, 'utf8')) as { entries: Array<{ when: number }> }).entries;
    journal = { count: entries.length, last: Math.max(0, ...entries.map((e) => e.when)) };
  }
  return journal;
}

/**
 * True when every committed migration is applied: the migrator records each one with the
 * journal's timestamp (`created_at`), so the newest record must be at least the newest entry's.
 */
export async function migrationsApplied(): Promise<boolean> {
  try {
    return (await lastMigrationAppliedAt(getDb())) >= committedMigrations().last;
  } catch {
    // No migrations table yet: nothing applied.
    return false;
  }
}
