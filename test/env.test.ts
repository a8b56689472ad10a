import { describe, expect, it } from 'vitest';
import { loadEnv } from '@/lib/env';

describe('configuration (lib/env.ts)', () => {
  it('names the variable when a value is wrong', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ PROCESSOR_INTERVAL_MS: '-1' })).toThrow(/PROCESSOR_INTERVAL_MS/);
  });

  it('has the defaults of DESIGN.md', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 3000,
      embeddedDatabase: true,
      cronSecret: 'dev-cron-secret',
      processorIntervalMs: 2000,
      seedDemo: true,
      rateLimitPerMinute: 600,
      webhookAllowPrivate: true,
    });
    expect(loadEnv({ DATABASE_URL: 'postgres://x@localhost/db' }).seedDemo).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production' }).webhookAllowPrivate).toBe(false);
  });

  it('flags public default secrets in production against PostgreSQL (the server refuses to start)', () => {
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db' };
    expect(loadEnv(prod).publicDefaults).toEqual(['CRON_SECRET', 'NEXTAUTH_SECRET']);
    expect(loadEnv({ ...prod, CRON_SECRET: 'a-real-secret', NEXTAUTH_SECRET: 'another-real-secret' }).publicDefaults).toEqual([]);
    // The embedded database is a single-machine setup: no refusal there, and none outside production.
    expect(loadEnv({ NODE_ENV: 'production' }).publicDefaults).toEqual([]);
    expect(loadEnv({ DATABASE_URL: 'postgres://x@localhost/db' }).publicDefaults).toEqual([]);
  });
});
