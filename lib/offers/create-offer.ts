import 'server-only';
import { createHash } from 'node:crypto';
import { getDb } from '@/lib/database';
import { findIdempotentResponse, lockIdempotencyKey, storeIdempotentResponse } from '@/db/repositories/idempotency';
import type { Executor } from '@/db/client';
import { insertOffer } from '@/db/repositories/offers-write';
import { ApiError } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import type { Principal } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { rethrowExternalIdConflict } from './conflict';
import { eventTypeOf } from '@/lib/webhooks/events';
import { historyEntry } from './history-entry';
import { normalizeOffer } from './normalize';
import { createOfferBodySchema } from './schemas';
import { serializeOffer } from './serialize';

export type CreateOfferResult = { status: number; body: { data: { id: string } & Record<string, unknown>; meta: Record<string, unknown> }; replayed: boolean };

class ReplayInstead extends Error {}

/** A stable fingerprint of a request body: the same JSON with keys in any order hashes the same. */
export function requestFingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');
}

/**
 * Accepts an offer for processing: validate → normalize → insert offer, accessories, history and
 * webhook deliveries in one statement (with the idempotent answer in one transaction) → the offer in
 * status `pending`.
 */
export async function createOffer(
  principal: Principal,
  raw: unknown,
  lang: Lang,
  idempotencyKey?: string,
): Promise<CreateOfferResult> {
  const body = parseOrThrow(createOfferBodySchema, raw);
  const { value, infos } = normalizeOffer(body);
  const fingerprint = idempotencyKey ? requestFingerprint(raw) : '';

  // The offer, its accessories, its history entry and its webhook deliveries: one statement.
  const insert = async (db: Executor) => {
    const { externalOfferId, customerName, customerEmail } = value;
    const record = await insertOffer(db, principal, { externalOfferId, customerName, customerEmail }, value, infos, (id) => {
      const history = historyEntry(id, principal.actor, 'created', null, 'pending', 1);
      return { history, eventType: eventTypeOf(history) };
    });
    return { status: 202, body: { data: serializeOffer(record, lang), meta: {} }, replayed: false };
  };
  // Without an Idempotency-Key that statement is the whole write, atomic by itself: no transaction
  // (two round trips fewer). With one, the key is locked, looked up and stored in one transaction.
  const attempt = (): Promise<CreateOfferResult> =>
    !idempotencyKey
      ? insert(getDb())
      : getDb().transaction(async (tx): Promise<CreateOfferResult> => {
          await lockIdempotencyKey(tx, principal, idempotencyKey);
          const stored = await findIdempotentResponse(tx, principal, idempotencyKey);
          if (stored) {
            if (stored.requestHash !== fingerprint) throw new ApiError('IDEMPOTENCY_KEY_REUSED', { details: 'Idempotency-Key' });
            return { status: stored.responseStatus, body: stored.responseBody as CreateOfferResult['body'], replayed: true };
          }
          const result = await insert(tx);
          const kept = await storeIdempotentResponse(tx, principal, {
            key: idempotencyKey,
            requestHash: fingerprint,
            responseStatus: result.status,
            responseBody: result.body,
            offerId: result.body.data.id,
          });
          if (!kept) throw new ReplayInstead();
          return result;
        });

  try {
    try {
      return await attempt();
    } catch (err) {
      // A concurrent request with the same key won: roll back ours and answer with its answer.
      if (err instanceof ReplayInstead) return await attempt();
      throw err;
    }
  } catch (err) {
    return rethrowExternalIdConflict(err, principal, value.externalOfferId);
  }
}
