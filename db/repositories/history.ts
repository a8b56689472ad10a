import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { offerHistory } from '../schema';
import { enqueueOfferEvents, type OutboxEvent } from './webhooks';
import { eventTypeOf } from '@/lib/webhooks/events';

export type HistoryInsert = typeof offerHistory.$inferInsert;
export type HistoryRow = typeof offerHistory.$inferSelect;

/**
 * Writes history entries — and, for those that create an offer or change its status, the webhook
 * deliveries of their events (the outbox) — in the caller's transaction: two statements for any
 * number of entries. Call it after the offer row holds the change: events read the status from it.
 */
export async function insertHistory(db: Executor, entries: HistoryInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(offerHistory).values(entries);
  const events: OutboxEvent[] = [];
  for (const entry of entries) {
    const type = eventTypeOf(entry);
    if (type && entry.toStatus) {
      events.push({
        eventId: randomUUID(),
        type,
        offerId: entry.offerId,
        oldStatus: entry.fromStatus ?? null,
        newStatus: entry.toStatus,
        occurredAt: entry.occurredAt instanceof Date ? entry.occurredAt : undefined,
      });
    }
  }
  await enqueueOfferEvents(db, events);
}

/** One offer's history, newest first. The caller has checked that the offer is the tenant's. */
export async function listHistory(db: Executor, offerId: string, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.select().from(offerHistory).where(eq(offerHistory.offerId, offerId)).orderBy(desc(offerHistory.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(offerHistory).where(eq(offerHistory.offerId, offerId)),
  ]);
  return { rows, total: count?.total ?? 0 };
}
