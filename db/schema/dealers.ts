import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { employers } from './catalogue';
import { environmentEnum, userRoleEnum } from './enums';

export const dealers = pgTable('dealers', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  // Set when the operator has evaluated the sandbox integration and enabled production.
  productionEnabledAt: timestamp({ withTimezone: true }),
  // Postal address as printed on offer documents (lines separated by newlines).
  address: text(),
});

export const apiClients = pgTable(
  'api_clients',
  {
    clientId: text().primaryKey(),
    dealerId: uuid()
      .notNull()
      .references(() => dealers.id),
    environment: environmentEnum().notNull(),
    name: text().notNull(),
    // scrypt hash in PHC-like form; the secret itself is never stored.
    secretHash: text().notNull(),
    scopes: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.dealerId, t.environment)],
);

export const portalUsers = pgTable(
  'portal_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    // Null until an invited user has chosen a password.
    passwordHash: text(),
    role: userRoleEnum().notNull(),
    dealerId: uuid().references(() => dealers.id),
    // The employer of an HR staff user (role `employer`); null for every other role.
    employerId: uuid().references(() => employers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp({ withTimezone: true }),
    // Statuses the user wants an e-mail for (a rejection is always mailed), and the mail language.
    notifyStatuses: text().array().notNull().default(sql`'{}'::text[]`),
    notifyLang: text().notNull().default('de'),
    // When the user was last seen (updated at most every few minutes): "since your last visit".
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('portal_users_email_uq').on(sql`lower(${t.email})`)],
);

// ES256 keys that sign access tokens. The newest active key signs; every key that is not
// retired is published in the JWKS so tokens survive a rotation.
export const signingKeys = pgTable('signing_keys', {
  kid: text().primaryKey(),
  privateJwk: jsonb().notNull(),
  publicJwk: jsonb().notNull(),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp({ withTimezone: true }),
});
