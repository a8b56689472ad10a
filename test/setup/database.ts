import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { logger } from '@/lib/logger';
import { useDatabase } from '@/lib/database';
import { copyTemplateDatabase, dropDatabase, testDatabaseUrl } from '../helpers/postgres-admin';

// Every test file gets a fresh database with the demo data: a copy of the template database on
// PostgreSQL, or an embedded one in memory started from the image (both kept between runs,
// test/setup/global.ts), opened when the file first uses it. Development data is never touched.

let db: Database | undefined;
let dropName: string | undefined;

beforeAll(async () => {
  const template = inject('templateDatabase');
  const url = testDatabaseUrl();
  if (template && url) {
    const name = `spoke_test_${randomBytes(6).toString('hex')}`;
    db = openDatabase({ url: await copyTemplateDatabase(template, name), poolSize: 10, log: logger });
    dropName = name;
    useDatabase(db);
  } else {
    const image = inject('embeddedImage');
    if (!image) throw new Error('no image of the embedded database (test/setup/global.ts)');
    useDatabase(() => (db = openDatabase({ dataDir: 'memory://', image: new Blob([fs.readFileSync(image)]) })));
  }
});

afterAll(async () => {
  await db?.close();
  useDatabase(undefined);
  if (dropName) await dropDatabase(dropName);
});
