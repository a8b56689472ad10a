import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { startProcessorSchedule } from '@/lib/runtime/schedule';
import { idempotencyKeys } from '@/db/schema';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// The processor's trigger: GET|POST /api/cron/process-offers with Authorization: Bearer $CRON_SECRET
// (the default outside production is dev-cron-secret).

const PATH = '/api/cron/process-offers';
const SECRET = 'dev-cron-secret';

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

describe('cron trigger authentication', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a wrong secret', 'Bearer not-the-secret'],
    ['the secret with a suffix', `Bearer ${SECRET}x`],
    ['a prefix of the secret', `Bearer ${SECRET.slice(0, -1)}`],
    ['the secret without the Bearer scheme', SECRET],
    ['Basic authentication', `Basic ${Buffer.from(`cron:${SECRET}`).toString('base64')}`],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 to %s', async (_, authorization) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await (method === 'GET' ? api.get : api.post)(PATH, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.body.errors[0].code).toBe('UNAUTHORIZED');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.body.data).toBeUndefined();
    }
  });

  it('does not accept an API access token as the cron secret', async () => {
    const res = await api.post(PATH, { token: dealer.token });
    expect(res.status).toBe(401);
  });

  it('does not process anything when the secret is wrong', async () => {
    const offer = await createOffer(dealer.token);
    await api.post(PATH, { headers: { authorization: 'Bearer wrong-secret' } });
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('pending');
  });

  it('answers 405 with Allow to other methods', async () => {
    const res = await api.put(PATH, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(res.headers.get('allow')).toContain('POST');
  });
});

describe('cron trigger run', () => {
  it.each(['GET', 'POST'] as const)('%s with the secret processes every due offer and answers the summary', async (method) => {
    const valid = await createOffer(dealer.token);
    const invalid = await createOffer(dealer.token, { product: { ...offerBody().product, bidexCode: '999999' } });

    const res = await (method === 'GET' ? api.get : api.post)(PATH, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.meta).toEqual({});
    expect(res.body.data).toMatchObject({
      processed: expect.any(Number),
      drafted: expect.any(Number),
      rejected: expect.any(Number),
      retried: 0,
      failed: 0,
      durationMs: expect.any(Number),
    });
    // Both offers of this test, and possibly others left pending by earlier tests of this file.
    expect(res.body.data.processed).toBeGreaterThanOrEqual(2);
    expect(res.body.data.drafted).toBeGreaterThanOrEqual(1);
    expect(res.body.data.rejected).toBeGreaterThanOrEqual(1);
    expect(res.body.data.processed).toBe(res.body.data.drafted + res.body.data.rejected);

    const [a, b] = await Promise.all([valid, invalid].map((o) => api.get(`/v1/offers/${o.id}`, { token: dealer.token })));
    expect(a!.body.data.status.current.code).toBe('draft');
    expect(b!.body.data.status.current.code).toBe('rejected');
    expect(b!.body.data.status.errors[0].code).toBe('PRODUCT_NOT_LEASABLE');

    // Nothing is due any more: a second run processes nothing.
    const again = await api.post(PATH, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(again.status).toBe(200);
    expect(again.body.data.processed).toBe(0);
  });

  it('accepts the scheme name in any case', async () => {
    const res = await api.post(PATH, { headers: { authorization: `bearer ${SECRET}` } });
    expect(res.status).toBe(200);
  });

  it('removes expired idempotency keys', async () => {
    const key = `cron-test-${Date.now()}`;
    await getDb().insert(idempotencyKeys).values({
      dealerId: dealer.dealerId,
      environment: 'sandbox',
      key,
      requestHash: 'x',
      responseStatus: 202,
      responseBody: {},
      expiresAt: sql`now() - interval '1 minute'`,
    });
    const res = await api.post(PATH, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(200);
    expect(await getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});

describe('in-process schedule', () => {
  const status = async (id: string) => (await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data.status.current.code;

  it('takes an offer out of pending within the default interval (2 s), and stops when told', async () => {
    const stop = startProcessorSchedule(2000);
    try {
      const offer = await createOffer(dealer.token);
      const created = performance.now();
      while ((await status(offer.id)) === 'pending' && performance.now() - created < 10_000) {
        await new Promise((r) => setTimeout(r, 25));
      }
      const waited = performance.now() - created;
      console.info(`default schedule: offer left pending after ${Math.round(waited)} ms`);
      expect(await status(offer.id)).toBe('draft');
      expect(waited).toBeLessThan(2000 + 4000); // one interval plus the run, with room for a loaded machine
    } finally {
      await stop();
    }
    const later = await createOffer(dealer.token);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await status(later.id)).toBe('pending');
  }, 20_000);
});
