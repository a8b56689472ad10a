import postgres from 'postgres';

/** The PostgreSQL server the tests use, if any; without one they use the embedded database. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export function adminSql(url: string) {
  return postgres(url, { max: 1, onnotice: () => {} });
}
