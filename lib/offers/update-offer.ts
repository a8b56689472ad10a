import 'server-only';
import { getDb } from '@/lib/database';
import { findOffer } from '@/db/repositories/offers';
import { resubmitOffer } from '@/db/repositories/offers-write';
import { ApiError, notFound } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import { warn } from '@/lib/api/warnings';
import { secondsUntilProcessed } from '@/lib/ops/next-run';
import type { Principal } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { diffOffer } from './changes';
import { rethrowExternalIdConflict } from './conflict';
import { historyEntry, recordHistory } from './history-entry';
import { beingProcessedDetails, notModifiableDetails, updateRefusal, type OfferStatus } from './lifecycle';
import { normalizeOffer } from './normalize';
import { updateOfferBodySchema } from './schemas';
import { serializeOffer, type OfferResponse } from './serialize';

/**
 * Replaces an offer's data and resubmits it. The offer row is locked first, so of concurrent
 * updates exactly one is accepted; the others find it pending and get 406.
 */
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

export async function updateOffer(principal: Principal, id: string, raw: unknown, lang: Lang): Promise<OfferResponse> {
  const { rest, fixed } = splitFixed(raw);
  const body = parseOrThrow(updateOfferBodySchema, rest);
  const { value, infos } = normalizeOffer(body);
  let externalOfferId: string | undefined;
  try {
    return await getDb().transaction(async (tx) => {
      const old = await findOffer(tx, principal, id, { lock: true });
      if (!old) notFound();
      externalOfferId = old.externalOfferId;
      const status = old.status as OfferStatus;
      const refusal = updateRefusal(status);
      if (refusal === 'OFFER_IS_BEING_PROCESSED') {
        const seconds = secondsUntilProcessed(old.processAfter);
        throw new ApiError(refusal, {
          details: beingProcessedDetails(id, seconds),
          headers: { 'Retry-After': String(seconds) },
        });
      }
      if (refusal) throw new ApiError(refusal, { details: notModifiableDetails(status, 'update') });
      for (const name of FIXED_FIELDS) {
        if (fixed[name] !== undefined && fixed[name] !== null && fixed[name] !== old[name]) warn('FIELD_NOT_UPDATABLE', { field: name });
      }
      await resubmitOffer(tx, principal, id, value, infos);
      await recordHistory(tx, [
        historyEntry(id, principal.actor, 'updated', old.status as OfferStatus, 'pending', old.changeSeq + 1, diffOffer(old, value)),
      ]);
      return serializeOffer((await findOffer(tx, principal, id))!, lang);
    });
  } catch (err) {
    return rethrowExternalIdConflict(err, principal, externalOfferId, id);
  }
}
