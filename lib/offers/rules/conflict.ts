import 'server-only';
import { ApiError } from '@/lib/api/errors';
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
