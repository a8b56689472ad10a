import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { offerCustomerLinks, offers } from '../schema';
import type { Environment } from '@/lib/shared/model';

// The customer's links to an offer (db/schema/orders.ts): the hash of each token, the change it
// was sent for, its expiry, and when a newer link replaced it.

/**
 * Stores a new link of the offer; every older link of the offer stops working (replaced). The
 * link's id and expiry.
 */
export async function insertCustomerLink(
  db: Executor,
  link: { offerId: string; tokenHash: string; changeSeq: number; ttlSeconds: number },
): Promise<{ id: string; expiresAt: Date }> {
  await db
    .update(offerCustomerLinks)
    .set({ replacedAt: sql`now()` })
    .where(and(eq(offerCustomerLinks.offerId, link.offerId), isNull(offerCustomerLinks.replacedAt)));
  const [row] = await db
    .insert(offerCustomerLinks)
    .values({
      offerId: link.offerId,
      tokenHash: link.tokenHash,
      changeSeq: link.changeSeq,
      expiresAt: sql`now() + (${link.ttlSeconds}::int * interval '1 second')`,
    })
    .returning({ id: offerCustomerLinks.id, expiresAt: offerCustomerLinks.expiresAt });
  return row!;
}

export type CustomerLinkRow = {
  id: string;
  offerId: string;
  dealerId: string;
  environment: Environment;
  changeSeq: number;
  expiresAt: Date;
  replaced: boolean;
  expired: boolean;
};

/** The link stored under a token's hash, with its offer's tenant; the clock is the database's. */
export async function findCustomerLink(db: Executor, tokenHash: string): Promise<CustomerLinkRow | undefined> {
  const [row] = await db
    .select({
      id: offerCustomerLinks.id,
      offerId: offerCustomerLinks.offerId,
      dealerId: offers.dealerId,
      environment: offers.environment,
      changeSeq: offerCustomerLinks.changeSeq,
      expiresAt: offerCustomerLinks.expiresAt,
      replaced: sql<boolean>`${offerCustomerLinks.replacedAt} is not null`,
      expired: sql<boolean>`${offerCustomerLinks.expiresAt} <= now()`,
    })
    .from(offerCustomerLinks)
    .innerJoin(offers, eq(offers.id, offerCustomerLinks.offerId))
    .where(eq(offerCustomerLinks.tokenHash, tokenHash))
    .limit(1);
  return row ? { ...row, replaced: Boolean(row.replaced), expired: Boolean(row.expired) } : undefined;
}

/** An offer's tenant and customer e-mail by its id alone (the QR code's page asks for a new link). */
export async function findOfferForCustomer(db: Executor, offerId: string) {
  const [row] = await db
    .select({ id: offers.id, dealerId: offers.dealerId, environment: offers.environment, status: offers.status, customerEmail: offers.customerEmail })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row;
}
