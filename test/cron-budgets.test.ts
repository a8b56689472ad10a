import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { idempotencyKeys, offers } from '@/db/schema';
import { runRetention } from '@/lib/privacy/retention';
import { prune, runProcessor } from '@/lib/runtime/run-processor';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The one-shot run (the cron route, `npm run process-offers`) gives each part a time budget: a part
// starts nothing new after it and leaves the rest to the next run, and the answer names what was
// left — so a backlog never holds one run for minutes.

const PATH = '/api/cron/process-offers';

describe('the one-shot run’s budgets', () => {
  it('processing: a spent budget leaves the due offers to the next run, and the answer says so', async () => {
    const dealer = await newDealer();
    const created = [await createOffer(dealer.token), await createOffer(dealer.token)];
    const spent = await runProcessor({ budgets: { processing: 0 }, retention: false });
    expect(spent.processed).toBe(0);
    expect(spent.left).toContain('processing');
    const statusOf = async (id: string) => (await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data.status.current.code;
    expect(await statusOf(created[0]!.id)).toBe('pending');
    // The next run goes on with them; nothing is left then.
    const res = await api.post(PATH, { headers: { authorization: 'Bearer dev-cron-secret' } });
    expect(res.status).toBe(200);
    expect(res.body.data.processed).toBeGreaterThanOrEqual(2);
    expect(res.body.data.left).toEqual([]);
    expect(res.body.data.pruning).toMatchObject({ idempotencyKeys: expect.any(Number), deliveries: expect.any(Number) });
    for (const o of created) expect(await statusOf(o.id)).not.toBe('pending');
  });

  it('retention: batches stop at the budget, the rest goes in the next run', async () => {
    const dealer = await newDealer();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createOffer(dealer.token)).id);
    // Older than any retention period.
    await getDb().execute(sql`update ${offers} set updated_at = now() - interval '20 years' where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
    const first = await runRetention({ batchSize: 1, budgetMs: 0 });
    expect(first).toMatchObject({ batches: 1, offers: 1, left: true });
    const rest = await runRetention({ batchSize: 1 });
    expect(rest.offers).toBeGreaterThanOrEqual(2);
    expect(rest).not.toHaveProperty('left');
  });

  it('pruning: chunk by chunk within the budget, the rest left', async () => {
    const dealer = await newDealer();
    await getDb()
      .insert(idempotencyKeys)
      .values(
        [1, 2, 3].map((i) => ({
          dealerId: dealer.dealerId,
          environment: 'sandbox' as const,
          key: `prune-${i}-${Date.now()}`,
          requestHash: 'x',
          responseStatus: 202,
          responseBody: {},
          expiresAt: sql`now() - interval '1 minute'`,
        })),
      );
    const first = await prune(0, 1);
    expect(first).toMatchObject({ idempotencyKeys: 1, left: true });
    const rest = await prune(60_000, 1);
    expect(rest.idempotencyKeys).toBeGreaterThanOrEqual(2);
    expect(rest).not.toHaveProperty('left');
  });
});
