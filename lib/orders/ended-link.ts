import 'server-only';
import { findOfferForCustomer } from '@/db/repositories/customer-links';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { findOrderOwner } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';
import { ENDED_LINKS, mayRequestLink, openCustomerLink, type EndedLink } from './customer-link';
import { UUID_PATTERN } from '@/lib/shared/validation';

// The page of a customer link that no longer works (`/order/ended/{end}?offer={id}`): why, and the
// way forward — a fresh link to the offer's customer address where the offer still takes one, and
// the dealer's name and address to ask. It names nothing of the customer. proxy.ts gives it its
// status: 404 for a link that never existed, 410 for one that has ended; at a link's own address
// (`/order/{token}`) proxy.ts shows this page in its place, with the same status, by `linkEndAnswer`.

export const endedLinkPath = (end: EndedLink, offerId?: string) => `/order/ended/${end}${offerId ? `?offer=${encodeURIComponent(offerId)}` : ''}`;

export const isEndedLink = (value: string): value is EndedLink => (ENDED_LINKS as readonly string[]).includes(value);


export type EndedLinkHelp = { dealer: { name: string; address: string | null } | null; requestLink: string | null };

/** The dealer to ask, and whether a fresh link can be asked for, of the offer `offerId` (nothing when unknown). */
export async function endedLinkHelp(end: EndedLink, offerId: string | undefined): Promise<EndedLinkHelp> {
  if (!offerId || !UUID_PATTERN.test(offerId)) return { dealer: null, requestLink: null };
  const db = getDb();
  const offer = await findOfferForCustomer(db, offerId);
  if (!offer) return { dealer: null, requestLink: null };
  const dealer = (await findDealerLetterhead(db, offer.dealerId)) ?? null;
  const fresh = (end === 'expired' || end === 'replaced' || end === 'changed') && mayRequestLink(offer.status as OfferStatus);
  return { dealer, requestLink: fresh ? `/order/link?offer=${offerId}` : null };
}

/**
 * Where a customer link's own address ends when it no longer opens its offer: the ended page to
 * show in its place and its status (404 unknown, 410 ended). Undefined when the link opens its
 * offer or, once the offer is done, its order (the page shows it), or when the address is throttled
 * (its page says so). Counts the request against the caller's limits like every opening of a link.
 */
export async function linkEndAnswer(token: string, address: string): Promise<{ path: string; status: 404 | 410 } | undefined> {
  const db = getDb();
  const opened = await openCustomerLink(db, token, address);
  if (!('end' in opened) || opened.end === 'throttled') return undefined;
  if (opened.end === 'done' && opened.offerId && (await findOrderOwner(db, opened.offerId))) return undefined;
  return { path: endedLinkPath(opened.end, opened.offerId), status: opened.end === 'unknown' ? 404 : 410 };
}
