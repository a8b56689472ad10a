import type { HistoryInsert } from '@/db/repositories/history';
import type { FieldChange } from '@/db/schema';
import type { Actor } from '@/lib/auth/authenticate';
import type { OfferStatus } from './lifecycle';

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
