import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { WARM_UP_WITHIN_MS, warmConnections } from '@/db/repositories/warm-up';
import { database } from '@/lib/database';
import { listOffers } from '@/db/repositories/offers-list';
import { DEMO } from '@/db/seed';
import { testDatabaseUrl } from './helpers/postgres-admin';

// A server opens and warms its pool's connections before it listens (db/repositories/warm-up.ts;
// docs/performance.md, "Warm pool"). On PostgreSQL: as many connections as asked are open afterwards,
// each ran the statements a request runs first, nothing of any dealer's is read or written; on the
// embedded database (one connection) nothing happens; a database that cannot be reached does not
// stop a start.

describe.skipIf(!testDatabaseUrl())('warming the pool (PostgreSQL)', () => {
  it('opens the connections at once and leaves the data as it was', async () => {
    const db = database();
    const before = await listOffers(db.db, { dealerId: DEMO.dealerA.id, environment: 'sandbox' }, { sortBy: 'createdAt', order: 'desc', limit: 100, offset: 0 });
    const warmed = await warmConnections(db, 6);
    expect(warmed.warmed).toBe(6);
    // Six were held at once, so the pool holds at least six now.
    expect(db.poolStats!().total).toBeGreaterThanOrEqual(6);
    const again = await listOffers(db.db, { dealerId: DEMO.dealerA.id, environment: 'sandbox' }, { sortBy: 'createdAt', order: 'desc', limit: 100, offset: 0 });
    expect(again.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
    expect(again.total).toBe(before.total);
  });

  it('does not stop a start when the database cannot be reached', async () => {
    const unreachable = openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 2 });
    try {
      expect(await warmConnections(unreachable, 2)).toEqual({ warmed: 0 });
    } finally {
      await unreachable.close();
    }
  });
});

describe('warming the pool: a database that accepts connections and never answers', () => {
  it('does not keep a start waiting longer than WARM_UP_WITHIN_MS', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const mute = openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/none`, poolSize: 2 });
    const started = Date.now();
    try {
      expect(await warmConnections(mute, 2)).toEqual({ warmed: 0 });
      expect(Date.now() - started).toBeLessThan(WARM_UP_WITHIN_MS + 1_000);
    } finally {
      await mute.close().catch(() => {});
      silent.close();
    }
  });
});

describe('warming the pool (embedded database)', () => {
  it('does nothing: one connection, nothing to open', async () => {
    const embedded = openDatabase({ dataDir: 'memory://' });
    try {
      expect(await warmConnections(embedded, 10)).toEqual({ warmed: 0 });
    } finally {
      await embedded.close();
    }
  });
});
