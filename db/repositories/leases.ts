import 'server-only';
import { and, asc, desc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { employees, offers, purchaseOrders } from '../schema';
import type { LeaseTerms } from '@/lib/shared/model';

// An employer's running and past leases: the purchase orders of its employees' offers that were
// handed over (a lease start), never a canceled one, production only. The employee is the offer's
// customer; the personnel number is the roster's, while the person is on it.

export type LeaseRow = {
  offerId: string;
  offerNumber: string;
  name: string;
  email: string;
  personnelNumber: string | null;
  brandName: string | null;
  modelName: string | null;
  leaseStart: string;
  leaseEnd: string;
  leaseTerms: LeaseTerms | null;
};

export const LEASE_SORTS = ['name', 'personnelNumber', 'leaseStart', 'leaseEnd', 'monthly'] as const;
export type LeaseSort = (typeof LEASE_SORTS)[number];

const columns = {
  offerId: purchaseOrders.offerId,
  offerNumber: offers.offerNumber,
  name: offers.customerName,
  email: offers.customerEmail,
  personnelNumber: employees.personnelNumber,
  brandName: offers.productBrandName,
  modelName: offers.productModelName,
  leaseStart: sql<string>`${purchaseOrders.leaseStart}`,
  leaseEnd: sql<string>`${purchaseOrders.leaseEnd}`,
  leaseTerms: purchaseOrders.leaseTerms,
};

function leaseWhere(employerId: string, ...more: (SQL | undefined)[]) {
  return and(
    eq(purchaseOrders.employerId, employerId),
    eq(purchaseOrders.environment, 'production'),
    isNotNull(purchaseOrders.leaseStart),
    isNotNull(purchaseOrders.leaseEnd),
    ne(purchaseOrders.status, 'canceled'),
    ...more,
  );
}

function leaseRows(db: Executor) {
  return db
    .select(columns)
    .from(purchaseOrders)
    .innerJoin(offers, eq(offers.id, purchaseOrders.offerId))
    .leftJoin(employees, and(eq(employees.email, sql`lower(${offers.customerEmail})`), eq(employees.employerId, purchaseOrders.employerId)));
}

const SORT_COLUMN: Record<LeaseSort, SQL> = {
  name: sql`spoke_fold(${offers.customerName})`,
  personnelNumber: sql`${employees.personnelNumber}`,
  leaseStart: sql`${purchaseOrders.leaseStart}`,
  leaseEnd: sql`${purchaseOrders.leaseEnd}`,
  monthly: sql`(${purchaseOrders.leaseTerms}->>'employeeMonthlyGross')::numeric`,
};

/** The employer's leases matching `q` (name, e-mail, personnel number, offer number, bicycle), sorted, a page at a time, with the total. */
export async function listLeases(
  db: Executor,
  employerId: string,
  page: { q?: string; sort: LeaseSort; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: LeaseRow[]; total: number }> {
  const words = (page.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const haystack = sql`spoke_fold(concat_ws(' ', ${offers.customerName}, ${offers.customerEmail}, ${employees.personnelNumber}, ${offers.offerNumber}, ${offers.productBrandName}, ${offers.productModelName}))`;
  const where = leaseWhere(employerId, ...words.map((w) => sql`position(spoke_fold(${w}) in ${haystack}) > 0`));
  const dir = page.order === 'desc' ? desc : asc;
  const [rows, [count]] = await Promise.all([
    leaseRows(db)
      .where(where)
      .orderBy(sql`${dir(SORT_COLUMN[page.sort])} nulls last`, asc(purchaseOrders.offerId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(purchaseOrders)
      .innerJoin(offers, eq(offers.id, purchaseOrders.offerId))
      .leftJoin(employees, and(eq(employees.email, sql`lower(${offers.customerEmail})`), eq(employees.employerId, purchaseOrders.employerId)))
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every lease of the employer running in the month from `first` to `last` (started on or before its last day, ending on or after its first). */
export async function leasesRunningIn(db: Executor, employerId: string, first: string, last: string): Promise<LeaseRow[]> {
  return leaseRows(db)
    .where(leaseWhere(employerId, sql`${purchaseOrders.leaseStart} <= ${last}::date`, sql`${purchaseOrders.leaseEnd} >= ${first}::date`))
    .orderBy(sql`${employees.personnelNumber} nulls last`, asc(sql`spoke_fold(${offers.customerName})`), asc(offers.offerNumber));
}

/**
 * How many bicycles the employee (by e-mail, any case) has at once besides the offer `exceptOfferId`:
 * running leases (not ended before `today`), bought ones awaiting their handover, and other offers
 * waiting for the employer's or the operator's decision. Production only; a canceled order never counts.
 */
export async function countBicyclesAtOnce(db: Executor, email: string, today: string, exceptOfferId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .leftJoin(purchaseOrders, eq(purchaseOrders.offerId, offers.id))
    .where(
      and(
        sql`lower(${offers.customerEmail}) = ${email.trim().toLowerCase()}`,
        eq(offers.environment, 'production'),
        ne(offers.id, exceptOfferId),
        sql`(${offers.status} in ('employer_decision_pending', 'operator_decision_pending')
          or (${purchaseOrders.offerId} is not null and ${purchaseOrders.status} <> 'canceled'
              and (${purchaseOrders.leaseEnd} is null or ${purchaseOrders.leaseEnd} >= ${today}::date)))`,
      ),
    );
  return Number(row?.n ?? 0);
}
