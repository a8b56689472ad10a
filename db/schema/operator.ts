import 'server-only';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { dealers } from './dealers';
import { employers } from './catalogue';

// What operators did outside offers (offers have their own history): onboarding dealers (dealer
// created, credentials issued, production enabled, clients rotated or disabled) and employer
// policies. Written in the transaction of the change; secrets never appear here.

export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The operator's portal user id and name at the time. */
    actorId: text().notNull(),
    actorName: text(),
    action: text().notNull(),
    dealerId: uuid().references(() => dealers.id),
    employerId: uuid().references(() => employers.id, { onDelete: 'cascade' }),
    clientId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('operator_actions_dealer_idx').on(t.dealerId, t.id), index('operator_actions_employer_idx').on(t.employerId, t.id)],
);
