import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newDealer } from './helpers/auth';

// Each "node" is a fresh module graph (vi.resetModules) with its own configuration, sharing the
// test database: the limiters are created from the environment at import.

type Api = typeof import('./helpers/api').api;

async function node(vars: Record<string, string | undefined>): Promise<Api> {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  vi.resetModules();
  const { api } = await import('./helpers/api');
  // A node counts in memory until its Redis connection is up; wait for it where Redis is used.
  if (vars.REDIS_URL?.endsWith(':6379')) expect(await (await import('@/lib/rate-limit')).rateLimitStoreReady()).toBe(true);
  return api;
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

describe('rate limits (docs/contract.md: RATE_LIMIT_PER_MINUTE, 429 TOO_MANY_REQUESTS with Retry-After)', () => {
  it('limits each API client per minute and says when to retry', async () => {
    const dealer = await newDealer();
    const api = await node({ RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: undefined });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await api.get('/v1/offers', { token: dealer.token });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(last!.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit-limit')).toBe('5');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');

    // Another client is not affected.
    const other = await newDealer();
    expect((await api.get('/v1/offers', { token: other.token })).status).toBe(200);
  });

  it('limits unauthenticated calls per address', async () => {
    const api = await node({ RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: undefined });
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await api.get('/v1/offers', { headers: { 'x-forwarded-for': address } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const elsewhere = await api.get('/v1/offers', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(elsewhere.status).toBe(401);
  });

  it('shares the counters of all app nodes through Redis', async () => {
    const dealer = await newDealer();
    const prefix = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: 'redis://127.0.0.1:6379' };
    const nodeA = await node(prefix);
    const nodeB = await node(prefix);
    const statuses = [];
    for (const api of [nodeA, nodeB, nodeA, nodeB, nodeA, nodeB]) {
      statuses.push((await api.get('/v1/offers', { token: dealer.token, headers: { 'Spoke-Request-ID': randomUUID() } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('keeps serving when Redis is unreachable (in-memory fallback)', async () => {
    const dealer = await newDealer();
    const api = await node({ RATE_LIMIT_PER_MINUTE: '100', REDIS_URL: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const res = await api.get('/v1/offers', { token: dealer.token });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
