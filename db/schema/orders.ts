import 'server-only';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { employers } from './catalogue';
import { offers } from './offers';
import type { LeaseTerms } from '@/lib/shared/model';

const tstz = () => timestamp({ withTimezone: true });

/**
 * The dealer's links to an offer's customer (docs/decisions.md, "The customer link"). Only the
 * SHA-256 of the random token is stored. A link works while it is the offer's newest (a new one
 * sets `replacedAt` on the older), the offer is at the change it was sent for (`changeSeq`), the
 * offer is not final and `expiresAt` has not passed.
 */
export const offerCustomerLinks = pgTable(
  'offer_customer_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    offerId: uuid()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    changeSeq: integer().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    replacedAt: tstz(),
    /** The mailbox a production link was mailed to (lower-cased, without sub-address: mailboxOf), counted by the quotas; null for a sandbox link, which counts toward nothing. */
    sentTo: text(),
  },
  (t) => [
    uniqueIndex('offer_customer_links_hash_uq').on(t.tokenHash),
    index('offer_customer_links_offer_idx').on(t.offerId),
    index('offer_customer_links_sent_to_idx').on(t.sentTo, t.createdAt).where(sql`${t.sentTo} is not null`),
  ],
);

/** An item of an employer request's snapshot: what was ordered, as it was at submission. */
export type RequestSnapshotItem = { bidexCode: string; brandName: string | null; modelName: string | null; priceGross: number | null };

/**
 * What the employee submitted, kept with the request: the employer's face shows this, never the
 * live offer (which the dealer may correct after a decision).
 */
export type RequestSnapshot = {
  offerNumber: string;
  employee: { name: string; email: string };
  bicycle: RequestSnapshotItem;
  accessories: RequestSnapshotItem[];
  shippingCostGross: number | null;
  installationCostGross: number | null;
  totalPriceGross: number;
  deliveryDate: string | null;
};

/**
 * An employee's order put to the employer: one row per submission (a resubmitted offer gets a new
 * one), with a snapshot of what was ordered. Open while `closedAt` is null — at most one per offer;
 * any step out of `employer_decision_pending` closes it (the trigger of migration 0033), a decision
 * by the employer's staff (or the operator on their behalf) also sets `decidedAt` and `approved`.
 */
export const employerRequests = pgTable(
  'employer_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    offerId: uuid()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    employerId: uuid()
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    submittedAt: tstz().notNull().defaultNow(),
    decidedAt: tstz(),
    approved: boolean(),
    /** Who decided, as the history names them ("Hanna HR (Acme GmbH)"). */
    decidedBy: text(),
    /** A decline's reason, in both languages. */
    reason: jsonb().$type<{ de: string; en: string }>(),
    /** The lease terms computed at submission (lib/leasing/lease-terms.ts), kept for the decision. */
    leaseTerms: jsonb().$type<LeaseTerms>(),
    closedAt: tstz(),
    snapshot: jsonb().$type<RequestSnapshot>().notNull(),
  },
  (t) => [
    index('employer_requests_waiting_idx').on(t.employerId, t.submittedAt, t.id).where(sql`${t.closedAt} is null`),
    index('employer_requests_closed_idx').on(t.employerId, t.closedAt, t.id).where(sql`${t.closedAt} is not null`),
    index('employer_requests_offer_idx').on(t.offerId),
    uniqueIndex('employer_requests_open_uq').on(t.offerId).where(sql`${t.closedAt} is null`),
  ],
);
