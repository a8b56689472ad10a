import 'server-only';
import type { Executor } from '@/db/client';
import { getDb } from '@/lib/database';
import { insertOperatorAction, listEmployerActions } from '@/db/repositories/dealers';
import {
  findEmployee,
  findEmployer,
  findEmployerByName,
  insertEmployee,
  insertEmployer,
  listEmployees,
  listEmployers as listEmployerRows,
  lockEmployerLeaseTerms,
  replaceExcludedCategories,
  setEmployerLeaseTerms as writeLeaseTerms,
  setEmployerPriceLimit,
} from '@/db/repositories/employers';
import { ApiError, fieldError } from '@/lib/api/errors';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { LeaseTermsBody } from '@/lib/console/schemas';
import { termsValues } from '@/lib/leasing/lease-terms';
import type { Operator } from './operator';
import { insertEmployerChanges } from '@/db/repositories/employer-roster';
import { changesBetween } from '@/lib/employer/use-cases/rules';
import { operatorChangeActor } from './employer-bounds';
import { answerTexts, format } from '@/lib/i18n/messages';

// Employers, their category policy and their employees. The policy is what the catalogue hides
// from an employee (GET /v1/offers/categories?email=) and what processing rejects with
// CATEGORY_NOT_ALLOWED. Every change is recorded in operator_actions.

const actorOf = (operator: Operator) => ({ actorId: operator.id, actorName: operator.name });

async function requireEmployer(db: Executor, employerId: string) {
  const employer = await findEmployer(db, employerId);
  if (!employer) throw new ApiError('NOT_FOUND', { details: `No employer ${employerId}.` });
  return employer;
}

/** Every employer with its category policy and number of employees. */
export async function listEmployers() {
  return listEmployerRows(getDb());
}

/** The employer's name (page titles), or undefined when there is no such employer. */
export async function employerName(id: string): Promise<string | undefined> {
  return (await findEmployer(getDb(), id))?.name;
}

/** Everything the employer's page shows, or null when there is no such employer. */
export async function employerDetail(id: string) {
  const db = getDb();
  const employer = await findEmployer(db, id);
  if (!employer) return null;
  const [all, employees, actions] = await Promise.all([listEmployerRows(db), listEmployees(db, employer.id), listEmployerActions(db, employer.id)]);
  const excluded = all.find((e) => e.id === employer.id)?.excludedCodes ?? [];
  return { employer, employees, actions, excluded, leaseTerms: termsValues(employer) };
}

export async function createEmployer(operator: Operator, name: string): Promise<{ id: string; name: string }> {
  return getDb().transaction(async (tx) => {
    const existing = await findEmployerByName(tx, name);
    if (existing) {
      throw new ApiError('CONFLICT', {
        text: format(answerTexts.employerExists, { name: existing.name }),
      });
    }
    const id = await insertEmployer(tx, name);
    await insertOperatorAction(tx, { ...actorOf(operator), action: 'employer_created', employerId: id, details: { name } });
    return { id, name };
  });
}

/**
 * Replaces an employer's category policy: the codes it excludes (each with everything below it),
 * and its price limit when given (null: none; left out: unchanged). Codes must be catalogue
 * categories. Answers the policy as stored.
 */
