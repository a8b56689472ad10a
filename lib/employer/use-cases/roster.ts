import 'server-only';
import type { Executor } from '@/db/client';
import {
  deleteRosterEntry,
  emailsOfOtherEmployers,
  insertEmployerChanges,
  insertRosterEntries,
  listRoster,
  lockEmployer,
  lockRoster,
  lockRosterEntry,
  updateRosterEntry,
  type EmployerChangeInsert,
  type RosterEntry,
} from '@/db/repositories/employer-roster';
import type { EmployerFieldChange } from '@/db/schema';
import { getDb } from '@/lib/database';
import { ApiError, type ErrorEntry } from '@/lib/api/errors';
import { employerText, type EmployerTextKey } from '@/lib/employer/i18n';
import { parseRosterCsv, type BadLine, type RosterLine } from '@/lib/employer/rules/roster-csv';
import type { EmployeeBody, EmployeeEdit } from '@/lib/employer/schemas';
import type { EmployerStaff } from './requests';

// The employer's roster, kept by its HR staff (docs/employer.md, "The roster"): add, edit, remove
// one person, or import a file that adds and updates (never removes). Every change takes the
// employer's row lock first, runs in one transaction and is written into the employer's history
// with who, when and old → new. An e-mail registered with another employer is refused without a
// word about that employer. Removing a person keeps their leases: leases are purchase orders.

export const ROSTER_PAGE_SIZE = 50;

/** The actor of an HR staff member's change, as the employer's history names them. */
export const staffActor = (staff: EmployerStaff) => ({ actorType: 'employer' as const, actorId: staff.id, actorName: staff.name });

export async function rosterPage(staff: EmployerStaff, query: { q?: string; page: number }) {
  const { rows, total } = await listRoster(getDb(), staff.employerId, { q: query.q, limit: ROSTER_PAGE_SIZE, offset: (query.page - 1) * ROSTER_PAGE_SIZE });
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
}

const fail = (code: 'NOT_FOUND' | 'CONFLICT' | 'INVALID_PARAMETER', key: EmployerTextKey, details: string, params?: Record<string, string | number>): never => {
  throw new ApiError(code, { text: employerText(key, params), details });
};

function fieldChanges(before: { name: string | null; personnelNumber: string | null } | null, after: { name: string | null; personnelNumber: string | null } | null): EmployerFieldChange[] {
  return (['name', 'personnelNumber'] as const)
    .filter((f) => (before?.[f] ?? null) !== (after?.[f] ?? null))
    .map((field) => ({ field, old: before?.[field] ?? null, new: after?.[field] ?? null }));
}

async function requireLock(tx: Executor, staff: EmployerStaff) {
  if (!(await lockEmployer(tx, staff.employerId))) throw new ApiError('NOT_FOUND');
}

/** Who else of the roster holds `number` (undefined: nobody). */
function holderOf(roster: readonly RosterEntry[], number: string | null, except: string): RosterEntry | undefined {
  return number === null ? undefined : roster.find((r) => r.personnelNumber === number && r.email !== except);
}

export async function addEmployee(staff: EmployerStaff, body: EmployeeBody): Promise<{ email: string }> {
  return getDb().transaction(async (tx) => {
    await requireLock(tx, staff);
    const roster = await lockRoster(tx, staff.employerId);
    if (roster.some((r) => r.email === body.email)) fail('CONFLICT', 'employeeExists', 'email', { email: body.email });
    const holder = holderOf(roster, body.personnelNumber, body.email);
    if (holder) fail('CONFLICT', 'numberTaken', 'personnelNumber', { number: body.personnelNumber!, name: holder.name ?? holder.email });
    const notAdded = await insertRosterEntries(tx, staff.employerId, [{ email: body.email, name: body.name, personnelNumber: body.personnelNumber }]);
    if (notAdded.length > 0) fail('CONFLICT', 'employeeUnavailable', 'email', { email: body.email });
    await insertEmployerChanges(tx, [{ employerId: staff.employerId, ...staffActor(staff), kind: 'employee_added', subject: body.email, changes: fieldChanges(null, body) }]);
    return { email: body.email };
  });
}

export async function editEmployee(staff: EmployerStaff, email: string, body: EmployeeEdit): Promise<{ email: string }> {
  const key = email.trim().toLowerCase();
  return getDb().transaction(async (tx) => {
    await requireLock(tx, staff);
    const before = await lockRosterEntry(tx, staff.employerId, key);
    if (!before) return fail('NOT_FOUND', 'employeeNotFound', 'email');
    const roster = await lockRoster(tx, staff.employerId);
    const holder = holderOf(roster, body.personnelNumber, key);
    if (holder) fail('CONFLICT', 'numberTaken', 'personnelNumber', { number: body.personnelNumber!, name: holder.name ?? holder.email });
    const changes = fieldChanges(before, body);
    if (changes.length === 0) return { email: key };
    await updateRosterEntry(tx, staff.employerId, key, body);
    await insertEmployerChanges(tx, [{ employerId: staff.employerId, ...staffActor(staff), kind: 'employee_changed', subject: key, changes }]);
    return { email: key };
  });
}

