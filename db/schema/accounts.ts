import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portalUsers } from './dealers';
import { offers } from './offers';

const tstz = () => timestamp({ withTimezone: true });

/**
 * A signed-in portal or console session. The session cookie (a next-auth JWT) names its row by
 * `sid`; the session is valid only while its row exists, so deleting the row ends the session at
 * once (sign-out deletes one, a password change or disabling the user deletes all of the user's).
 * `lastSeenAt` is updated at most every few minutes; rows idle longer than the cookie's lifetime
 * are pruned. `previousVisitAt` is the user's last activity before this session began.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    createdAt: tstz().notNull().defaultNow(),
    lastSeenAt: tstz().notNull().defaultNow(),
    previousVisitAt: tstz(),
  },
  (t) => [index('portal_sessions_user_idx').on(t.userId), index('portal_sessions_last_seen_idx').on(t.lastSeenAt)],
);

/**
 * One-time links of portal users: `invite` (set the first password) and `reset` (forgotten
 * password). Only the SHA-256 of the token is stored; a token is used once and expires.
 */
export const portalUserTokens = pgTable(
  'portal_user_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
  },
  (t) => [uniqueIndex('portal_user_tokens_hash_uq').on(t.tokenHash), index('portal_user_tokens_user_idx').on(t.userId)],
);

/** An operator working on an offer ("in Bearbeitung von …"); stale after a while (lib/console). */
export const offerClaims = pgTable('offer_claims', {
  offerId: uuid()
    .primaryKey()
    .references(() => offers.id, { onDelete: 'cascade' }),
  operatorId: uuid()
    .notNull()
    .references(() => portalUsers.id, { onDelete: 'cascade' }),
  operatorName: text().notNull(),
  claimedAt: tstz().notNull().defaultNow(),
});
