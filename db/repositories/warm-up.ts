import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { currentSnapshot, findOffer, listOffers, offersByIds } from './offers';

// The first requests after a start met a pool without connections: each new PostgreSQL connection
// costs its backend's start, and its first list and offer statements ~10 ms more than later ones
// (the catalog caches of offers, offer_search and its 16 partitions and their indexes are filled on
// first use), all in the first second under load (docs/performance.md, change 30). A server
// therefore opens its pool's connections before it listens and runs on each what a request runs
// first: the snapshot, a list, a search, an offer by id, a page of offers by id. They read nothing
// of any dealer's (a tenant that does not exist). Named statements are then parsed on every
// connection too.

/** How long a connection waits for the others to be open before it is given back anyway. */
const ALL_OPEN_WITHIN_MS = 2_000;

/**
 * Opens up to `connections` connections at once (each is held until all are open, so the pool opens
 * that many) and warms each. PostgreSQL only; never throws (a failure leaves the pool as it was).
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
  const warmed = await Promise.all(
    Array.from({ length: connections }, () =>
      database.db
        .transaction(async (tx) => {
          if (++open === connections) allOpen();
          // Plans over every partition of offer_search (nothing is read: limit 0).
          await tx.execute(sql`select 1 from offer_search where search_key like spoke_fold('%zz%') limit 0`);
          await currentSnapshot(tx);
          await listOffers(tx, tenant, { sortBy: 'createdAt', order: 'desc', limit: 10, offset: 0 });
          await listOffers(tx, tenant, { search: 'zz', sortBy: 'createdAt', order: 'desc', limit: 10, offset: 0 });
          await findOffer(tx, tenant, randomUUID());
          await offersByIds(tx, tenant, [randomUUID()]);
          await everyoneOpen;
        })
        .then(
          () => 1,
          () => 0,
        ),
    ),
  );
  return { warmed: warmed.reduce((a: number, b) => a + b, 0) };
}
