import 'server-only';
import { findOffer } from '@/db/repositories/offers';
import { resubmitOffer } from '@/db/repositories/offers-write';
import type { Executor } from '@/db/client';
import { ApiError, notFound } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import { warn } from '@/lib/api/warnings';
import { secondsUntilProcessed } from '@/lib/ops/next-run';
import type { Principal } from '@/lib/auth/authenticate';
import type { OfferRecord } from '@/db/repositories/offers';
import { answerTexts, format, type Lang } from '@/lib/i18n/messages';
import { diffOffer } from '@/lib/offers/rules/changes';
import { rethrowExternalIdConflict } from './external-id-conflict';
import { historyEntry, recordHistory } from './history-entry';
import { idempotent, requestFingerprint } from './idempotent';
import { beingProcessedDetails, notModifiableDetails, updateRefusal, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { normalizeOffer } from '@/lib/offers/rules/normalize';
import { updateOfferBodySchema } from '@/lib/offers/contract/schemas';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';

/** Fields set at creation that an update leaves as they are; a different value sent is reported. */
const FIXED_FIELDS = ['externalOfferId', 'customerName', 'customerEmail'] as const;

function splitFixed(raw: unknown): { rest: unknown; fixed: Partial<Record<(typeof FIXED_FIELDS)[number], unknown>> } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { rest: raw, fixed: {} };
  const rest: Record<string, unknown> = { ...raw };
  const fixed: Record<string, unknown> = {};
  for (const name of FIXED_FIELDS) {
    if (name in rest) fixed[name] = rest[name];
    delete rest[name];
  }
  return { rest, fixed };
}

/**
 * Refuses a change of the offer's data in its status: 406 while an earlier change is being
 * processed (pending), 409 from order_journey_started on and when final.
 */
export function assertModifiable(offer: OfferRecord, id: string, attempted: 'update' | 'customer'): void {
  const status = offer.status as OfferStatus;
  const refusal = updateRefusal(status);
  if (refusal === 'OFFER_IS_BEING_PROCESSED') {
    const seconds = secondsUntilProcessed(offer.processAfter);
    throw new ApiError(refusal, {
      text: format(answerTexts.beingProcessed, { seconds }),
      details: beingProcessedDetails(id, seconds),
      headers: { 'Retry-After': String(seconds) },
    });
  }
  if (refusal) throw new ApiError(refusal, { details: notModifiableDetails(status, attempted) });
}

export type UpdateOfferResult = { status: 202; body: { data: OfferResponse; meta: Record<string, never> }; replayed: boolean; text: string };

/**
 * Replaces an offer's data and resubmits it. The offer row is locked first, so of concurrent
 * updates exactly one is accepted; the others find it pending and get 406. An update that changes
 * nothing leaves the offer as it is (not pending again) and says so (NO_CHANGE).
 */
export async function updateOffer(principal: Principal, id: string, raw: unknown, lang: Lang, idempotencyKey?: string): Promise<UpdateOfferResult> {
  const { rest, fixed } = splitFixed(raw);
  const body = parseOrThrow(updateOfferBodySchema, rest);
  const { value, infos } = normalizeOffer(body);
  let externalOfferId: string | undefined;
  const write = async (tx: Executor) => {
    const old = await findOffer(tx, principal, id, { lock: true });
    if (!old) notFound();
    externalOfferId = old.externalOfferId;
    assertModifiable(old, id, 'update');
    for (const name of FIXED_FIELDS) {
      if (fixed[name] !== undefined && fixed[name] !== null && fixed[name] !== old[name]) warn('FIELD_NOT_UPDATABLE', { field: name });
    }
    const changes = diffOffer(old, value);
    if (changes.length === 0) {
      warn('NO_CHANGE', {}, { status: old.status });
      return { status: 202 as const, body: { data: await offerAnswer(tx, old, lang), meta: {} } };
    }
    await resubmitOffer(tx, principal, id, value, infos);
    await recordHistory(tx, [historyEntry(id, principal.actor, 'updated', old.status as OfferStatus, 'pending', old.changeSeq + 1, changes)]);
    return { status: 202 as const, body: { data: await offerAnswer(tx, (await findOffer(tx, principal, id))!, lang), meta: {} } };
  };
  try {
    const fingerprint = idempotencyKey ? requestFingerprint({ operation: 'updateOffer', id, body: raw }) : '';
    return await idempotent(principal, idempotencyKey, fingerprint, write);
  } catch (err) {
    return rethrowExternalIdConflict(err, principal, externalOfferId, id);
  }
}
