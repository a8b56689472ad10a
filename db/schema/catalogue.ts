import 'server-only';
import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { categoryKindEnum } from './enums';

export const categories = pgTable('categories', {
  bidexCode: text().primaryKey(),
  parentCode: text(),
  kind: categoryKindEnum().notNull(),
  nameDe: text().notNull(),
  nameEn: text().notNull(),
  leasable: boolean().notNull(),
  spokeExtension: boolean().notNull().default(false),
  position: integer().notNull(),
});

export const employers = pgTable('employers', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  // The employer's price limit: the highest total (gross) it allows an employee to order; null = none.
  maxTotalPriceGross: numeric({ precision: 12, scale: 2 }),
  // The employer's lease terms (docs/contract.md, "Lease terms"; lib/leasing/lease-terms.ts computes from them).
  leaseTermMonths: integer().notNull().default(36),
  /** Leasing rate per month, percent of the offer's total gross. */
  leasingFactorPercent: numeric({ precision: 6, scale: 3 }).notNull().default('3.000'),
  /** Insurance and service per month, percent of the offer's total gross. */
  insurancePercent: numeric({ precision: 6, scale: 3 }).notNull().default('0.400'),
  /** The employer's fixed subsidy per month in euros (at most the rate, capped when computed). */
  employerSubsidyMonthly: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
});

// An employer's category policy: the codes (with everything below them) it does not allow.
export const employerExcludedCategories = pgTable(
  'employer_excluded_categories',
  {
    employerId: uuid()
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    bidexCode: text()
      .notNull()
      .references(() => categories.bidexCode),
  },
  (t) => [primaryKey({ columns: [t.employerId, t.bidexCode] })],
);

export const employees = pgTable('employees', {
  // Stored lower-cased: e-mail look-ups are case-insensitive.
  email: text().primaryKey(),
  employerId: uuid()
    .notNull()
    .references(() => employers.id, { onDelete: 'cascade' }),
  name: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
