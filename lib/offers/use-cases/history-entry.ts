import 'server-only';
import type { Executor } from '@/db/client';
import { historyWrites, insertHistory, type HistoryInsert, type Write } from '@/db/repositories/history';
import type { SQL } from 'drizzle-orm';
import type { FieldChange } from '@/db/schema';
import type { Actor } from '@/lib/auth/authenticate';
import { eventTypeOf } from '@/lib/webhooks/events';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';

/** A history row for a change of `offerId` by `actor`. */
export function historyEntry(
  offerId: string,
  actor: Actor,
  action: string,
  from: OfferStatus | null,
  to: OfferStatus | null,
  changeSeq: number,
  changes: FieldChange[] = [],
): HistoryInsert {
  return {
    offerId,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name ?? null,
    action,
    fromStatus: from,
    toStatus: to,
    changeSeq,
    changes,
  };
}

export const SYSTEM_ACTOR: Actor = { type: 'system', id: 'processor', name: 'Spoke processor' };

/**
 * Records history entries in the caller's transaction, with the webhook events they stand for
 * (lib/webhooks/events.ts decides which): the one way every change of an existing offer is written
 * down. A new offer's entry and event go into the offer's own statement (insertOffer).
 */
export async function recordHistory(db: Executor, entries: HistoryInsert[]): Promise<void> {
  await insertHistory(db, entries, eventTypeOf);
}

/** recordHistory's writes, for a statement that changes the offers itself (`offersFrom`: its CTE). */
export function historyWritesOf(entries: HistoryInsert[], offersFrom: SQL): Write[] {
  return historyWrites(entries, eventTypeOf, offersFrom);
}
