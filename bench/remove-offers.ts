// Removing the offers a bench run created, at the data set's scale. Nothing in Spoke deletes
// offers, so the tables that reference them are not indexed for it: offer_search is keyed by
// dealer and offer (hash-partitioned by dealer), notifications and webhook_deliveries have no
// index on offer_id alone. A plain `delete from offers` cascades row by row, and each cascaded
// delete reads all of offer_search's partitions: 50,000 offers took more than ten minutes at
// 1,000,000 (and did not finish). Set-based instead, in one transaction: the triggers and
// foreign-key cascades rest (session_replication_role, superuser) and each table loses the
// offers' rows by one join; the tenants' list counts and versions are set as their triggers would.

import { sql as drizzleSql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { Db } from '@/db/client';

const REFERENCING = ['offer_search', 'offer_accessories', 'offer_history', 'offer_claims', 'idempotency_keys', 'notifications', 'webhook_deliveries'];

/**
 * The statements, in order, that remove the offers `where` selects (SQL over `offers`, trusted
 * text: the bench's own prefixes), to run in one transaction.
 */
function removeOffersStatements(where: string): string[] {
  return [
    'set local session_replication_role = replica',
    `create temporary table removed_offers on commit drop as select id, dealer_id, environment from offers where ${where}`,
    // What the triggers of migration 0018 would have done: each tenant's count less, its version on.
    `update offer_list_versions v set offers = v.offers - r.n, version = v.version + 1
      from (select dealer_id, environment, count(*)::int as n from removed_offers group by 1, 2) r
      where v.dealer_id = r.dealer_id and v.environment = r.environment`,
    'delete from webhook_delivery_attempts a using webhook_deliveries d, removed_offers r where a.delivery_id = d.id and d.offer_id = r.id',
    ...REFERENCING.map((table) => `delete from ${table} t using removed_offers r where t.offer_id = r.id`),
    'delete from offers o using removed_offers r where o.id = r.id',
  ];
}

/** Removes the offers `where` selects, through postgres.js (the bench's runner); how many. */
export function removeOffers(sql: postgres.Sql, where: string): Promise<number> {
  return sql.begin(async (tx) => {
    let removed = 0;
    for (const statement of removeOffersStatements(where)) removed = (await tx.unsafe(statement)).count;
    return removed;
  });
}

/** The same through the app's database (the tools that run Spoke's code in-process). */
export async function removeOffersFrom(db: Db, where: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of removeOffersStatements(where)) await tx.execute(drizzleSql.raw(statement));
  });
}
