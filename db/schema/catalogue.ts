import 'server-only';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  // The employer's own rules (its HR staff edit them within the bounds below); null = none.
  /** The lowest offer total (gross) the employer allows. */
  minTotalPriceGross: numeric({ precision: 12, scale: 2 }),
  /** How many bicycles an employee may lease at once (running leases and orders in flight). */
  maxBicyclesAtOnce: integer(),
  // The operator's bounds on those rules; null = unbounded.
  /** HR's lowest total may not be set below it. */
  totalPriceFloorGross: numeric({ precision: 12, scale: 2 }),
  /** HR's highest total (the price limit) may not be set above it, nor left unset. */
  totalPriceCeilingGross: numeric({ precision: 12, scale: 2 }),
  /** HR's number at once may not be set above it, nor left unset. */
  bicyclesAtOnceCeiling: integer(),
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
  /** The employer's own number for the person (its payroll's key); optional. */
  personnelNumber: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The employer's history of its rules and roster: who (HR staff or an operator) changed what, when,
 * from what to what. Written in the transaction of the change; the employer face and the console
 * read it newest first.
 */
export const employerChanges = pgTable(
  'employer_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    employerId: uuid()
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** `employer` (its HR staff) or `operator`. */
    actorType: text().notNull(),
    actorId: text().notNull(),
    actorName: text(),
    /** rules_changed, employee_added, employee_changed, employee_removed. */
    kind: text().notNull(),
    /** The employee's e-mail for a roster change. */
    subject: text(),
    /** Each changed field: its old and new value (numbers, strings, lists or null). */
    changes: jsonb().$type<EmployerFieldChange[]>().notNull().default([]),
  },
  (t) => [index('employer_changes_employer_idx').on(t.employerId, t.id)],
);

export type EmployerFieldChange = { field: string; old: unknown; new: unknown };
