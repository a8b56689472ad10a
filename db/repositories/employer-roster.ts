import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { employees, employerChanges, employers, type EmployerFieldChange } from '../schema';
import { anyOfJson } from './json-list';

// An employer's roster (its registered employees, each with an optional personnel number) and the
// employer's history of changes to its roster and rules. Every read and write names the employer.

export type RosterEntry = { email: string; name: string | null; personnelNumber: string | null; createdAt: Date };

const rosterColumns = { email: employees.email, name: employees.name, personnelNumber: employees.personnelNumber, createdAt: employees.createdAt };

/** The employer's employees matching `q` (name, e-mail or personnel number), by name, a page at a time, with the total. */
export async function listRoster(
  db: Executor,
  employerId: string,
  page: { q?: string; limit: number; offset: number },
): Promise<{ rows: RosterEntry[]; total: number }> {
  const words = (page.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const where = and(
    eq(employees.employerId, employerId),
    ...words.map((w) => sql`position(${w} in lower(coalesce(${employees.name}, '') || ' ' || ${employees.email} || ' ' || coalesce(${employees.personnelNumber}, ''))) > 0`),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(rosterColumns)
      .from(employees)
      .where(where)
      .orderBy(asc(sql`spoke_fold(coalesce(${employees.name}, ${employees.email}))`), asc(employees.email))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(employees).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The employer's whole roster (the import compares a file with it), its rows locked until the transaction ends. */
export async function lockRoster(db: Executor, employerId: string): Promise<RosterEntry[]> {
  return db.select(rosterColumns).from(employees).where(eq(employees.employerId, employerId)).orderBy(asc(employees.email)).for('update');
}

/** The e-mails among `emails` (lower-cased) registered with an employer other than `employerId`. */
export async function emailsOfOtherEmployers(db: Executor, employerId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: employees.email })
    .from(employees)
    .where(and(anyOfJson(employees.email, [...new Set(emails)], 'text'), sql`${employees.employerId} <> ${employerId}`));
  return new Set(rows.map((r) => r.email));
}

/** One of the employer's employees (undefined for another employer's or none), locked until the transaction ends. */
export async function lockRosterEntry(db: Executor, employerId: string, email: string): Promise<RosterEntry | undefined> {
  const [row] = await db
    .select(rosterColumns)
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.email, email)))
    .for('update')
    .limit(1);
  return row;
}

/** Adds employees to the employer; the e-mails of rows not added (registered already, with any employer). */
export async function insertRosterEntries(
  db: Executor,
  employerId: string,
  rows: readonly { email: string; name: string | null; personnelNumber: string | null }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const added = await db
    .insert(employees)
    .values(rows.map((r) => ({ ...r, employerId })))
    .onConflictDoNothing()
    .returning({ email: employees.email });
  const done = new Set(added.map((r) => r.email));
  return rows.filter((r) => !done.has(r.email)).map((r) => r.email);
}

/** Changes an employee's name and personnel number; false when it is not the employer's. */
export async function updateRosterEntry(db: Executor, employerId: string, email: string, values: { name: string | null; personnelNumber: string | null }): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set(values)
    .where(and(eq(employees.employerId, employerId), eq(employees.email, email)))
    .returning({ email: employees.email });
  return rows.length > 0;
}

/** Removes an employee from the roster (leases and requests keep their own records); false when it is not the employer's. */
export async function deleteRosterEntry(db: Executor, employerId: string, email: string): Promise<boolean> {
  const rows = await db
    .delete(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.email, email)))
    .returning({ email: employees.email });
  return rows.length > 0;
}

// ---- The employer's history of rules and roster -----------------------------------------------

export type EmployerChangeInsert = {
  employerId: string;
  actorType: 'employer' | 'operator';
  actorId: string;
  actorName: string | null;
  kind: 'rules_changed' | 'bounds_changed' | 'employee_added' | 'employee_changed' | 'employee_removed';
  subject?: string | null;
  changes: EmployerFieldChange[];
};

export async function insertEmployerChanges(db: Executor, entries: readonly EmployerChangeInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(employerChanges).values(entries.map((e) => ({ ...e, subject: e.subject ?? null })));
}

export type EmployerChangeRow = typeof employerChanges.$inferSelect;

/** The employer's history of rules and roster, newest first, a page at a time, with the total. */
export async function listEmployerChanges(db: Executor, employerId: string, page: { limit: number; offset: number }): Promise<{ rows: EmployerChangeRow[]; total: number }> {
  const where = eq(employerChanges.employerId, employerId);
  const [rows, [count]] = await Promise.all([
    db.select().from(employerChanges).where(where).orderBy(desc(employerChanges.id)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(employerChanges).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Locks the employee's roster row (by e-mail, any case) until the transaction ends. */
export async function lockEmployee(db: Executor, email: string): Promise<void> {
  await db.select({ email: employees.email }).from(employees).where(eq(employees.email, email.trim().toLowerCase())).for('update');
}

/** Locks the employer's row until the transaction ends: every change of its roster or rules takes it first. */
export async function lockEmployer(db: Executor, employerId: string): Promise<boolean> {
  const rows = await db.select({ id: employers.id }).from(employers).where(eq(employers.id, employerId)).for('update');
  return rows.length > 0;
}
