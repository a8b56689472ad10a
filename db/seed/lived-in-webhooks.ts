import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client';
import { outboxInsert, type OutboxEvent } from '../repositories/webhooks';
import type { Environment } from '@/lib/shared/model';
import { LIVED_IN_PREFIX } from './lived-in';

// The queries of the lived-in demo's webhook deliveries (lib/demo/lived-in.ts decides what they
// are): its endpoints' recent events, written as the outbox writes them and then dated back, and
// the lock an attempt is recorded under. Only the demo seeder calls them.

/** How many webhook endpoints the dealer has (the demo's endpoints are written only when none). */
export async function countEndpoints(db: Db, dealerId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from webhook_endpoints where dealer_id = ${dealerId}`));
  return Number(row?.n ?? 0);
}

export type LivedInHistoryRow = { offer_id: string; action: string; from_status: string | null; to_status: string | null; occurred_at: string | Date };

/**
 * The newest `limit` history entries of the dealer's lived-in offers in the environment, newest
 * first; with `before`, only entries older than it.
 */
export async function livedInHistory(db: Db, dealerId: string, environment: Environment, window: { limit: number; before?: Date }): Promise<LivedInHistoryRow[]> {
  const older = window.before ? sql`and h.occurred_at < ${window.before.toISOString()}::timestamptz` : sql``;
  return rowsOf<LivedInHistoryRow>(
    await db.execute(
      sql`select h.offer_id, h.action, h.from_status, h.to_status, h.occurred_at from offer_history h join offers o on o.id = h.offer_id
          where o.dealer_id = ${dealerId} and o.environment = ${environment} and o.external_offer_id like ${`${LIVED_IN_PREFIX}%`} ${older}
          order by h.occurred_at desc limit ${window.limit}`,
    ),
  );
}

/**
 * The events' deliveries for one endpoint, as the outbox writes them (it fans out to every active
 * endpoint of the environment: the others' deliveries of these events are removed), created and
 * due at the events' own times. False when there are no events.
 */
export async function insertEndpointDeliveries(db: Db, endpointId: string, events: OutboxEvent[]): Promise<boolean> {
  const insert = outboxInsert(events);
  if (!insert) return false;
  await db.execute(insert);
  await db.execute(sql`delete from webhook_deliveries where endpoint_id <> ${endpointId}::uuid and event_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(events.map((e) => e.eventId))}::jsonb))`);
  await db.execute(sql`update webhook_deliveries set created_at = occurred_at, next_attempt_at = occurred_at where endpoint_id = ${endpointId}`);
  return true;
}

/** The endpoint's deliveries in the order they were written. */
export async function endpointDeliveries(db: Db, endpointId: string): Promise<{ id: string; occurred_at: string | Date }[]> {
  return rowsOf<{ id: string; occurred_at: string | Date }>(await db.execute(sql`select id, occurred_at from webhook_deliveries where endpoint_id = ${endpointId} order by seq`));
}

/** Takes a delivery's lock as the sender does, so that an attempt can be recorded under it. */
export async function lockDelivery(db: Db, deliveryId: string, token: string): Promise<void> {
  await db.execute(sql`update webhook_deliveries set lock_token = ${token}::uuid where id = ${deliveryId}::uuid`);
}

/** The endpoint's state and its dates as the demo's story has them. */
export async function dateEndpoint(db: Db, endpointId: string, state: { active: boolean; createdAt: Date; updatedAt: Date }): Promise<void> {
  if (!state.active) await db.execute(sql`update webhook_endpoints set active = false where id = ${endpointId}::uuid`);
  await db.execute(sql`update webhook_endpoints set created_at = ${state.createdAt.toISOString()}::timestamptz, updated_at = ${state.updatedAt.toISOString()}::timestamptz where id = ${endpointId}::uuid`);
}
