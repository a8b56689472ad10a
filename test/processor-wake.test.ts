import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database, getDb } from '@/lib/database';
import { OFFERS_DUE_CHANNEL, notifyDue } from '@/db/repositories/offers';
import { startProcessorSchedule } from '@/lib/runtime/schedule';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// The processor wakes on NOTIFY when offers are created or updated (lib/runtime/schedule.ts); the poll
// interval is only the fallback. With the interval at 60 s, an offer that reaches draft within a
// few seconds was processed because of the wake.

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

const status = async (id: string) => (await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data.status.current.code as string;

async function waitForStatus(id: string, wanted: string, timeoutMs = 10_000): Promise<string> {
  const started = performance.now();
  let current = await status(id);
  while (current !== wanted && performance.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 20));
    current = await status(id);
  }
  return current;
}

describe('processor wake (LISTEN/NOTIFY)', () => {
  it('a created offer and an updated one reach draft long before the 60 s poll', async () => {
    const stop = startProcessorSchedule(60_000);
    try {
      // The first wake may come before the listener is connected: the listener's own first wake
      // (on connect) covers that, so this waits on the offer alone.
      const offer = await createOffer(dealer.token);
      expect(await waitForStatus(offer.id, 'draft')).toBe('draft');

      const updated = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: offerBody({ externalOfferId: offer.externalOfferId }) });
      expect(updated.status, updated.text).toBe(202);
      expect(await waitForStatus(offer.id, 'draft')).toBe('draft');

      // A burst is processed as well (debounced into few runs).
      const burst = await Promise.all(Array.from({ length: 10 }, () => createOffer(dealer.token)));
      for (const o of burst) expect(await waitForStatus(o.id, 'draft')).toBe('draft');
    } finally {
      await stop();
    }
  }, 60_000);

  it('notifies only when the writing transaction commits', async () => {
    let received = 0;
    const unlisten = database().listen(OFFERS_DUE_CHANNEL, () => received++);
    try {
      // On PostgreSQL the listener connects on its own and wakes once when it is listening.
      const started = performance.now();
      while (database().driver === 'postgres' && received === 0 && performance.now() - started < 10_000) await new Promise((r) => setTimeout(r, 10));
      const before = received;

      await expect(
        getDb().transaction(async (tx) => {
          await tx.execute(sql`select ${notifyDue()}`);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await getDb().transaction(async (tx) => {
        await tx.execute(sql`select ${notifyDue()}`);
        await tx.execute(sql`select ${notifyDue()}`);
      });
      const sent = performance.now();
      while (received === before && performance.now() - sent < 10_000) await new Promise((r) => setTimeout(r, 10));
      // Notifications arrive in commit order: had the rolled-back one been sent, it would be here too.
      expect(received - before).toBe(1);
    } finally {
      await unlisten();
    }
  }, 30_000);
});
