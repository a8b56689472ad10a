import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { logger } from '@/lib/logger';
import { database, useDatabase } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import { seedDemo } from '@/db/seed';
import { hashSecret } from '@/lib/auth/secret-hash';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';
import { offerBody } from './helpers/offers';
import { PrivatePostgres, privatePostgresAvailable } from './helpers/private-postgres';

// Fault injection (issue: reliability): the database stops under load → 503 SERVICE_UNAVAILABLE
// without hanging requests; when it comes back, service resumes without a restart.

describe.skipIf(!privatePostgresAvailable)('the database goes away and comes back', () => {
  const pg = new PrivatePostgres();
  let previous: Database;
  let db: Database;

  beforeAll(async () => {
    pg.init();
    previous = database();
    db = openDatabase({ url: pg.url, poolSize: 5, log: logger });
    await migrateDatabase(db);
    await seedDemo(db.db, hashSecret);
    useDatabase(db);
  });

  afterAll(async () => {
    useDatabase(previous);
    await db.close().catch(() => {});
    pg.destroy();
  });

  it('answers 503 quickly while it is down and recovers by itself', async () => {
    const token = await demoToken();
    const created = await api.post('/v1/offers', { token, body: offerBody() });
    expect(created.status).toBe(202);

    // Load in flight while the server dies.
    const inFlight = Array.from({ length: 20 }, () => api.get(`/v1/offers/${created.body.data.id}`, { token }));
    pg.stop();
    const during = await Promise.all(inFlight);
    for (const res of during) expect([200, 503]).toContain(res.status);

    const started = Date.now();
    const down = await Promise.all([
      api.get(`/v1/offers/${created.body.data.id}`, { token }),
      api.get('/v1/offers', { token }),
      api.post('/v1/offers', { token, body: offerBody() }),
      api.get('/api/ready'),
    ]);
    const elapsed = Date.now() - started;
    expect(down.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    expect(down[0]!.body.errors[0].code).toBe('SERVICE_UNAVAILABLE');
    expect(down[0]!.headers.get('retry-after')).toBeTruthy();
    expect(JSON.stringify(down.map((r) => r.body))).not.toMatch(/ECONNREFUSED|postgres|stack/i);
    // No request hangs: each failed within the driver's connect timeout (3 s), with slack.
    expect(elapsed).toBeLessThan(10_000);

    const restarting = Date.now();
    pg.start();
    const postgresUp = Date.now();
    let recovered = 0;
    let polls = 0;
    for (let i = 0; i < 40 && recovered === 0; i++) {
      polls++;
      const res = await api.get(`/v1/offers/${created.body.data.id}`, { token });
      if (res.status === 200) recovered = Date.now();
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBeGreaterThan(0);
    expect((await api.get('/api/ready')).status).toBe(200);

    // The figures of docs/reliability.md (reported, not asserted beyond the bound above).
    console.log(
      `fault-database-outage: ${JSON.stringify({
        inFlightAtStop: during.length,
        inFlightStatuses: during.reduce<Record<number, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {}),
        fourRequestsWhileDownMs: elapsed,
        postgresRestartMs: postgresUp - restarting,
        firstSuccessAfterPostgresUpMs: recovered - postgresUp,
        pollsUntilRecovered: polls,
      })}`,
    );
  });
});
