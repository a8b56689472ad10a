import 'server-only';
import { findOffer } from '@/db/repositories/offers';
import { getDb } from '@/lib/database';
import type { Tenant } from '@/lib/shared/model';

/** An offer's number in the dealer's environment (a page's title), if the offer is there. */
export async function offerNumberIn(tenant: Tenant, id: string): Promise<string | undefined> {
  return (await findOffer(getDb(), tenant, id))?.offerNumber;
}

/**
 * The other environment when the dealer's offer `id` is there and not in `tenant`'s, and the user
 * may open it (production needs production access): a link to an offer of the other environment
 * leads to it instead of ending.
 */
export async function offerElsewhere(tenant: Tenant, id: string, productionAccess: boolean): Promise<Tenant['environment'] | undefined> {
  const other = tenant.environment === 'production' ? 'sandbox' : 'production';
  if (other === 'production' && !productionAccess) return undefined;
  const db = getDb();
  if (await findOffer(db, tenant, id)) return undefined;
  return (await findOffer(db, { dealerId: tenant.dealerId, environment: other }, id)) ? other : undefined;
}
