import 'server-only';
import { getDb } from '@/lib/database';
import { uniqueViolation } from '@/db/errors';
import { activeOfferHolding } from '@/db/repositories/offers';
import { ApiError } from '@/lib/api/errors';
import type { Tenant } from '@/lib/auth/authenticate';
import { conflictTexts } from '@/lib/i18n/messages';

const conflictText = conflictTexts.externalOfferId;

/** The `details` of the 409: the field, the offer holding the id, and what to do instead. */
export function externalIdConflictDetails(holder: { id: string; offerNumber: string; status: string } | undefined): string {
  return holder
    ? `externalOfferId: held by the active offer ${holder.offerNumber} (id ${holder.id}, status ${holder.status}). Update that offer (PUT /v1/offers/${holder.id}), cancel it first, or send another externalOfferId.`
    : 'externalOfferId: held by an active offer of the dealer. Send another externalOfferId.';
}

/** The 409 of an externalOfferId held by an active offer: `offerId` names that offer. */
export function externalIdConflict(holder: { id: string; offerNumber: string; status: string } | undefined): ApiError {
  return new ApiError('CONFLICT', {
    details: externalIdConflictDetails(holder),
    text: conflictText,
    ...(holder ? { offerId: holder.id } : {}),
  });
}

/**
 * Maps the active-external-id constraint to 409 CONFLICT, naming the tenant's offer that holds the
 * id (looked up after the failed transaction, in the same dealer and environment only); rethrows
 * anything else. `exceptId`: the offer being updated, which cannot hold it against itself.
 */
export async function rethrowExternalIdConflict(err: unknown, tenant: Tenant, externalOfferId: string | undefined, exceptId?: string): Promise<never> {
  if (uniqueViolation(err) !== 'offers_active_external_id_uq') throw err;
  const holder = externalOfferId === undefined ? undefined : await activeOfferHolding(getDb(), tenant, externalOfferId, exceptId);
  throw externalIdConflict(holder);
}
