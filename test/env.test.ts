import { describe, expect, it } from 'vitest';
import { checkServerEnv, loadEnv } from '@/lib/env';

describe('configuration (lib/env.ts)', () => {
  it('names the variable when a value is wrong', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ PROCESSOR_INTERVAL_MS: '-1' })).toThrow(/PROCESSOR_INTERVAL_MS/);
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadEnv({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN/);
    expect(loadEnv({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).metricsToken).toBe('a-long-enough-metrics-token');
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('WEB_CONCURRENCY: 1–64, more than one only against PostgreSQL; CLIENT_SECRET_KEY: at least 32 characters', () => {
    expect(() => loadEnv({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadEnv({ WEB_CONCURRENCY: '65' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadEnv({ WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY/);
    expect(loadEnv({}).webConcurrency).toBeUndefined();
    expect(checkServerEnv({ WEB_CONCURRENCY: '2' })?.message).toMatch(/^Invalid setting: WEB_CONCURRENCY="2" needs DATABASE_URL .*: allowed is /);
    expect(checkServerEnv({ WEB_CONCURRENCY: '1' })).toBeUndefined();
    expect(checkServerEnv({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://u@h:5432/d' })).toBeUndefined();
    expect(() => loadEnv({ CLIENT_SECRET_KEY: 'short' })).toThrow(/CLIENT_SECRET_KEY/);
    const key = 'k'.repeat(32);
    expect(loadEnv({ CLIENT_SECRET_KEY: key }).clientSecretKey).toBe(key);
    // Unset: derived from the session secret (never the session secret itself as the HMAC key).
    expect(loadEnv({ NEXTAUTH_SECRET: 'a-session-secret-0123' }).clientSecretKey).toBe('session:a-session-secret-0123');
  });

  it('takes an smtp:// or smtps:// SMTP_URL and refuses anything else', () => {
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(loadEnv({ SMTP_URL: 'smtps://user:pw@mail.example:465' }).smtpUrl).toBe('smtps://user:pw@mail.example:465');
    expect(loadEnv({}).smtpUrl).toBeUndefined();
    expect(loadEnv({}).mailFrom).toBe('Spoke <no-reply@localhost>');
  });

  it('RETENTION_DAYS_UNORDERED and RETENTION_DAYS_ORDERED: whole days from 1 to 36500, by default 180 and 3650', () => {
    expect(loadEnv({}).retention).toEqual({ unorderedDays: 180, orderedDays: 3650 });
    expect(loadEnv({ RETENTION_DAYS_UNORDERED: '30', RETENTION_DAYS_ORDERED: '2190' }).retention).toEqual({ unorderedDays: 30, orderedDays: 2190 });
    for (const bad of ['0', '-5', '1.5', 'ten', '36501']) {
      expect(() => loadEnv({ RETENTION_DAYS_UNORDERED: bad })).toThrow(/RETENTION_DAYS_UNORDERED.*allowed is a whole number of days from 1 to 36500/);
      expect(() => loadEnv({ RETENTION_DAYS_ORDERED: bad })).toThrow(/RETENTION_DAYS_ORDERED/);
    }
  });

  it('OPERATOR_*: who customers are told is behind the service, the demo operator where unset', () => {
    expect(loadEnv({}).operator).toEqual({
      name: 'Spoke Leasing GmbH (Demo)',
      address: 'Musterstraße 1, 10115 Berlin, Deutschland',
      register: 'Amtsgericht Berlin-Charlottenburg, HRB 000000 (Demo)',
      privacyContact: 'datenschutz@spoke.example',
    });
    expect(loadEnv({}).operatorUnset).toEqual(['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_REGISTER', 'OPERATOR_PRIVACY_CONTACT']);
    const set = loadEnv({ OPERATOR_NAME: 'Radleasing AG', OPERATOR_ADDRESS: 'Hafenstraße 5\n20457 Hamburg', OPERATOR_REGISTER: 'AG Hamburg HRB 12345', OPERATOR_PRIVACY_CONTACT: 'privacy@radleasing.example' });
    expect(set.operator).toEqual({ name: 'Radleasing AG', address: 'Hafenstraße 5\n20457 Hamburg', register: 'AG Hamburg HRB 12345', privacyContact: 'privacy@radleasing.example' });
    expect(set.operatorUnset).toEqual([]);
    expect(() => loadEnv({ OPERATOR_NAME: 'x' })).toThrow(/OPERATOR_NAME.*allowed is 2 to 200 characters/);
    expect(() => loadEnv({ OPERATOR_PRIVACY_CONTACT: 'y'.repeat(301) })).toThrow(/OPERATOR_PRIVACY_CONTACT/);
  });

  it('has the defaults of docs/contract.md', () => {
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

  it('refuses with one message naming the variable and its allowed values, never echoing a secret', () => {
    expect(checkServerEnv({ TOKEN_TTL_SECONDS: '2' })?.message).toBe(
      'Invalid setting: TOKEN_TTL_SECONDS="2" is not allowed: allowed is a whole number of seconds from 60 to 86400',
    );
    expect(checkServerEnv({ TRUST_PROXY: 'yes' })?.variables).toEqual(['TRUST_PROXY']);
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db', CRON_SECRET: 'a-real-secret' };
    const refused = checkServerEnv({ ...prod, NEXTAUTH_SECRET: 'dev-session-secret-change-me' });
    expect(refused?.variables).toEqual(['NEXTAUTH_SECRET']);
    expect(refused?.message).not.toContain('dev-session-secret-change-me');
    expect(checkServerEnv({ ...prod, NEXTAUTH_SECRET: 'another-real-secret' })).toBeUndefined();
    expect(checkServerEnv({})).toBeUndefined();
  });
});
