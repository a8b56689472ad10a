import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { currentSnapshot, listOffers, searchPattern, type OfferListQuery } from '@/db/repositories/offers-list';
import { matchStats, searchFromMatches, TERM_ASK_TIMEOUT_MS } from '@/lib/offers/search-matches';
import type { Tenant } from '@/lib/auth/authenticate';
import { keptTermsState, type SharedTerm } from '../scripts/lib/kept-pages-relay.mjs';
import { createOffer } from './helpers/offers';
import { newDealer } from './helpers/auth';

// A search term's kept matches shared between the workers of `npm start`
// (lib/offers/search-matches.ts, scripts/lib/kept-pages-relay.mjs): a worker that read a term's
// matches notes it to the others through the primary; one that needs the same term under the same
// snapshot fetches them (with every order read) instead of reading them. Here this test process is
// such a worker: it sees what it sends, and receives messages as a worker would.

process.env.SPOKE_WORKER_SLOT = '1';
const sent: unknown[] = [];
const send = process.send;
let tenant: Tenant;

beforeAll(async () => {
  process.send = ((message: unknown) => (sent.push(message), true)) as typeof process.send;
  // This process became a worker after the app's modules loaded: its side of the channel listens from now on.
  keptTermsState();
  const dealer = await newDealer();
  tenant = { dealerId: dealer.dealerId, environment: 'sandbox' };
  for (const [i, name] of ['Quintana Shared', 'Quintus Sharer', 'Zoë Quintshare'].entries()) {
    await createOffer(dealer.token, { externalOfferId: `SHARE-${i}`, customerName: name });
  }
});
afterAll(() => {
  process.send = send;
  delete process.env.SPOKE_WORKER_SLOT;
});

const deliver = (message: unknown) => process.emit('message', message as never, undefined);
const keyOf = (search: string) => JSON.stringify([tenant.dealerId, tenant.environment, searchPattern(search)]);
const sentSince = (from: number) => sent.slice(from) as { spoke: string; id?: number; key?: string; snapshot?: string; term?: SharedTerm }[];

/**
 * Waits (condition-based) until this worker sent a message of `spoke`, from index `from` on. Before
 * it asks, a worker may wait for the database (the term's fold, the first time a pattern is seen):
 * bounded by time, not by turns of the event loop, so a busy machine does not fail it.
 */
async function sentMessage(spoke: string, from: number) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const found = sentSince(from).find((m) => m.spoke === spoke);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 1));
  }
  throw new Error(`${spoke} was not sent`);
}

