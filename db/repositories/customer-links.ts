import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
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
  link: { offerId: string; tokenHash: string; changeSeq: number; ttlSeconds: number; sentTo: string },
): Promise<{ id: string; createdAt: Date; expiresAt: Date }> {
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
      sentTo: link.sentTo.toLowerCase(),
      expiresAt: sql`now() + (${link.ttlSeconds}::int * interval '1 second')`,
    })
    .returning({ id: offerCustomerLinks.id, createdAt: offerCustomerLinks.createdAt, expiresAt: offerCustomerLinks.expiresAt });
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
    .select({ id: offers.id, dealerId: offers.dealerId, environment: offers.environment, customerEmail: offers.customerEmail })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row;
}

/** How many links were sent in the last hour, and the seconds until the oldest of them leaves the hour. */
export type LinkWindow = { count: number; retryAfterSeconds: number };

/**
 * The links sent in the last hour for the offer and to the recipient (in the offer's environment),
 * from the stored links themselves, so every node counts the same. The caller holds the offer's
 * row lock and the recipient's lock (lockRecipient), so two sends cannot both pass the count.
 */
export async function linkWindows(db: Executor, offerId: string, recipient: string, environment: Environment): Promise<{ offer: LinkWindow; recipient: LinkWindow }> {
  const window = (where: ReturnType<typeof sql>) => sql`
    select count(*)::int as n,
           coalesce(ceil(extract(epoch from (min(l.created_at) + interval '1 hour' - now())))::int, 0) as retry
    from ${offerCustomerLinks} l join ${offers} o on o.id = l.offer_id
    where l.created_at > now() - interval '1 hour' and ${where}`;
  const byOffer = await db.execute(window(sql`l.offer_id = ${offerId}`));
  const byRecipient = await db.execute(window(sql`l.sent_to = ${recipient} and o.environment = ${environment}`));
  const read = (r: unknown): LinkWindow => {
    const [row] = rowsOf<{ n: number; retry: number }>(r);
    return { count: Number(row?.n ?? 0), retryAfterSeconds: Math.max(1, Number(row?.retry ?? 1)) };
  };
  return { offer: read(byOffer), recipient: read(byRecipient) };
}

/** Serialises sends to one recipient (in one environment) until the caller's transaction ends. */
export async function lockRecipient(db: Executor, recipient: string, environment: Environment): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-link:${environment}:${recipient}`}, 0))`);
}
