import 'server-only';
import { findOfferForCustomer } from '@/db/repositories/customer-links';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { getDb } from '@/lib/database';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';
import { ENDED_LINKS, mayRequestLink, type EndedLink } from './customer-link';

// The page of a customer link that no longer works (`/order/ended/{end}?offer={id}`): why, and the
// way forward — a fresh link to the offer's customer address where the offer still takes one, and
// the dealer's name and address to ask. It names nothing of the customer. proxy.ts gives it its
// status: 404 for a link that never existed, 410 for one that has ended.

export const endedLinkPath = (end: EndedLink, offerId?: string) => `/order/ended/${end}${offerId ? `?offer=${encodeURIComponent(offerId)}` : ''}`;

export const isEndedLink = (value: string): value is EndedLink => (ENDED_LINKS as readonly string[]).includes(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type EndedLinkHelp = { dealer: { name: string; address: string | null } | null; requestLink: string | null };

/** The dealer to ask, and whether a fresh link can be asked for, of the offer `offerId` (nothing when unknown). */
export async function endedLinkHelp(end: EndedLink, offerId: string | undefined): Promise<EndedLinkHelp> {
  if (!offerId || !UUID.test(offerId)) return { dealer: null, requestLink: null };
  const db = getDb();
  const offer = await findOfferForCustomer(db, offerId);
  if (!offer) return { dealer: null, requestLink: null };
  const dealer = (await findDealerLetterhead(db, offer.dealerId)) ?? null;
  const fresh = (end === 'expired' || end === 'replaced' || end === 'changed') && mayRequestLink(offer.status as OfferStatus);
  return { dealer, requestLink: fresh ? `/order/link?offer=${offerId}` : null };
}
