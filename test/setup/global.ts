import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { hashClientSecret } from '../../lib/auth/client-secret';
import { hashSecret } from '../../lib/auth/secret-hash';
import { adminSql, testDatabaseUrl } from '../helpers/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | null;
  }
}

/**
 * Against PostgreSQL (TEST_DATABASE_URL or DATABASE_URL), one template database is migrated and
 * seeded here; every test file then gets its own copy. Against the embedded database every test
 * file builds its own in memory.
 */
export default async function setup(project: TestProject) {
  const url = testDatabaseUrl();
  if (!url) {
    project.provide('templateDatabase', null);
    return;
  }
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
