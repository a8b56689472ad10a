import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { anyOfJson } from './json-list';
import type { Executor } from '../client';
import { employees, employerExcludedCategories, employers } from '../schema';

/** For each given e-mail of a registered employee: the codes the employer excludes. */
export async function excludedCodesByEmail(db: Executor, emails: readonly string[]): Promise<Map<string, string[]>> {
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const out = new Map<string, string[]>();
  if (lower.length === 0) return out;
  const rows = await db
    .select({ email: employees.email, code: employerExcludedCategories.bidexCode })
    .from(employees)
    .leftJoin(employerExcludedCategories, eq(employerExcludedCategories.employerId, employees.employerId))
    .where(anyOfJson(employees.email, lower, 'text'));
  for (const row of rows) {
    const list = out.get(row.email) ?? [];
    if (row.code) list.push(row.code);
    out.set(row.email, list);
  }
  return out;
}

// ---- The operator console: employers, their category policy, their employees ------------------

export type EmployerOverview = { id: string; name: string; createdAt: Date; excludedCodes: string[]; employees: number };

/** Every employer with its excluded codes and the number of registered employees, by name. */
export async function listEmployers(db: Executor): Promise<EmployerOverview[]> {
  const rows = await db
    .select({
      id: employers.id,
      name: employers.name,
      createdAt: employers.createdAt,
      excludedCodes: sql<string[]>`coalesce((select array_agg(x.bidex_code order by x.bidex_code) from ${employerExcludedCategories} x where x.employer_id = ${employers.id}), '{}')`,
      employees: sql<number>`(select count(*)::int from ${employees} e where e.employer_id = ${employers.id})`,
    })
    .from(employers)
    .orderBy(asc(sql`spoke_fold(${employers.name})`));
  return rows.map((r) => ({ ...r, excludedCodes: r.excludedCodes ?? [], employees: Number(r.employees) }));
}

export async function findEmployer(db: Executor, id: string) {
  const [row] = await db.select().from(employers).where(eq(employers.id, id)).limit(1);
  return row;
}

export async function findEmployerByName(db: Executor, name: string) {
  const [row] = await db
    .select()
    .from(employers)
    .where(sql`lower(${employers.name}) = ${name.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertEmployer(db: Executor, name: string): Promise<string> {
  const [row] = await db.insert(employers).values({ name }).returning({ id: employers.id });
  return row!.id;
}

/** Replaces an employer's category policy with `codes` (the excluded codes). */
export async function replaceExcludedCategories(db: Executor, employerId: string, codes: readonly string[]): Promise<void> {
  await db.delete(employerExcludedCategories).where(eq(employerExcludedCategories.employerId, employerId));
  if (codes.length > 0) {
    await db.insert(employerExcludedCategories).values([...new Set(codes)].map((bidexCode) => ({ employerId, bidexCode })));
  }
}

export async function listEmployees(db: Executor, employerId: string) {
  return db
    .select({ email: employees.email, name: employees.name, personnelNumber: employees.personnelNumber, createdAt: employees.createdAt })
    .from(employees)
    .where(eq(employees.employerId, employerId))
    .orderBy(asc(employees.email));
}

/** The employee registered under `email` (any case), with the employer's name. */
export async function findEmployee(db: Executor, email: string) {
  const [row] = await db
    .select({ email: employees.email, employerId: employees.employerId, employerName: employers.name })
    .from(employees)
    .innerJoin(employers, eq(employers.id, employees.employerId))
    .where(eq(employees.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** Registers an employee (e-mail stored lower-cased); false when the e-mail is already registered. */
export async function insertEmployee(db: Executor, input: { email: string; employerId: string; name?: string | null }): Promise<boolean> {
  const rows = await db
    .insert(employees)
    .values({ email: input.email.trim().toLowerCase(), employerId: input.employerId, name: input.name ?? null })
    .onConflictDoNothing()
    .returning({ email: employees.email });
  return rows.length > 0;
}

/** What an employer's rules need for one customer e-mail: the employer, its excluded codes, its limits and the operator's bounds on them. */
export type EmployerPolicy = {
  employerId: string;
  employerName: string;
  excludedCodes: string[];
  maxTotalPriceGross: string | null;
  minTotalPriceGross: string | null;
  maxBicyclesAtOnce: number | null;
  totalPriceFloorGross: string | null;
  totalPriceCeilingGross: string | null;
  bicyclesAtOnceCeiling: number | null;
};

export async function employerPolicyByEmail(db: Executor, email: string): Promise<EmployerPolicy | undefined> {
  const [row] = await db
    .select({
      employerId: employers.id,
      employerName: employers.name,
      maxTotalPriceGross: employers.maxTotalPriceGross,
      minTotalPriceGross: employers.minTotalPriceGross,
      maxBicyclesAtOnce: employers.maxBicyclesAtOnce,
      totalPriceFloorGross: employers.totalPriceFloorGross,
      totalPriceCeilingGross: employers.totalPriceCeilingGross,
      bicyclesAtOnceCeiling: employers.bicyclesAtOnceCeiling,
      excludedCodes: sql<string[]>`coalesce((select array_agg(x.bidex_code order by x.bidex_code) from ${employerExcludedCategories} x where x.employer_id = ${employers.id}), '{}')`,
    })
    .from(employees)
    .innerJoin(employers, eq(employers.id, employees.employerId))
    .where(eq(employees.email, email.trim().toLowerCase()))
    .limit(1);
  return row ? { ...row, excludedCodes: row.excludedCodes ?? [] } : undefined;
}

/** Sets an employer's price limit (null: none). */
export async function setEmployerPriceLimit(db: Executor, employerId: string, limit: string | null): Promise<void> {
  await db.update(employers).set({ maxTotalPriceGross: limit }).where(eq(employers.id, employerId));
}

// ---- Lease terms (docs/contract.md, "Lease terms") ---------------------------------------------------

/** An employer's lease terms as stored (numerics as strings). */
export type EmployerTermsRow = {
  leaseTermMonths: number;
  leasingFactorPercent: string;
  insurancePercent: string;
  employerSubsidyMonthly: string;
};

/** An employer's lease terms as columns. */
export const termsColumns = {
  leaseTermMonths: employers.leaseTermMonths,
  leasingFactorPercent: employers.leasingFactorPercent,
  insurancePercent: employers.insurancePercent,
  employerSubsidyMonthly: employers.employerSubsidyMonthly,
};

/** Replaces an employer's lease terms. */
export async function setEmployerLeaseTerms(db: Executor, employerId: string, terms: EmployerTermsRow): Promise<void> {
  await db.update(employers).set(terms).where(eq(employers.id, employerId));
}

/** An employer's lease terms, its row locked until the transaction ends; undefined when there is no such employer. */
export async function lockEmployerLeaseTerms(db: Executor, employerId: string): Promise<EmployerTermsRow | undefined> {
  const [row] = await db.select(termsColumns).from(employers).where(eq(employers.id, employerId)).for('update').limit(1);
  return row;
}
