import 'server-only';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { findOffer } from '@/db/repositories/offers';
import { findOrderOwner, ordersOf } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { leaseTermsOfOffer } from '@/lib/leasing/offer-lease';
import type { LeaseTerms, PurchaseOrderStatus } from '@/lib/shared/model';

// The employee's side of the order, on the pages of the customer link (after `done` the link opens
// the order, not the offer): where the order stands, where and when to pick the bicycle up, the
// lease's dates and monthly amounts once handed over. (A new pickup code is asked for on the offer
// document's QR code page, /order/link: lib/orders/customer-link.ts.)

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
