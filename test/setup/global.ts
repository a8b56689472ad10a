import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { imageOf, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { hashClientSecret } from '../../lib/auth/client-secret';
import { hashSecret } from '../../lib/auth/secret-hash';
import { adminSql, testDatabaseUrl } from '../helpers/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | null;
    /** Embedded: a file holding the image of a migrated and seeded data folder. */
    embeddedImage: string | null;
  }
}

/**
 * Against PostgreSQL (TEST_DATABASE_URL or DATABASE_URL), one template database is migrated and
 * seeded here; every test file then gets its own copy. Against the embedded database one is
 * migrated and seeded in memory here and its data folder written to a file as an image; every test
 * file that uses a database starts one in memory from that image (test/setup/database.ts).
 */
export default async function setup(project: TestProject) {
  const url = testDatabaseUrl();
  if (!url) {
    project.provide('templateDatabase', null);
    const db = openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(db);
    await seedDemo(db.db, hashSecret, hashClientSecret);
    const image = await imageOf(db);
    await db.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spoke-test-image-'));
    const file = path.join(dir, 'database.tar');
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    project.provide('embeddedImage', file);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  project.provide('embeddedImage', null);
  const name = `spoke_template_${process.pid}`;
  const admin = adminSql(url);
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = openDatabase({ url: target.toString(), poolSize: 2 });
  await migrateDatabase(db);
  await seedDemo(db.db, hashSecret, hashClientSecret);
  await db.close();
  project.provide('templateDatabase', name);
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
