import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, customType, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { employers } from './catalogue';
import { dealers } from './dealers';
import { environmentEnum, invoiceStatusEnum, purchaseOrderStatusEnum } from './enums';
import { offers, type StoredStatusEntry } from './offers';
import type { LeaseTerms } from '@/lib/shared/model';

const money = () => numeric({ precision: 12, scale: 2 });
const tstz = () => timestamp({ withTimezone: true });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The dealer's purchase order: issued by the operator's approval of an offer (the operator buys the
 * bicycle for the offer's total), one per offer. The offer stays `done`; the order moves on
 * (PURCHASE_ORDER_STATUSES). The pickup code is stored as its SHA-256 only; a sandbox order also
 * keeps the code itself (`sandboxPickupCode`, never set in production) so the dealer can be given it.
 * `employerId` and `leaseTerms` are the approved employer request's (null for an offer without one).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    offerId: uuid()
      .primaryKey()
      .references(() => offers.id, { onDelete: 'cascade' }),
    dealerId: uuid()
      .notNull()
      .references(() => dealers.id),
    environment: environmentEnum().notNull(),
    employerId: uuid().references(() => employers.id),
    status: purchaseOrderStatusEnum().notNull().default('awaiting_handover'),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
    pickupCodeHash: text(),
    sandboxPickupCode: text(),
    pickupCodeSentAt: tstz(),
    pickupCodeExpiresAt: tstz(),
    /** Wrong tries since the code was issued; the fifth locks it until a new one is issued. */
    pickupCodeFailedAttempts: integer().notNull().default(0),
    handedOverOn: date({ mode: 'string' }),
    handedOverAt: tstz(),
    frameNumber: text(),
    batterySerialNumber: text(),
    /** The first day of the month after the handover, and the day before the term ends (Berlin dates). */
    leaseStart: date({ mode: 'string' }),
    leaseEnd: date({ mode: 'string' }),
    leaseTerms: jsonb().$type<LeaseTerms>(),
    cancelReason: text(),
  },
  (t) => [
    index('purchase_orders_tenant_status_idx').on(t.dealerId, t.environment, t.status),
    index('purchase_orders_employer_lease_idx').on(t.employerId, t.leaseStart).where(sql`${t.leaseStart} is not null`),
  ],
);

/** A payout run: the approved invoices it paid carry its id, date and reference. */
export const payouts = pgTable('payouts', {
  id: uuid().primaryKey().defaultRandom(),
  createdAt: tstz().notNull().defaultNow(),
  paidOn: date({ mode: 'string' }).notNull(),
  reference: text().notNull().unique(),
  createdBy: text().notNull(),
});

/**
 * The dealer's invoices for an order: the newest is the order's; a rejected one stays beside its
 * correction. An invoice number is the dealer's once in an environment (a rejected invoice's number
 * may be sent again with its correction).
 */
export const purchaseOrderInvoices = pgTable(
  'purchase_order_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    offerId: uuid()
      .notNull()
      .references(() => purchaseOrders.offerId, { onDelete: 'cascade' }),
    dealerId: uuid()
      .notNull()
      .references(() => dealers.id),
    environment: environmentEnum().notNull(),
    invoiceNumber: text().notNull(),
    invoiceDate: date({ mode: 'string' }).notNull(),
    amountGross: money().notNull(),
    status: invoiceStatusEnum().notNull().default('submitted'),
    submittedAt: tstz().notNull().defaultNow(),
    decidedAt: tstz(),
    decidedBy: text(),
    /** A rejection's reasons: codes with an optional text in both languages. */
    errors: jsonb().$type<StoredStatusEntry[]>().notNull().default([]),
    payoutId: uuid().references(() => payouts.id),
    paidOn: date({ mode: 'string' }),
    payoutReference: text(),
  },
  (t) => [
    index('purchase_order_invoices_offer_idx').on(t.offerId, t.submittedAt),
    index('purchase_order_invoices_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('purchase_order_invoices_number_uq')
      .on(t.dealerId, t.environment, t.invoiceNumber)
      .where(sql`${t.status} <> 'rejected'`),
  ],
);

/** An invoice's PDF, apart from its row so lists never read the bytes. */
export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: uuid()
    .primaryKey()
    .references(() => purchaseOrderInvoices.id, { onDelete: 'cascade' }),
  content: bytea().notNull(),
  sizeBytes: bigint({ mode: 'number' }).notNull(),
  sha256: text().notNull(),
});
