import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { dealers } from './dealers';
import { environmentEnum } from './enums';
import { offers, type StoredStatusEntry } from './offers';

// Webhooks (docs/webhooks.md): a dealer's endpoints per environment, and the transactional outbox
// of deliveries. A delivery row is written in the transaction of the offer change it reports
// (db/repositories/history.ts), sent by the processor run (lib/webhooks/deliver.ts), and every
// attempt to send it is kept.

const tstz = () => timestamp({ withTimezone: true });

export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', ['pending', 'delivered', 'failed']);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealerId: uuid()
      .notNull()
      .references(() => dealers.id),
    environment: environmentEnum().notNull(),
    url: text().notNull(),
    description: text(),
    /** Event types the endpoint receives (`offer.created`, `offer.status_changed`). */
    events: text().array().notNull(),
    active: boolean().notNull().default(true),
    /** The signing secret, AES-256-GCM encrypted with the server's webhook key (lib/webhooks/secret-box.ts). */
    secretCiphertext: text().notNull(),
    /** After a rotation, the previous secret signs too until `previousSecretExpiresAt`. */
    previousSecretCiphertext: text(),
    previousSecretExpiresAt: tstz(),
    // Health: failed attempts since the last delivered one, when that run of failures began, and
    // until when the endpoint is skipped. Failing for 3 days disables it (`active` false, `disabledAt`).
    consecutiveFailures: integer().notNull().default(0),
    failingSince: tstz(),
    backoffUntil: tstz(),
    disabledAt: tstz(),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_endpoints_url_uq').on(t.dealerId, t.environment, t.url),
    index('webhook_endpoints_tenant_idx').on(t.dealerId, t.environment, t.createdAt, t.id),
  ],
);

/** What the event reports, fixed at change time; `status` is rendered from it when sent. */
export type WebhookEventData = {
  externalOfferId: string;
  offerNumber: string;
  oldStatus: string | null;
  newStatus: string;
  status: string;
  errors: StoredStatusEntry[];
  infos: StoredStatusEntry[];
  /** offer.order_changed: the purchase order's status change. */
  order?: { oldStatus: string | null; newStatus: string };
};

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Insertion order: an offer's events to one endpoint are sent in this order.
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    offerId: uuid()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    environment: environmentEnum().notNull(),
    occurredAt: tstz().notNull(),
    data: jsonb().$type<WebhookEventData>().notNull(),
    status: webhookDeliveryStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz().notNull().defaultNow(),
    // A claim: the runner holding `lockToken` sends it; after `lockedUntil` another run may.
    lockedUntil: tstz(),
    lockToken: uuid(),
    lastAttemptAt: tstz(),
    lastResponseStatus: integer(),
    lastError: text(),
    deliveredAt: tstz(),
    /** Set on a re-send: the delivery it repeats. */
    resendOf: uuid(),
    // Start of the retry window (24 hours).
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.offerId, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    url: text().notNull(),
    startedAt: tstz().notNull(),
    durationMs: integer().notNull(),
    responseStatus: integer(),
    /** Why the attempt failed when there was no 2xx answer: timeout, refused address, connection error. */
    error: text(),
    /** The first characters of the receiver's answer. */
    responseExcerpt: text(),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
