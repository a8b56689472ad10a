import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { notifications, offerCustomerLinks, offerHistory, offerRestrictedCustomers, offers } from '../schema';

// Where an address is found (docs/privacy.md, "Access" and "Erasure"): the offers it belongs to —
// their customer now, or the kept customer of a restricted one — and the offers where it is only a
// trace of a former customer address (a corrected address: the history's old values, the mails and
// links sent to it), which belong to someone else now.

export type OffersOfAddress = { owned: string[]; former: string[] };

/**
 * The offers the address belongs to, and those where it is only a former address, across every
 * dealer and employer. The history and the mails are read whole: requests are rare, and no index
 * on every change is worth their speed.
 */
export async function offersOfAddress(db: Executor, email: string): Promise<OffersOfAddress> {
  const e = email.trim().toLowerCase();
  const owned = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from ${offers} where lower(customer_email) = ${e}
      union
      select offer_id from ${offerRestrictedCustomers} where lower(customer_email) = ${e}`),
  ).map((r) => r.id);
  const traced = rowsOf<{ id: string }>(
    await db.execute(sql`
      select h.offer_id as id from ${offerHistory} h
      where h.changes @> '[{"field": "customerEmail"}]'
        and exists (select 1 from jsonb_array_elements(h.changes) c
                    where c->>'field' = 'customerEmail' and (lower(c->>'old') = ${e} or lower(c->>'new') = ${e}))
      union
      select n.offer_id from ${notifications} n where n.offer_id is not null and n.user_id is null and lower(n.mail_to) = ${e}`),
  ).map((r) => r.id);
  const mine = new Set(owned);
  return { owned, former: [...new Set(traced)].filter((id) => !mine.has(id)) };
}

export type LinkTrace = { id: string; offerId: string; createdAt: Date; expiresAt: Date; endedAt: Date | null };

/** The links of the offers that were sent to the mailbox (the links' `sent_to`). */
export async function linksSentTo(db: Executor, offerIds: readonly string[], mailbox: string): Promise<LinkTrace[]> {
  if (offerIds.length === 0) return [];
  return db
    .select({ id: offerCustomerLinks.id, offerId: offerCustomerLinks.offerId, createdAt: offerCustomerLinks.createdAt, expiresAt: offerCustomerLinks.expiresAt, endedAt: offerCustomerLinks.replacedAt })
    .from(offerCustomerLinks)
    .where(and(inArray(offerCustomerLinks.offerId, [...offerIds]), eq(offerCustomerLinks.sentTo, mailbox)))
    .orderBy(asc(offerCustomerLinks.createdAt));
}

/** Ends the links and forgets to whom they were sent. */
export async function clearLinks(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(offerCustomerLinks)
    .set({ replacedAt: sql`coalesce(${offerCustomerLinks.replacedAt}, now())`, sentTo: null })
    .where(inArray(offerCustomerLinks.id, [...ids]));
}
