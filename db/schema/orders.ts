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
  },
  (t) => [uniqueIndex('offer_customer_links_hash_uq').on(t.tokenHash), index('offer_customer_links_offer_idx').on(t.offerId)],
);

/**
 * An employee's order put to the employer: one row per submission (a resubmitted offer gets a new
 * one), decided once by the employer's staff (or the operator on their behalf).
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
  },
  (t) => [
    index('employer_requests_waiting_idx').on(t.employerId, t.submittedAt, t.id).where(sql`${t.decidedAt} is null`),
    index('employer_requests_decided_idx').on(t.employerId, t.decidedAt, t.id).where(sql`${t.decidedAt} is not null`),
    index('employer_requests_offer_idx').on(t.offerId),
  ],
);
