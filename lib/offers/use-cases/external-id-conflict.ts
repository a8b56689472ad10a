import 'server-only';
import { uniqueViolation } from '@/db/errors';
import { activeOfferHolding } from '@/db/repositories/offers';
import type { Tenant } from '@/lib/auth/authenticate';
import { getDb } from '@/lib/database';
import { externalIdConflict } from '@/lib/offers/rules/conflict';

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
