import { uniqueViolation } from '@/db/errors';
import { ApiError } from '@/lib/api/errors';

/** Maps the active-external-id constraint to 409 CONFLICT; rethrows anything else. */
export function rethrowExternalIdConflict(err: unknown): never {
  if (uniqueViolation(err) === 'offers_active_external_id_uq') {
    throw new ApiError('CONFLICT', {
      details: 'externalOfferId',
      text: {
        de: 'Die externe Angebotsnummer gehört bereits zu einem aktiven Angebot.',
        en: 'The externalOfferId already belongs to an active offer.',
      },
    });
  }
  throw err;
}
