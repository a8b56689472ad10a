import 'server-only';
import type { Executor } from '@/db/client';
import { insertOffer } from '@/db/repositories/offers-write';
import { parseOrThrow } from '@/lib/api/validation';
import type { Principal } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { rethrowExternalIdConflict } from './external-id-conflict';
import { eventTypeOf } from '@/lib/webhooks/events';
import { historyEntry } from './history-entry';
import { idempotent, requestFingerprint } from './idempotent';
import { normalizeOffer } from '@/lib/offers/rules/normalize';
import { createOfferBodySchema } from '@/lib/offers/contract/schemas';
import { answerOf } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';

export type CreateOfferResult = { status: number; body: { data: OfferResponse; meta: Record<string, unknown> }; replayed: boolean; text: string };

/**
 * Accepts an offer for processing: validate → normalize → insert offer, accessories, history and
 * webhook deliveries in one statement (with the idempotent answer in one transaction) → the offer in
 * status `pending`.
 */
export async function createOffer(principal: Principal, raw: unknown, lang: Lang, idempotencyKey?: string): Promise<CreateOfferResult> {
  const body = parseOrThrow(createOfferBodySchema, raw);
  const { value, infos } = normalizeOffer(body);

  // The offer, its accessories, its history entry and its webhook deliveries: one statement.
  const insert = async (db: Executor) => {
    const { externalOfferId, customerName, customerEmail } = value;
    const { record, current } = await insertOffer(db, principal, { externalOfferId, customerName, customerEmail }, value, infos, (id) => {
      const history = historyEntry(id, principal.actor, 'created', null, 'pending', 1);
      return { history, eventType: eventTypeOf(history) };
    });
    return { status: 202, body: { data: answerOf(record, { current }, lang), meta: {} } };
  };
  try {
    // Without an Idempotency-Key that statement is the whole write, atomic by itself: no transaction
    // (two round trips fewer). The fingerprint of a create is its body's (as keys stored before).
    return await idempotent(principal, idempotencyKey, idempotencyKey ? requestFingerprint(raw) : '', insert, { single: true });
  } catch (err) {
    return rethrowExternalIdConflict(err, principal, value.externalOfferId);
  }
}
