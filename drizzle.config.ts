import type { Config } from 'drizzle-kit';

export default {
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
} satisfies Config;
