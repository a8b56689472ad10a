import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portalUsers } from './dealers';
import { offerStatusEnum } from './enums';
import { offerHistory, offers } from './offers';
import { webhookEndpoints } from './webhooks';

const tstz = () => timestamp({ withTimezone: true });

/**
 * A dealer user's notification of an offer's status change: the in-app entry (read or not) and the
 * outbox of its e-mail. `mailNextAt` is set while the mail is due (or leased to a sender); it is
 * cleared when the mail was sent (`mailSentAt`) or kept for the development mailbox (`mailKeptAt`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The user told; null for a mail to an offer's customer (who has no account). */
    userId: uuid().references(() => portalUsers.id, { onDelete: 'cascade' }),
    /**
     * `status` (an offer's status change), an account mail (`invite`, `reset`), an employer's new
     * request (`employer_request`), a mail to the customer (`customer_link`, `customer_decision`), or
     * a webhook endpoint disabled after failing for days (`webhook_disabled`, naming the endpoint).
     */
    kind: text().notNull().default('status'),
    offerId: uuid()
      .references(() => offers.id, { onDelete: 'cascade' }),
    status: offerStatusEnum(),
    /**
     * The history entry that moved the offer into `status` (a status notification): one
     * notification per user and entry, so one event is never told twice.
     */
    historyId: bigint({ mode: 'number' }).references(() => offerHistory.id, { onDelete: 'cascade' }),
    webhookEndpointId: uuid().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** An account mail's link while it is not sent (cleared once sent); null for status mails. */
    mailLink: text(),
    createdAt: tstz().notNull().defaultNow(),
    readAt: tstz(),
    mailTo: text().notNull(),
    /** The addressee's name when there is no user (a customer mail). */
    mailName: text(),
    mailNextAt: tstz().defaultNow(),
    mailAttempts: integer().notNull().default(0),
    mailSentAt: tstz(),
    mailKeptAt: tstz(),
    mailError: text(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('notifications_history_user_idx')
      .on(t.historyId, t.userId)
      .where(sql`${t.historyId} is not null`),
    index('notifications_mail_due_idx')
      .on(t.mailNextAt, t.id)
      .where(sql`${t.mailNextAt} is not null`),
  ],
);
