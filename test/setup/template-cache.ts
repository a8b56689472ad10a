import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Sql } from 'postgres';

// The tests' starting database is kept between runs (test/setup/global.ts), named by a hash of
// everything it is made from: the migrations and schema, the seed, the database client, the
// secrets' hashing and its key, the installed packages, and this set-up itself. Changing any of
// them makes a new one; one nobody used for a day is removed by the next run.

const ROOT = path.resolve(import.meta.dirname, '../..');
const INPUTS = ['db/migrations', 'db/schema', 'db/seed', 'db/client.ts', 'db/migrate.ts', 'lib/auth/client-secret.ts', 'lib/auth/secret-hash.ts', 'lib/shared/model.ts', 'test/setup', 'package-lock.json'];
const UNUSED_MS = 24 * 60 * 60 * 1000;

export const TEMPLATE_PREFIX = 'spoke_template_';

function filesOf(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((child) => filesOf(path.join(entry, child)));
}

/** The hash of the inputs' contents and the hashing key's settings (12 hex digits). */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf)) hash.update(`${file}\0`).update(fs.readFileSync(path.join(ROOT, file))).update('\0');
  for (const name of ['CLIENT_SECRET_KEY', 'NEXTAUTH_SECRET']) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex').slice(0, 12);
}

export const templateName = (key: string) => `${TEMPLATE_PREFIX}${key}`;

/** Where the embedded database's image of `key` is kept. */
export const imageFileOf = (key: string) => path.join(ROOT, 'node_modules', '.cache', 'spoke', `test-image-${key}.tar`);

/** Removes the images beside `keep` that no run used for a day (a run touches its image when it starts). */
export function pruneImages(keep: string) {
  const dir = path.dirname(keep);
  for (const file of fs.readdirSync(dir)) {
    const full = path.join(dir, file);
    if (full === keep || !file.startsWith('test-image-')) continue;
    if (Date.now() - fs.statSync(full).mtimeMs > UNUSED_MS) fs.rmSync(full, { force: true });
  }
}

/**
 * Drops the template databases beside `keep` that no run used for a day (each run writes the time
 * into its template's comment), and half-made ones of runs that ended a day ago.
 */
export async function pruneTemplates(admin: Sql, keep: string) {
  const rows = await admin<{ name: string; used: string | null }[]>`
    select datname as name, shobj_description(oid, 'pg_database') as used
    from pg_database where datname like ${`${TEMPLATE_PREFIX}%`} and datname <> ${keep}`;
  for (const { name, used } of rows) {
    // Only this set-up's own names; one without a time (just made) is in use.
    const building = /^spoke_template_build_\d+_([0-9a-z]+)$/.exec(name);
    if (!building && !/^spoke_template_[0-9a-f]{12}$/.test(name)) continue;
    const at = building ? parseInt(building[1]!, 36) : Date.parse(used ?? '');
    if (!Number.isNaN(at) && Date.now() - at > UNUSED_MS) await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
  }
}
