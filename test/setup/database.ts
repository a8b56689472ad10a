import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { logger } from '@/lib/logger';
import { useDatabase } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import { seedDemo } from '@/db/seed';
import { hashClientSecret } from '@/lib/auth/client-secret';
import { hashSecret } from '@/lib/auth/secret-hash';
import { copyTemplateDatabase, dropDatabase, testDatabaseUrl } from '../helpers/postgres-admin';

// Every test file gets a fresh database with the demo data: a copy of the template database on
// PostgreSQL, or a new embedded database in memory. Development data is never touched.

let db: Database | undefined;
let dropName: string | undefined;

beforeAll(async () => {
  const template = inject('templateDatabase');
  const url = testDatabaseUrl();
  if (template && url) {
    const name = `spoke_test_${randomBytes(6).toString('hex')}`;
    db = openDatabase({ url: await copyTemplateDatabase(template, name), poolSize: 10, log: logger });
    dropName = name;
  } else {
    db = openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(db);
    await seedDemo(db.db, hashSecret, hashClientSecret);
  }
  useDatabase(db);
});

afterAll(async () => {
  await db?.close();
  useDatabase(undefined);
  if (dropName) await dropDatabase(dropName);
});
