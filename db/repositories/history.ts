import 'server-only';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { offerHistory, offers } from '../schema';
import { notificationInsert } from './notifications';
import { outboxEventsJson, outboxFrom, type OutboxEvent } from './webhooks';

export type HistoryInsert = typeof offerHistory.$inferInsert;
export type HistoryRow = typeof offerHistory.$inferSelect;

/**
 * Writes history entries — and, for those that create an offer or change its status, the webhook
 * deliveries of their events (the outbox) — in the caller's transaction: one statement for any
 * number of entries. Call it after the offer row holds the change: events read the status from it.
 * (A new offer's entry is written by insertOffer, in the offer's own statement.)
 * Which entry is which event (if any) is the caller's policy, `eventOf`.
 */
export async function insertHistory(
  db: Executor,
  entries: HistoryInsert[],
  eventOf: (entry: HistoryInsert) => string | null,
): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(inOneStatement(historyWrites(entries, eventOf, sql`${offers}`)));
}

/**
 * insertHistory's writes, for a caller that runs them in a statement of its own (inOneStatement):
 * the entries, the notifications of status changes and the webhook deliveries of their events.
 * `offersFrom`: where the events read the offers' rows — the table, or a data-modifying CTE of the
 * same statement that changes them (its RETURNING holds every column outboxFrom reads).
 */
export function historyWrites(entries: HistoryInsert[], eventOf: (entry: HistoryInsert) => string | null, offersFrom: SQL): Write[] {
  if (entries.length === 0) return [];
  const events: OutboxEvent[] = [];
  for (const entry of entries) {
    const event = outboxEventOf(entry, eventOf(entry));
    if (event) events.push(event);
  }
  // Status changes also notify the dealer's users (in-app and the mail outbox), each notification
  // naming its entry: the history rows are written first and read back by the other writes.
  const changes = entries.some((e) => e.toStatus && e.fromStatus && e.toStatus !== e.fromStatus);
  const writes: Write[] = [{ name: 'history', sql: sql`${historyInsert(entries)} returning id, offer_id, from_status, to_status` }];
  if (changes) writes.push({ name: 'notify', sql: notificationInsert(sql`${sql.identifier('history')}`) });
  if (events.length > 0) writes.push({ name: 'outbox', sql: outboxFrom(sql`${outboxEventsJson(events)}`, offersFrom) });
  return writes;
}

/** One write of a statement: a data-modifying CTE by its name, or the statement's last write. */
export type Write = { name: string; sql: SQL };

/**
 * Writes as one statement, one round trip: the writes before the last run as data-modifying CTEs
 * (PostgreSQL runs every one of them; none sees in a table what another writes, and statement
 * triggers of every one fire at the statement's end); a later write reads an earlier one by name.
 */
export function inOneStatement(writes: Write[], first?: Write): SQL {
  const all = [...(first ? [first] : []), ...writes];
  const last = all.pop()!;
  const ctes = all.map((w) => sql`${sql.identifier(w.name)} as (${w.sql})`);
  return ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last.sql}` : sql`${last.sql}`;
}

/**
 * The entries' insert with all their values in one JSON parameter, in the order given: a batch of
 * the processor's 500 entries as a VALUES list was 5,000 parameters, which Drizzle took ~3 ms of
 * CPU to build (docs/performance.md, "The processor").
 */
function historyInsert(entries: HistoryInsert[]): SQL {
  const rows = JSON.stringify(
    entries.map((e) => ({
      offer_id: e.offerId,
      occurred_at: e.occurredAt instanceof Date ? e.occurredAt.toISOString() : (e.occurredAt ?? null),
      actor_type: e.actorType,
      actor_id: e.actorId ?? null,
      actor_name: e.actorName ?? null,
      action: e.action,
      from_status: e.fromStatus ?? null,
      to_status: e.toStatus ?? null,
      changes: e.changes ?? [],
      change_seq: e.changeSeq,
    })),
  );
  return sql`
    insert into ${offerHistory} (offer_id, occurred_at, actor_type, actor_id, actor_name, action, from_status, to_status, changes, change_seq)
    select v.offer_id, coalesce(v.occurred_at, now()), v.actor_type::actor_type, v.actor_id, v.actor_name, v.action,
      v.from_status::offer_status, v.to_status::offer_status, v.changes, v.change_seq
    from rows from (jsonb_to_recordset(${rows}::jsonb) as (offer_id uuid, occurred_at timestamptz, actor_type text,
        actor_id text, actor_name text, action text, from_status text, to_status text, changes jsonb, change_seq int))
      with ordinality as v(offer_id, occurred_at, actor_type, actor_id, actor_name, action, from_status, to_status, changes, change_seq, ord)
    order by v.ord`;
}

/** The history field of a purchase order's status change. */
const ORDER_STATUS_FIELD = 'order.status';

/** The webhook event of a history entry, if `type` names one and the entry changes the offer's or its order's status. */
export function outboxEventOf(entry: HistoryInsert, type: string | null): OutboxEvent | undefined {
  const orderChange = entry.changes?.find((c) => c.field === ORDER_STATUS_FIELD);
  const order = orderChange && typeof orderChange.new === 'string' ? { oldStatus: typeof orderChange.old === 'string' ? orderChange.old : null, newStatus: orderChange.new } : undefined;
  if (!type || (!entry.toStatus && !order)) return undefined;
  return {
    eventId: randomUUID(),
    type,
    offerId: entry.offerId,
    oldStatus: entry.fromStatus ?? null,
    newStatus: entry.toStatus ?? null,
    ...(order ? { order } : {}),
    occurredAt: entry.occurredAt instanceof Date ? entry.occurredAt : undefined,
  };
}

/** One offer's history, newest first. The caller has checked that the offer is the tenant's. */
export async function listHistory(db: Executor, offerId: string, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.select().from(offerHistory).where(eq(offerHistory.offerId, offerId)).orderBy(desc(offerHistory.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(offerHistory).where(eq(offerHistory.offerId, offerId)),
  ]);
  return { rows, total: count?.total ?? 0 };
}
