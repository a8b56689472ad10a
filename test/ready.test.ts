import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { committedMigrations } from '@/lib/runtime/readiness';
import { api } from './helpers/api';

// GET /api/ready: ready only when the database answers and every committed migration is applied.
describe('GET /api/ready', () => {
  it('is ready on a migrated database', async () => {
    const res = await api.get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });
    expect(committedMigrations().count).toBeGreaterThan(0);
  });

  it('is not ready while the newest migration is missing, and ready again once it is there', async () => {
    const db = getDb();
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`);
    try {
      const res = await api.get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.data).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
    } finally {
      await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`);
    }
    expect((await api.get('/api/ready')).status).toBe(200);
  });
});
