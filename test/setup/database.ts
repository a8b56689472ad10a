import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, useDatabase, type Database } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';
import { seedDemo } from '@/db/seed';
import { adminSql, testDatabaseUrl } from '../helpers/postgres-admin';

// Every test file gets a fresh database with the demo data: a copy of the template database on
// PostgreSQL, or a new embedded database in memory. Development data is never touched.

let db: Database | undefined;
let dropName: string | undefined;

beforeAll(async () => {
  const template = inject('templateDatabase');
  const url = testDatabaseUrl();
  if (template && url) {
    const name = `spoke_test_${randomBytes(6).toString('hex')}`;
    const admin = adminSql(url);
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        // Two files copying the template at the same moment: PostgreSQL refuses one; try again.
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    db = openDatabase({ url: target.toString(), poolSize: 10 });
    dropName = name;
  } else {
    db = openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(db);
    await seedDemo(db.db);
  }
  useDatabase(db);
});

afterAll(async () => {
  await db?.close();
  useDatabase(undefined);
  const url = testDatabaseUrl();
  if (dropName && url) {
    const admin = adminSql(url);
    await admin.unsafe(`drop database if exists ${dropName} with (force)`);
    await admin.end();
  }
});