export async function setEmployerPolicy(
  operator: Operator,
  employerId: string,
  codes: readonly string[],
  maxTotalPriceGross?: number | null,
): Promise<{ excludedCodes: string[]; maxTotalPriceGross: number | null }> {
  const catalogue = await loadCatalogue();
  const unknown = codes
    .map((code, i) => ({ code, i }))
    .filter(({ code }) => !catalogue.get(code));
  if (unknown.length > 0) {
    throw new ApiError('INVALID_PARAMETER', {
      entries: unknown.map(({ i }) => fieldError('INVALID_PARAMETER', 'invalid', `excludedCodes[${i}]`)),
    });
  }
  const excluded = [...new Set(codes)].sort();
  return getDb().transaction(async (tx) => {
    const employer = await requireEmployer(tx, employerId);
    const before = (await listEmployerRows(tx)).find((e) => e.id === employerId)?.excludedCodes ?? [];
    await replaceExcludedCategories(tx, employerId, excluded);
    await insertOperatorAction(tx, {
      ...actorOf(operator),
      action: 'policy_changed',
      employerId,
      details: { old: before, new: excluded },
    });
    const changes = changesBetween({ excludedCodes: before }, { excludedCodes: excluded });
    const limitBefore = employer.maxTotalPriceGross === null ? null : Number(employer.maxTotalPriceGross);
    const limit = maxTotalPriceGross === undefined ? limitBefore : maxTotalPriceGross;
    if (limit !== limitBefore) {
      await setEmployerPriceLimit(tx, employerId, limit === null ? null : limit.toFixed(2));
      await insertOperatorAction(tx, { ...actorOf(operator), action: 'price_limit_changed', employerId, details: { old: limitBefore, new: limit } });
      changes.push({ field: 'maxTotalPriceGross', old: limitBefore, new: limit });
    }
    // The employer's own history shows the operator's change of its rules too.
    await insertEmployerChanges(tx, changes.length > 0 ? [{ employerId, ...operatorChangeActor(operator), kind: 'rules_changed', changes }] : []);
    return { excludedCodes: excluded, maxTotalPriceGross: limit };
  });
}

/** Registers an employee of an employer by e-mail; 409 when the e-mail is registered already. */
export async function registerEmployee(
  operator: Operator,
  employerId: string,
  input: { email: string; name?: string },
): Promise<{ email: string; employerId: string }> {
  const email = input.email.trim().toLowerCase();
  return getDb().transaction(async (tx) => {
    await requireEmployer(tx, employerId);
    const created = await insertEmployee(tx, { email, employerId, name: input.name ?? null });
    if (!created) {
      const existing = await findEmployee(tx, email);
      throw new ApiError('CONFLICT', {
        text: format(answerTexts.employeeExists, { email, employer: existing?.employerName ?? '?' }),
        details: 'email',
      });
    }
    await insertOperatorAction(tx, { ...actorOf(operator), action: 'employee_registered', employerId, details: { email } });
    await insertEmployerChanges(tx, [{ employerId, ...operatorChangeActor(operator), kind: 'employee_added', subject: email, changes: input.name ? [{ field: 'name', old: null, new: input.name }] : [] }]);
    return { email, employerId };
  });
}

/**
 * Replaces an employer's lease terms, recording who changed them from what to what
 * (operator_actions, `lease_terms_changed`). Requests already submitted keep the terms they were
 * submitted under. A save that changes nothing records nothing.
 */
export async function setEmployerLeaseTerms(operator: Operator, employerId: string, terms: LeaseTermsBody): Promise<LeaseTermsBody> {
  return getDb().transaction(async (tx) => {
    const row = await lockEmployerLeaseTerms(tx, employerId);
    if (!row) throw new ApiError('NOT_FOUND', { details: `No employer ${employerId}.` });
    const before = termsValues(row);
    const after = termsValues({
      leaseTermMonths: terms.leaseTermMonths,
      leasingFactorPercent: terms.leasingFactorPercent.toFixed(3),
      insurancePercent: terms.insurancePercent.toFixed(3),
      employerSubsidyMonthly: terms.employerSubsidyMonthly.toFixed(2),
    });
    if (JSON.stringify(before) === JSON.stringify(after)) return before;
    await writeLeaseTerms(tx, employerId, {
      leaseTermMonths: after.leaseTermMonths,
      leasingFactorPercent: after.leasingFactorPercent.toFixed(3),
      insurancePercent: after.insurancePercent.toFixed(3),
      employerSubsidyMonthly: after.employerSubsidyMonthly.toFixed(2),
    });
    await insertOperatorAction(tx, { ...actorOf(operator), action: 'lease_terms_changed', employerId, details: { old: before, new: after } });
    return after;
  });
}
