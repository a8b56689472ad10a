import 'server-only';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { dealers } from './dealers';
import { actorTypeEnum, environmentEnum, offerStatusEnum } from './enums';

// Exported for drizzle-kit, which knows the schema by its exports: the offers' number default
// below draws from it.
export const offerNumberSeq = pgSequence('offer_number_seq', { startWith: 100001 });

const money = () => numeric({ precision: 12, scale: 2 });
const tstz = () => timestamp({ withTimezone: true });

/** A status entry as stored; texts are rendered from the message catalogue on the way out. */
export type StoredStatusEntry = {
  code: string;
  field?: string;
  params?: Record<string, string>;
  /** Free text given by a person (an operator's decline reason), in both languages. */
  text?: { de: string; en: string };
};

export const offers = pgTable(
  'offers',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealerId: uuid()
      .notNull()
      .references(() => dealers.id),
    environment: environmentEnum().notNull(),
    offerNumber: text()
      .notNull()
      .unique()
      .default(sql`'SPK-' || nextval('offer_number_seq')::text`),
    externalOfferId: text().notNull(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    productBidexCode: text().notNull(),
    productBrandName: text(),
    productModelName: text(),
    productModelYear: text(),
    productColor: text(),
    productSize: text(),
    productDriveManufacturer: text(),
    productBatteryCapacity: text(),
    productPriceGross: money(),
    productListPriceGross: money(),
    withShipping: boolean().notNull().default(false),
    shippingCostGross: money(),
    installationCostGross: money(),
    deliveryDate: tstz(),
    notes: text(),
    totalPriceGross: money().notNull(),
    status: offerStatusEnum().notNull().default('pending'),
    statusErrors: jsonb().$type<StoredStatusEntry[]>().notNull().default([]),
    statusInfos: jsonb().$type<StoredStatusEntry[]>().notNull().default([]),
    cancelReason: text(),
    cancelNote: text(),
    contactFromEmployeeRequested: boolean(),
    // Counts accepted changes (create = 1); processing history entries name the change they processed.
    changeSeq: integer().notNull().default(1),
    // Set while pending: when the processor may (re)try this change.
    processAfter: tstz(),
    processingAttempts: integer().notNull().default(0),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
    statusChangedAt: tstz().notNull().defaultNow(),
    /** Set when the customer's data was replaced by the markers (docs/privacy.md); final. */
    anonymisedAt: tstz(),
    /**
     * Set while a concluded order's customer data is kept under the retention duty: the offer holds
     * the markers, the data itself is in offer_restricted_customers.
     */
    restrictedAt: tstz(),
  },
  (t) => [
    uniqueIndex('offers_active_external_id_uq')
      .on(t.dealerId, t.environment, t.externalOfferId)
      .where(sql`${t.status} not in ('rejected', 'canceled', 'done')`),
    index('offers_external_id_idx').on(t.dealerId, t.environment, t.externalOfferId, t.id),
    index('offers_created_idx').on(t.dealerId, t.environment, t.createdAt, t.id),
    index('offers_status_changed_idx').on(t.dealerId, t.environment, t.statusChangedAt, t.id),
    index('offers_status_idx').on(t.dealerId, t.environment, t.status, t.id),
    index('offers_number_idx').on(t.dealerId, t.environment, t.offerNumber, t.id),
    // The operator's search for a customer across dealers (docs/privacy.md, "Access").
    index('offers_customer_email_idx').using('btree', sql`lower(${t.customerEmail})`),
    // The processor's claim (process_after, id order, LIMIT, SKIP LOCKED) reads its batch straight
    // off this index; with process_after alone it sorted every due offer for each batch.
    index('offers_due_idx')
      .on(t.processAfter, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The operator console's rejected queue and chart, across dealers (db/repositories/operator.ts).
    index('offers_rejected_idx')
      .on(t.statusChangedAt, t.id)
      .where(sql`${t.status} = 'rejected'`),
  ],
);

/**
 * What lists filter, sort and search by, one narrow row per offer (migration 0012): hash-partitioned
 * by dealer in PostgreSQL and kept current by triggers on offers in the same statement, so this
 * declaration is for reading. Text sort keys are stored lowered (as the lists sort them), the
 * product name as brand and model, the search key folded (spoke_search_key, migration 0009/0012).
 * Its indexes lead with dealer and environment: offer_search_<sort>_idx per sort key and the
 * trigram index offer_search_trgm_idx (docs/performance.md).
 */
export const offerSearch = pgTable(
  'offer_search',
  {
    dealerId: uuid().notNull(),
    environment: environmentEnum().notNull(),
    offerId: uuid()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    status: offerStatusEnum().notNull(),
    createdAt: tstz().notNull(),
    statusChangedAt: tstz().notNull(),
    externalOfferId: text().notNull(),
    customerEmail: text().notNull(),
    customerName: text().notNull(),
    totalPriceGross: money().notNull(),
    offerNumber: text().notNull(),
    productBrand: text().notNull(),
    productModel: text().notNull(),
    searchKey: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.offerId] })],
);

/**
 * Each tenant's list version and number of offers, kept by statement triggers on offers in the
 * transaction of every change (migration 0018): a list whose ETag names the current version has
 * not changed. Declared for reading.
 */
export const offerListVersions = pgTable(
  'offer_list_versions',
  {
    dealerId: uuid().notNull(),
    environment: environmentEnum().notNull(),
    version: bigint({ mode: 'number' }).notNull().default(1),
    offers: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.environment] })],
);

export const offerAccessories = pgTable(
  'offer_accessories',
  {
    offerId: uuid()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    bidexCode: text().notNull(),
    brandName: text(),
    modelName: text(),
    priceGross: money(),
    listPriceGross: money(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.position] })],
);

export type FieldChange = { field: string; old?: unknown; new?: unknown };

export const offerHistory = pgTable(
  'offer_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    offerId: uuid()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    occurredAt: tstz().notNull().defaultNow(),
    actorType: actorTypeEnum().notNull(),
    actorId: text(),
    actorName: text(),
    action: text().notNull(),
    fromStatus: offerStatusEnum(),
    toStatus: offerStatusEnum(),
    changes: jsonb().$type<FieldChange[]>().notNull().default([]),
    changeSeq: integer().notNull(),
  },
  (t) => [index('offer_history_offer_idx').on(t.offerId, t.id)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    dealerId: uuid()
      .notNull()
      .references(() => dealers.id),
    environment: environmentEnum().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer().notNull(),
    /** The answer as the text sent (a JSON string, so a replay sends the same bytes); an anonymised one as its JSON. */
    responseBody: jsonb().notNull(),
    offerId: uuid().references(() => offers.id, { onDelete: 'cascade' }),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.environment, t.key] }), index().on(t.expiresAt)],
);