describe("a term's kept matches shared between workers", () => {
  it('notes a term it read, answers for it under that snapshot only, and fetches one another worker noted', async () => {
    await getDb().transaction(
      async (tx) => {
        const now = await currentSnapshot(tx);
        const query: OfferListQuery = { search: 'quint', sortBy: 'createdAt', order: 'desc', limit: 10, offset: 0 };
        // Asked twice under one snapshot (a repeatable-read transaction): read, kept and noted.
        const from = sent.length;
        expect(await searchFromMatches(tx, tenant, query, now)).toBeUndefined();
        expect(await searchFromMatches(tx, tenant, query, now)).toBeDefined();
        // Another sort key reads every other order: they go along with the matches.
        expect(await searchFromMatches(tx, tenant, { ...query, sortBy: 'customerName' }, now)).toBeDefined();
        expect(sentSince(from).filter((m) => m.spoke === 'kept-term-note')).toEqual([{ spoke: 'kept-term-note', key: keyOf('quint'), snapshot: now }]);

        // Asked by another worker: the matches and the orders for the snapshot kept; nothing for another.
        const asked = sent.length;
        deliver({ spoke: 'kept-term-ask', id: 5, key: keyOf('quint'), snapshot: now, to: 1, from: 0 });
        deliver({ spoke: 'kept-term-ask', id: 6, key: keyOf('quint'), snapshot: `${now}0`, to: 1, from: 0 });
        deliver({ spoke: 'kept-term-ask', id: 7, key: keyOf('nobody'), snapshot: now, to: 1, from: 0 });
        const [answer, other, none] = sentSince(asked);
        expect(other).toEqual({ spoke: 'kept-term', id: 6, to: 0 });
        expect(none).toEqual({ spoke: 'kept-term', id: 7, to: 0 });
        expect(answer).toMatchObject({ spoke: 'kept-term', id: 5, to: 0, term: { readIn: 'createdAt' } });
        const term = answer!.term!;
        expect(term.text.length).toBe(3 * 65);
        expect(Object.keys(term.orders).sort()).toEqual(['customerEmail', 'customerName', 'externalOfferId', 'offerNumber', 'productName', 'status', 'totalPriceGross']);

        // Another worker noted a term with the same matches ('quin'): this one's first ask fetches it,
        // reads neither matches nor orders, and answers what a read answers, in any order.
        deliver({ spoke: 'kept-term-note', key: keyOf('quin'), snapshot: now, from: 0 });
        const before = { ...matchStats };
        const fetchFrom = sent.length;
        const fetched = searchFromMatches(tx, tenant, { ...query, search: 'quin', sortBy: 'customerName', order: 'asc' }, now);
        const ask = await sentMessage('kept-term-ask', fetchFrom);
        expect(ask).toMatchObject({ key: keyOf('quin'), snapshot: now, to: 0 });
        deliver({ spoke: 'kept-term', id: ask.id, to: 1, from: 0, term });
        const page = await fetched;
        expect(page).toBeDefined();
        expect(matchStats.termsFetched - before.termsFetched).toBe(1);
        expect(matchStats.termReads - before.termReads).toBe(0);
        for (const sortBy of ['customerName', 'externalOfferId', 'createdAt'] as const) {
          for (const order of ['asc', 'desc'] as const) {
            const q: OfferListQuery = { ...query, search: 'quin', sortBy, order };
            const got = await searchFromMatches(tx, tenant, q, now);
            const read = await listOffers(tx, tenant, q);
            expect(got?.rows.map((r) => r.id), `${sortBy} ${order}`).toEqual(read.rows.map((r) => r.id));
            expect(got?.total).toBe(read.total);
          }
        }
        expect(matchStats.orderReads - before.orderReads).toBe(0);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  });

  it('reads itself when the answer is not a term, or none comes; a note for another snapshot asks nothing', async () => {
    await getDb().transaction(
      async (tx) => {
        const now = await currentSnapshot(tx);
        const query: OfferListQuery = { search: 'quintu', sortBy: 'createdAt', order: 'desc', limit: 10, offset: 0 };
        deliver({ spoke: 'kept-term-note', key: keyOf('quintu'), snapshot: now, from: 0 });
        const from = sent.length;
        const first = searchFromMatches(tx, tenant, query, now);
        const ask = await sentMessage('kept-term-ask', from);
        // Not what a worker keeps: the first ask is read as any list, and the note is dropped.
        deliver({ spoke: 'kept-term', id: ask.id, to: 1, from: 0, term: { text: 'not matches', readIn: 'createdAt', orders: {} } });
        expect(await first).toBeUndefined();
        const after = sent.length;
        expect(await searchFromMatches(tx, tenant, query, now)).toBeDefined();
        expect(sentSince(after).filter((m) => m.spoke === 'kept-term-ask')).toEqual([]);

        deliver({ spoke: 'kept-term-note', key: keyOf('quintana'), snapshot: `${now}0`, from: 0 });
        const quiet = sent.length;
        expect(await searchFromMatches(tx, tenant, { ...query, search: 'quintana' }, now)).toBeUndefined();
        expect(sentSince(quiet).filter((m) => m.spoke === 'kept-term-ask')).toEqual([]);

        deliver({ spoke: 'kept-term-note', key: keyOf('sharer'), snapshot: now, from: 0 });
        const started = Date.now();
        expect(await searchFromMatches(tx, tenant, { ...query, search: 'sharer' }, now)).toBeUndefined();
        expect(Date.now() - started).toBeGreaterThanOrEqual(TERM_ASK_TIMEOUT_MS - 5);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  });
});