export async function removeEmployee(staff: EmployerStaff, email: string): Promise<{ email: string }> {
  const key = email.trim().toLowerCase();
  return getDb().transaction(async (tx) => {
    await requireLock(tx, staff);
    const before = await lockRosterEntry(tx, staff.employerId, key);
    if (!before || !(await deleteRosterEntry(tx, staff.employerId, key))) return fail('NOT_FOUND', 'employeeNotFound', 'email');
    await insertEmployerChanges(tx, [{ employerId: staff.employerId, ...staffActor(staff), kind: 'employee_removed', subject: key, changes: fieldChanges(before, null) }]);
    return { email: key };
  });
}

// ---- The import --------------------------------------------------------------------------------

export type ImportChange = { email: string; name: string; personnelNumber: string | null; changes: EmployerFieldChange[] };
export type ImportSummary = { applied: boolean; added: ImportChange[]; changed: ImportChange[]; unchanged: number };

const lineText = (b: BadLine | { line: number; code: 'numberTaken' | 'emailUnavailable'; params: Record<string, string | number> }): ErrorEntry => ({
  code: 'INVALID_PARAMETER',
  text: employerText(`line_${b.code}` as EmployerTextKey, { line: b.line, ...(b.params ?? {}) }),
  details: `line ${b.line}`,
});

/** What the file changes against the roster as it is now, or every bad line (the roster's rows locked). */
async function plan(tx: Executor, staff: EmployerStaff, rows: RosterLine[]) {
  const roster = await lockRoster(tx, staff.employerId);
  const byEmail = new Map(roster.map((r) => [r.email, r]));
  const taken = await emailsOfOtherEmployers(tx, staff.employerId, rows.map((r) => r.email).filter((e) => !byEmail.has(e)));
  const inFile = new Set(rows.map((r) => r.email));
  const bad: ErrorEntry[] = [];
  const added: ImportChange[] = [];
  const changed: ImportChange[] = [];
  let unchanged = 0;
  for (const row of rows) {
    if (taken.has(row.email)) {
      bad.push(lineText({ line: row.line, code: 'emailUnavailable', params: { email: row.email } }));
      continue;
    }
    // A number may move between people of the file; it may not be one a person outside the file keeps.
    const holder = row.personnelNumber === null ? undefined : roster.find((r) => r.personnelNumber === row.personnelNumber && !inFile.has(r.email));
    if (holder) {
      bad.push(lineText({ line: row.line, code: 'numberTaken', params: { number: row.personnelNumber!, name: holder.name ?? holder.email } }));
      continue;
    }
    const before = byEmail.get(row.email) ?? null;
    const changes = fieldChanges(before, row);
    const item = { email: row.email, name: row.name, personnelNumber: row.personnelNumber, changes };
    if (!before) added.push(item);
    else if (changes.length > 0) changed.push(item);
    else unchanged++;
  }
  return { bad, added, changed, unchanged };
}

/**
 * Checks a roster file (`apply` false: what it would change) or applies it in one transaction. A
 * file with any bad line changes nothing: 400 INVALID_PARAMETER with one entry per bad line, each
 * naming its line number (details `line N`) and why.
 */
export async function importRoster(staff: EmployerStaff, csv: string, apply: boolean): Promise<ImportSummary> {
  const parsed = parseRosterCsv(csv);
  const refuse = (entries: ErrorEntry[]): never => {
    throw new ApiError('INVALID_PARAMETER', { entries: entries.sort((a, b) => lineOf(a) - lineOf(b)) });
  };
  const entries = parsed.bad.map(lineText);
  return getDb().transaction(async (tx) => {
    await requireLock(tx, staff);
    const { bad, added, changed, unchanged } = await plan(tx, staff, parsed.rows);
    if (entries.length + bad.length > 0) refuse([...entries, ...bad]);
    if (!apply) return { applied: false, added, changed, unchanged };
    const notAdded = await insertRosterEntries(tx, staff.employerId, added);
    // Registered elsewhere since the check: nothing of the file is kept.
    if (notAdded.length > 0) refuse(added.filter((a) => notAdded.includes(a.email)).map((a) => lineText({ line: lineOfEmail(parsed.rows, a.email), code: 'emailUnavailable', params: { email: a.email } })));
    for (const c of changed) await updateRosterEntry(tx, staff.employerId, c.email, { name: c.name, personnelNumber: c.personnelNumber });
    const history: EmployerChangeInsert[] = [
      ...added.map((a) => ({ employerId: staff.employerId, ...staffActor(staff), kind: 'employee_added' as const, subject: a.email, changes: a.changes })),
      ...changed.map((c) => ({ employerId: staff.employerId, ...staffActor(staff), kind: 'employee_changed' as const, subject: c.email, changes: c.changes })),
    ];
    await insertEmployerChanges(tx, history);
    return { applied: true, added, changed, unchanged };
  });
}

const lineOf = (e: ErrorEntry) => Number(/\d+/.exec(e.details ?? '')?.[0] ?? 0);
const lineOfEmail = (rows: RosterLine[], email: string) => rows.find((r) => r.email === email)?.line ?? 0;
