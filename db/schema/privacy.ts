import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { offers } from './offers';

/**
 * The customer data of restricted offers (docs/privacy.md, "Erasure"): a concluded order's name
 * and address, kept under the statutory retention duty and read only by the operator's
 * data-protection page; removed when the offer is anonymised at the end of that period.
 */
export const offerRestrictedCustomers = pgTable(
  'offer_restricted_customers',
  {
    offerId: uuid()
      .primaryKey()
      .references(() => offers.id, { onDelete: 'cascade' }),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    restrictedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_restricted_customers_email_idx').using('btree', sql`lower(${t.customerEmail})`)],
);

/**
 * The audit log of data-protection requests (docs/privacy.md): who acted, when, on which request
 * (the date and reference the operator states) and how many records it touched — never the data
 * it concerned, not even the e-mail address searched for.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The operator's user id and name at the time. */
    actorId: text().notNull(),
    actorName: text(),
    /** `erasure`, `access` (an export handed to the customer) or `search` (what is stored under an address was looked up). */
    action: text().notNull(),
    requestDate: date({ mode: 'string' }).notNull(),
    requestReference: text().notNull(),
    offersAnonymised: integer().notNull().default(0),
    offersRestricted: integer().notNull().default(0),
    /** Every record the request read or changed: offers, history entries, mails, deliveries, stored answers. */
    records: integer().notNull().default(0),
  },
  (t) => [index('privacy_requests_occurred_idx').on(t.occurredAt, t.id)],
);
