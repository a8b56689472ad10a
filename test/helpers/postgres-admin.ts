import postgres from 'postgres';

/** The PostgreSQL server the tests use, if any; without one they use the embedded database. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export function adminSql(url: string) {
  return postgres(url, { max: 1, onnotice: () => {} });
}

/**
 * Creates the database `name` as a copy of `template` (the run's migrated and seeded template,
 * test/setup/global.ts) and answers its URL. Two copies of the template at the same moment:
 * PostgreSQL refuses one, which tries again.
 */
export async function copyTemplateDatabase(template: string, name: string): Promise<string> {
  const url = testDatabaseUrl();
  if (!url) throw new Error('copyTemplateDatabase needs TEST_DATABASE_URL or DATABASE_URL');
  const admin = adminSql(url);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Drops the database `name`, closing its connections. */
export async function dropDatabase(name: string): Promise<void> {
  const url = testDatabaseUrl();
  if (!url) return;
  const admin = adminSql(url);
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
