import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { imageOf, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { hashClientSecret } from '../../lib/auth/client-secret';
import { hashSecret } from '../../lib/auth/secret-hash';
import { adminSql, testDatabaseUrl } from '../helpers/postgres-admin';
import { imageFileOf, pruneImages, pruneTemplates, templateKey, templateName, TEMPLATE_PREFIX } from './template-cache';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | null;
    /** Embedded: a file holding the image of a migrated and seeded data folder. */
    embeddedImage: string | null;
  }
}

/**
 * The database every test file starts from, migrated and seeded once and kept between runs under
 * a name made of what it is made from (test/setup/template-cache.ts): a run after a change of the
 * migrations, the seed or the secrets' hashing makes a new one; any other run, one file or all,
 * starts at once.
 *
 * Against PostgreSQL (TEST_DATABASE_URL or DATABASE_URL) it is a template database; every test
 * file gets its own copy. Against the embedded database it is the image of a data folder in a
 * file; every test file that uses a database starts one in memory from it (test/setup/database.ts).
 */
export default async function setup(project: TestProject) {
  const key = templateKey();
  const url = testDatabaseUrl();
  if (!url) {
    project.provide('templateDatabase', null);
    const file = imageFileOf(key);
    if (!fs.existsSync(file)) {
      const db = openDatabase({ dataDir: 'memory://' });
      await migrateDatabase(db);
      await seedDemo(db.db, hashSecret, hashClientSecret);
      const image = await imageOf(db);
      await db.close();
      // Written whole under another name first: a run beside this one never reads half an image.
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    const now = new Date();
    fs.utimesSync(file, now, now);
    pruneImages(file);
    project.provide('embeddedImage', file);
    return;
  }
  project.provide('embeddedImage', null);
  const name = templateName(key);
  const admin = adminSql(url);
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found) {
      // Made under a name of its own and renamed once complete: a database of the template's name
      // is always whole, and of two runs making it at once, one keeps its own and drops the other.
      const building = `${TEMPLATE_PREFIX}build_${process.pid}_${Date.now().toString(36)}`;
      await admin.unsafe(`create database ${building}`);
      const target = new URL(url);
      target.pathname = `/${building}`;
      const db = openDatabase({ url: target.toString(), poolSize: 2 });
      try {
        await migrateDatabase(db);
        await seedDemo(db.db, hashSecret, hashClientSecret);
      } finally {
        await db.close();
      }
      try {
        await admin.unsafe(`alter database ${building} rename to ${name}`);
      } catch {
        await admin.unsafe(`drop database if exists ${building} with (force)`);
      }
    }
    // When it was last used: templates nobody used for a day are dropped.
    await admin.unsafe(`comment on database ${name} is '${new Date().toISOString()}'`);
    await pruneTemplates(admin, name);
  } finally {
    await admin.end();
  }
  project.provide('templateDatabase', name);
}
