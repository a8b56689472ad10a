import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';

/** A round trip to the database (readiness). */
export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The journal timestamp of the newest applied migration (0 when none); throws without a migrations table. */
export async function lastMigrationAppliedAt(db: Executor): Promise<number> {
  const [row] = rowsOf<{ last: string | number | null }>(
    await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
  );
  return Number(row?.last ?? 0);
}

/** Work waiting across all tenants (operational totals; no offer data): counts and the oldest wait, in seconds. */
export async function backlogTotals(db: Executor): Promise<{ offersDue: number; offersOldestDueSeconds: number; webhooksDue: number; webhooksOldestDueSeconds: number }> {
  // Both halves use the partial "due" indexes (offers_due_idx, webhook_deliveries_due_idx).
  const [row] = rowsOf<Record<string, number | string | null>>(
    await db.execute(sql`
      select
        (select count(*) from offers where status = 'pending' and process_after <= now()) as offers_due,
        (select extract(epoch from now() - min(process_after)) from offers where status = 'pending' and process_after <= now()) as offers_oldest,
        (select count(*) from webhook_deliveries where status = 'pending' and next_attempt_at <= now()) as webhooks_due,
        (select extract(epoch from now() - min(next_attempt_at)) from webhook_deliveries where status = 'pending' and next_attempt_at <= now()) as webhooks_oldest`),
  );
  const n = (v: number | string | null | undefined) => Math.max(0, Number(v ?? 0));
  return {
    offersDue: n(row?.offers_due),
    offersOldestDueSeconds: n(row?.offers_oldest),
    webhooksDue: n(row?.webhooks_due),
    webhooksOldestDueSeconds: n(row?.webhooks_oldest),
  };
}
