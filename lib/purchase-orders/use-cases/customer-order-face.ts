import 'server-only';
import { findOfferForCustomer } from '@/db/repositories/customer-links';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { findOffer } from '@/db/repositories/offers';
import { findOrderOwner, ordersOf } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/auth/authenticate';
import { orderTexts } from '@/lib/i18n/messages';
import { leaseTermsOfOffer } from '@/lib/leasing/offer-lease';
import { consume, createLimiter, rateLimitHeaders } from '@/lib/rate-limit';
import type { LeaseTerms, PurchaseOrderStatus } from '@/lib/shared/model';
import { awaitsHandover, newPickupCodeInTransaction } from './pickup-codes';

// The employee's side of the order, on the pages of the customer link (after `done` the link opens
// the order, not the offer): where the order stands, where and when to pick the bicycle up, the
// lease's dates and monthly amounts once handed over; and a new pickup code asked for on the
// offer document's QR code page (/order/link), mailed to the employee alone.

export type CustomerOrder = {
  status: PurchaseOrderStatus;
  sandbox: boolean;
  offerNumber: string;
  bicycle: string;
  customerName: string;
  pickupCodeSentAt: string | null;
  handedOverOn: string | null;
  leaseStart: string | null;
  leaseEnd: string | null;
  dealer: { name: string; address: string | null };
  leaseTerms: LeaseTerms | null;
};

/** The order of an offer whose customer link the caller opened (the link names the offer); null without one. */
export async function customerOrderOf(offerId: string): Promise<CustomerOrder | null> {
  const db = getDb();
  const owner = await findOrderOwner(db, offerId);
  if (!owner) return null;
  const offer = await findOffer(db, owner, offerId);
  const order = (await ordersOf(db, [offerId])).get(offerId);
  if (!offer || !order) return null;
  const [dealer, leaseTerms] = await Promise.all([findDealerLetterhead(db, offer.dealerId), leaseTermsOfOffer(db, offer)]);
  return {
    status: order.status,
    sandbox: offer.environment === 'sandbox',
    offerNumber: offer.offerNumber,
    bicycle: [offer.productBrandName, offer.productModelName].filter(Boolean).join(' '),
    customerName: offer.customerName,
    pickupCodeSentAt: order.pickupCodeSentAt?.toISOString() ?? null,
    handedOverOn: order.handedOverOn,
    leaseStart: order.leaseStart,
    leaseEnd: order.leaseEnd,
    dealer: dealer ?? { name: '', address: null },
    leaseTerms: leaseTerms ?? null,
  };
}

// New codes asked for on the QR code's page: few per offer an hour, beside the page's own limits
// on asking (lib/orders/customer-link.ts, which the caller applies first).
export const PICKUP_CODES_PER_OFFER_HOUR = 3;
const codesPerOffer = createLimiter({ keyPrefix: 'rl:pickup-code:offer', points: PICKUP_CODES_PER_OFFER_HOUR, duration: 60 * 60 });

/**
 * The QR code's page after `done`: when `email` is the customer's of a production order awaiting its
 * handover, a new pickup code is mailed to it (the old one stops working, the tries start again).
 * Answers the same whatever happened — the page tells nobody whether an order exists — except 429
 * beyond the offer's hourly codes. True when a code was sent.
 */
export async function requestPickupCode(offerIdInput: unknown, emailInput: unknown, now = new Date()): Promise<boolean> {
  const offerId = typeof offerIdInput === 'string' ? offerIdInput.trim().toLowerCase() : '';
  const email = typeof emailInput === 'string' ? emailInput.trim().toLowerCase() : '';
  if (!/^[0-9a-f-]{36}$/.test(offerId) || !email) return false;
  const owner = await findOfferForCustomer(getDb(), offerId);
  if (!owner || owner.environment !== 'production' || owner.customerEmail.toLowerCase() !== email) return false;
  if (!(await awaitsHandover(getDb(), owner, offerId))) return false;
  const used = await consume(codesPerOffer, offerId);
  if (!used.allowed) throw new ApiError('TOO_MANY_REQUESTS', { text: orderTexts.linkRequestsThrottled, details: 'pickup code requests', headers: rateLimitHeaders(used) });
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, owner, offerId, { lock: true });
    if (!offer || offer.anonymisedAt || offer.restrictedAt || !(await awaitsHandover(tx, owner, offerId))) return false;
    const actor: Actor = { type: 'customer', id: offerId, name: offer.customerName };
    await newPickupCodeInTransaction(tx, owner, offer, actor, now);
    return true;
  });
}
