import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { offerSearch } from '../schema';
import { listOffers } from './offers-list';
import { findOffer } from './offers';

// The first requests after a start met a pool without connections: each new PostgreSQL connection
// costs its backend's start, and its first list and offer statements ~10 ms more than later ones
// (the catalog caches of offers, offer_search and its 16 partitions and their indexes are filled on
// first use), all in the first second under load (docs/performance.md, "Warm pool"). A server
// therefore opens its pool's connections before it listens and runs on each what a request runs
// first: a list's version, a list, a search, an offer by id. They read nothing
// of any dealer's (a tenant that does not exist). Named statements are then parsed on every
// connection too.

/** How long a connection waits for the others to be open before it is given back anyway. */
const ALL_OPEN_WITHIN_MS = 2_000;
/** The most a start waits for the warm-up (a database that accepts but does not answer must not keep a server from listening). */
export const WARM_UP_WITHIN_MS = 5_000;

/**
 * Opens up to `connections` connections at once (each is held until all are open, so the pool opens
 * that many) and warms each. PostgreSQL only; never throws (a failure leaves the pool as it was) and
 * answers within WARM_UP_WITHIN_MS (what is still running then goes on without being waited for).
 */
export async function warmConnections(database: Database, connections: number): Promise<{ warmed: number }> {
  if (database.driver !== 'postgres' || connections < 1) return { warmed: 0 };
  const tenant = { dealerId: randomUUID(), environment: 'sandbox' as const };
  let open = 0;
  let allOpen!: () => void;
  const everyoneOpen = new Promise<void>((resolve) => {
    allOpen = resolve;
    setTimeout(resolve, ALL_OPEN_WITHIN_MS).unref();
  });
  const warming = Promise.all(
    Array.from({ length: connections }, () =>
      database.db
        .transaction(async (tx) => {
          if (++open === connections) allOpen();
          // Plans over every partition of offer_search (nothing is read: limit 0).
          await tx.execute(sql`select 1 from ${offerSearch} where ${offerSearch.searchKey} like spoke_fold('%zz%') limit 0`);
          await listOffers(tx, tenant, { sortBy: 'createdAt', order: 'desc', limit: 10, offset: 0 });
          await listOffers(tx, tenant, { search: 'zz', status: { include: ['draft'], exclude: [] }, sortBy: 'createdAt', order: 'desc', limit: 10, offset: 0 });
          await findOffer(tx, tenant, randomUUID());
          await everyoneOpen;
        })
        .then(
          () => 1,
          () => 0,
        ),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number[]>((resolve) => (timer = setTimeout(() => resolve([]), WARM_UP_WITHIN_MS)));
  const warmed = await Promise.race([warming, late]);
  clearTimeout(timer);
  return { warmed: warmed.reduce((a: number, b) => a + b, 0) };
}
