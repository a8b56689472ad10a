import { z } from 'zod';

// The one place that reads process.env: validated once, at first import.

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const DEV_CRON_SECRET = 'dev-cron-secret';
const DEV_SESSION_SECRET = 'dev-session-secret-change-me';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_DATA_DIR: z.string().min(1).optional(),
  REDIS_URL: z.url().optional(),
  CRON_SECRET: z.string().min(8).optional(),
  PROCESSOR_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  SEED_DEMO: bool.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  WEBHOOK_SECRET_KEY: z.string().min(32).optional(),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  NEXTAUTH_URL: z.url().optional(),
  TOKEN_SIGNING_KEY: z.string().min(1).optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Enables /api/bench/* (the benchmark's framework floor); off everywhere else.
  BENCH_ROUTES: bool.optional(),
});

export type Env = ReturnType<typeof loadEnv>;

export function loadEnv(source: Record<string, string | undefined> = process.env) {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const embedded = !e.DATABASE_URL;
  const publicUrl = (e.PUBLIC_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  // Checked when the server starts (lib/ops/startup.ts), not here: `next build` loads this module
  // too, and a build needs no secrets.
  const publicDefaults = production && !embedded
    ? [!e.CRON_SECRET && 'CRON_SECRET', !e.NEXTAUTH_SECRET && 'NEXTAUTH_SECRET'].filter((v): v is string => !!v)
    : [];

  return {
    nodeEnv: e.NODE_ENV,
    /** Secrets still at their public development defaults where that is not acceptable. */
    publicDefaults,
    production,
    port: e.PORT,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedDatabase: embedded,
    pgliteDataDir: e.PGLITE_DATA_DIR ?? (e.NODE_ENV === 'development' ? '.data/dev' : '.data/app'),
    redisUrl: e.REDIS_URL,
    cronSecret: e.CRON_SECRET ?? DEV_CRON_SECRET,
    processorIntervalMs: e.PROCESSOR_INTERVAL_MS,
    seedDemo: e.SEED_DEMO ?? embedded,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? !production,
    // Encrypts webhook signing secrets at rest; without it, a key derived from the session secret.
    webhookSecretKey: e.WEBHOOK_SECRET_KEY ?? `session:${e.NEXTAUTH_SECRET ?? DEV_SESSION_SECRET}`,
    sessionSecret: e.NEXTAUTH_SECRET ?? DEV_SESSION_SECRET,
    tokenSigningKey: e.TOKEN_SIGNING_KEY,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenIssuer: publicUrl,
    tokenAudience: `${publicUrl}/v1`,
    logLevel: e.LOG_LEVEL,
    benchRoutes: e.BENCH_ROUTES ?? false,
  };
}

export const env = loadEnv();
