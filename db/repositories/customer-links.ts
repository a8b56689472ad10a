import 'server-only';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { offerCustomerLinks, offers } from '../schema';
import type { Environment } from '@/lib/shared/model';

// The customer's links to an offer (db/schema/orders.ts): the hash of each token, the change it
// was sent for, its expiry, and when a newer link replaced it.

/**
 * Stores a new link of the offer; every older link of the offer stops working (replaced). The
 * link's id and expiry. `sentTo` is the mailbox a production link was mailed to (mailboxOf), the
 * quotas' key; null for a sandbox link, which is mailed to nobody and counts toward nothing.
 */
export async function insertCustomerLink(
  db: Executor,
  link: { offerId: string; tokenHash: string; changeSeq: number; ttlSeconds: number; sentTo: string | null },
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
      sentTo: link.sentTo,
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
    .select({ id: offers.id, dealerId: offers.dealerId, environment: offers.environment, status: offers.status, customerEmail: offers.customerEmail })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row;
}

/** How many links were sent in the last hour, and the seconds until fewer than the limit are. */
export type LinkWindow = { count: number; retryAfterSeconds: number };

/** The windows a production link is counted in: its offer, its dealer's sends to the mailbox, and every dealer's. */
export type LinkWindows = { offer: LinkWindow; dealer: LinkWindow; all: LinkWindow };

/**
 * The production links sent in the last hour for the offer, by its dealer to the mailbox, and by
 * every dealer to the mailbox, from the stored links themselves, so every node counts the same;
 * `retryAfterSeconds` is when the `limit`-th newest of them leaves the hour. The caller holds the
 * offer's row lock and the mailbox's lock (lockRecipient), so two sends cannot both pass the count.
 */
export async function linkWindows(
  db: Executor,
  link: { offerId: string; dealerId: string; mailbox: string },
  limits: { offer: number; dealer: number; all: number },
): Promise<LinkWindows> {
  const window = (where: SQL, limit: number) => sql`
    with sent as (
      select l.created_at from ${offerCustomerLinks} l join ${offers} o on o.id = l.offer_id
      where l.created_at > now() - interval '1 hour' and o.environment = 'production' and ${where}
    )
    select (select count(*)::int from sent) as n,
           coalesce((select ceil(extract(epoch from (created_at + interval '1 hour' - now())))::int
                     from sent order by created_at desc offset ${limit - 1} limit 1), 0) as retry`;
  const read = (r: unknown): LinkWindow => {
    const [row] = rowsOf<{ n: number; retry: number }>(r);
    return { count: Number(row?.n ?? 0), retryAfterSeconds: Math.max(1, Number(row?.retry ?? 1)) };
  };
  const offer = read(await db.execute(window(sql`l.offer_id = ${link.offerId}`, limits.offer)));
  const dealer = read(await db.execute(window(sql`l.sent_to = ${link.mailbox} and o.dealer_id = ${link.dealerId}`, limits.dealer)));
  const all = read(await db.execute(window(sql`l.sent_to = ${link.mailbox}`, limits.all)));
  return { offer, dealer, all };
}

/** Serialises production sends to one mailbox until the caller's transaction ends. */
export async function lockRecipient(db: Executor, mailbox: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-link:${mailbox}`}, 0))`);
}

/** The newest link of the tenant's offer: when and to whom it was sent, until when, and whether it still opens the offer. */
export async function latestCustomerLink(
  db: Executor,
  tenant: { dealerId: string; environment: Environment },
  offerId: string,
): Promise<{ sentAt: Date; sentTo: string | null; expiresAt: Date; working: boolean } | undefined> {
  const [row] = await db
    .select({
      sentAt: offerCustomerLinks.createdAt,
      sentTo: offerCustomerLinks.sentTo,
      expiresAt: offerCustomerLinks.expiresAt,
      working: sql<boolean>`${offerCustomerLinks.replacedAt} is null and ${offerCustomerLinks.expiresAt} > now() and ${offerCustomerLinks.changeSeq} = ${offers.changeSeq}`,
    })
    .from(offerCustomerLinks)
    .innerJoin(offers, eq(offers.id, offerCustomerLinks.offerId))
    .where(and(eq(offerCustomerLinks.offerId, offerId), eq(offers.dealerId, tenant.dealerId), eq(offers.environment, tenant.environment)))
    .orderBy(desc(offerCustomerLinks.createdAt))
    .limit(1);
  return row ? { ...row, working: Boolean(row.working) } : undefined;
}
