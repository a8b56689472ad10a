import { getDb } from '@/db/client';
import { insertHistory } from '@/db/repositories/history';
import { findOffer, resubmitOffer } from '@/db/repositories/offers';
import { ApiError, notFound } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import type { Principal } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { diffOffer } from './changes';
import { rethrowExternalIdConflict } from './conflict';
import { historyEntry } from './history-entry';
import { updateRefusal, type OfferStatus } from './lifecycle';
import { normalizeOffer } from './normalize';
import { updateOfferBodySchema } from './schemas';
import { serializeOffer, type OfferResponse } from './serialize';

/**
 * Replaces an offer's data and resubmits it. The offer row is locked first, so of concurrent
 * updates exactly one is accepted; the others find it pending and get 406.
 */
export async function updateOffer(principal: Principal, id: string, raw: unknown, lang: Lang): Promise<OfferResponse> {
  const body = parseOrThrow(updateOfferBodySchema, raw);
  const { value, infos } = normalizeOffer(body);
  try {
    return await getDb().transaction(async (tx) => {
      const old = await findOffer(tx, principal, id, { lock: true });
      if (!old) notFound();
      const refusal = updateRefusal(old.status as OfferStatus);
      if (refusal) throw new ApiError(refusal);
      await resubmitOffer(tx, principal, id, value, infos);
      await insertHistory(tx, [
        historyEntry(id, principal.actor, 'updated', old.status as OfferStatus, 'pending', old.changeSeq + 1, diffOffer(old, value)),
      ]);
      return serializeOffer((await findOffer(tx, principal, id))!, lang);
    });
  } catch (err) {
    rethrowExternalIdConflict(err);
  }
}
