import 'server-only';
import { findOffer } from '@/db/repositories/offers';
import { getDb } from '@/lib/database';
import type { Tenant } from '@/lib/shared/model';

/** An offer's number in the dealer's environment (a page's title), if the offer is there. */
export async function offerNumberIn(tenant: Tenant, id: string): Promise<string | undefined> {
  return (await findOffer(getDb(), tenant, id))?.offerNumber;
}
