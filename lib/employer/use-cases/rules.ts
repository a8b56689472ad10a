import 'server-only';
import type { Executor } from '@/db/client';
import { findEmployer, replaceExcludedCategories } from '@/db/repositories/employers';
import { findEmployerRules, updateEmployerBounds, updateEmployerRules, type EmployerRulesRow } from '@/db/repositories/employer-rules';
import { insertEmployerChanges, type EmployerChangeInsert } from '@/db/repositories/employer-roster';
import type { EmployerFieldChange } from '@/db/schema';
import { getDb } from '@/lib/database';
import { ApiError, notFound, type ErrorEntry } from '@/lib/api/errors';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { employerText, type EmployerTextKey } from '@/lib/employer/i18n';
import { boundViolations, type Bounds, type TotalsAndCount } from '@/lib/employer/rules/bounds';
import type { RulesBody } from '@/lib/employer/schemas';
import type { Lang } from '@/lib/i18n/messages';
import { formatMoney } from '@/lib/i18n/words';
import { termsValues } from '@/lib/leasing/lease-terms';
import { staffActor } from './roster';
import type { EmployerStaff } from './requests';

// The employer's rules (docs/employer.md, "Rules and bounds"): its HR staff edit the excluded
// categories, the lowest and highest total and the bicycles at once, within the operator's bounds;
// the operator edits the bounds (and may edit the rules). Every change is one transaction, under
// the employer's row lock, with one history entry listing each changed value old → new.

const num = (v: string | null) => (v === null ? null : Number(v));
const money = (v: number | null) => (v === null ? null : v.toFixed(2));

export function totalsOf(row: EmployerRulesRow): TotalsAndCount {
  return { minTotalPriceGross: num(row.minTotalPriceGross), maxTotalPriceGross: num(row.maxTotalPriceGross), maxBicyclesAtOnce: row.maxBicyclesAtOnce };
}
export function boundsOf(row: EmployerRulesRow): Bounds {
  return { totalPriceFloorGross: num(row.totalPriceFloorGross), totalPriceCeilingGross: num(row.totalPriceCeilingGross), bicyclesAtOnceCeiling: row.bicyclesAtOnceCeiling };
}

/** Each value of `after` that differs from `before`, old → new (lists compared as sets). */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): EmployerFieldChange[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(Array.isArray(a) ? [...a].sort() : a) === JSON.stringify(Array.isArray(b) ? [...b].sort() : b);
  return Object.keys(after)
    .filter((k) => !same(before[k] ?? null, after[k] ?? null))
    .map((field) => ({ field, old: before[field] ?? null, new: after[field] ?? null }));
}

/** The employer's rules and the operator's bounds as the employer face shows them. */
export async function employerRules(staff: EmployerStaff, lang: Lang) {
  const db = getDb();
  const [employer, row, catalogue] = await Promise.all([findEmployer(db, staff.employerId), findEmployerRules(db, staff.employerId), loadCatalogue()]);
  if (!employer || !row) notFound();
  return {
    name: employer.name,
    excluded: row.excludedCodes.map((code) => {
      const node = catalogue.get(code);
      return { code, name: node ? (lang === 'en' ? node.nameEn : node.nameDe) : code };
    }),
    ...totalsOf(row),
    bounds: boundsOf(row),
    leaseTerms: termsValues(employer),
  };
}

async function unknownCodes(codes: readonly string[]): Promise<ErrorEntry[]> {
  const catalogue = await loadCatalogue();
  return codes.flatMap((code, i) => (catalogue.get(code) ? [] : [{ code: 'INVALID_PARAMETER' as const, text: employerText('rule_unknownCategory'), details: `excludedCodes[${i}]` }]));
}

/**
 * HR's edit of its rules: refused (400 INVALID_PARAMETER naming each field out of bounds, nothing
 * changed) unless every value lies within the operator's bounds. A save that changes nothing
 * records nothing.
 */
export async function setEmployerRules(staff: EmployerStaff, body: RulesBody): Promise<TotalsAndCount & { excludedCodes: string[] }> {
  const unknown = await unknownCodes(body.excludedCodes);
  if (unknown.length > 0) throw new ApiError('INVALID_PARAMETER', { entries: unknown });
  const excludedCodes = [...new Set(body.excludedCodes)].sort();
  const rules: TotalsAndCount = { minTotalPriceGross: body.minTotalPriceGross, maxTotalPriceGross: body.maxTotalPriceGross, maxBicyclesAtOnce: body.maxBicyclesAtOnce };
  return getDb().transaction(async (tx) => {
    const row = await findEmployerRules(tx, staff.employerId, { lock: true });
    if (!row) notFound();
    const violations = boundViolations(rules, boundsOf(row));
    if (violations.length > 0) {
      throw new ApiError('INVALID_PARAMETER', {
        entries: violations.map((v) => ({
          code: 'INVALID_PARAMETER' as const,
          text: employerText((v.code === 'belowFloor' || v.code === 'aboveMax' ? `rule_${v.code}` : `rule_${v.code}_${v.field}`) as EmployerTextKey, (lang) => ({
            amount: formatMoney(v.bound, lang),
            count: v.bound,
          })),
          details: v.field,
        })),
      });
    }
    await writeRules(tx, staff.employerId, row, { excludedCodes, ...rules }, { ...staffActor(staff) });
    return { ...rules, excludedCodes };
  });
}

type Actor = Pick<EmployerChangeInsert, 'actorType' | 'actorId' | 'actorName'>;

/** Writes the rules that changed and their history entry (in the caller's transaction, under the row lock). */
export async function writeRules(tx: Executor, employerId: string, row: EmployerRulesRow, after: TotalsAndCount & { excludedCodes?: string[] }, actor: Actor): Promise<EmployerFieldChange[]> {
  const before = { excludedCodes: row.excludedCodes, ...totalsOf(row) };
  const changes = changesBetween(before, after);
  if (changes.length === 0) return changes;
  if (after.excludedCodes && changes.some((c) => c.field === 'excludedCodes')) await replaceExcludedCategories(tx, employerId, after.excludedCodes);
  await updateEmployerRules(tx, employerId, { minTotalPriceGross: money(after.minTotalPriceGross), maxTotalPriceGross: money(after.maxTotalPriceGross), maxBicyclesAtOnce: after.maxBicyclesAtOnce });
  await insertEmployerChanges(tx, [{ employerId, ...actor, kind: 'rules_changed', changes }]);
  return changes;
}

/** The operator's bounds on the employer's rules (every change in the employer's history); the bounds as stored. */
export async function writeBounds(tx: Executor, employerId: string, bounds: Bounds, actor: Actor): Promise<EmployerFieldChange[] | null> {
  const row = await findEmployerRules(tx, employerId, { lock: true });
  if (!row) return null;
  const changes = changesBetween({ ...boundsOf(row) }, { ...bounds });
  if (changes.length === 0) return changes;
  await updateEmployerBounds(tx, employerId, {
    totalPriceFloorGross: money(bounds.totalPriceFloorGross),
    totalPriceCeilingGross: money(bounds.totalPriceCeilingGross),
    bicyclesAtOnceCeiling: bounds.bicyclesAtOnceCeiling,
  });
  await insertEmployerChanges(tx, [{ employerId, ...actor, kind: 'bounds_changed', changes }]);
  return changes;
}
