import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { offerHistory } from '../schema';

export type HistoryInsert = typeof offerHistory.$inferInsert;
export type HistoryRow = typeof offerHistory.$inferSelect;

export async function insertHistory(db: Executor, entries: HistoryInsert[]): Promise<void> {
  if (entries.length > 0) await db.insert(offerHistory).values(entries);
}

/** One offer's history, newest first. The caller has checked that the offer is the tenant's. */
export async function listHistory(db: Executor, offerId: string, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.select().from(offerHistory).where(eq(offerHistory.offerId, offerId)).orderBy(desc(offerHistory.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(offerHistory).where(eq(offerHistory.offerId, offerId)),
  ]);
  return { rows, total: count?.total ?? 0 };
}
