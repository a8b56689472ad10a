import 'server-only';
import type { Executor } from '@/db/client';
import { employerPolicyByEmail } from '@/db/repositories/employers';
import { countBicyclesAtOnce } from '@/db/repositories/leases';
import { lockEmployee } from '@/db/repositories/employer-roster';
import { berlinToday } from '@/lib/api/dates';
import { effectiveLimits } from '@/lib/employer/rules/bounds';
import type { OfferRecord } from '@/db/repositories/offers';
import { ApiError } from '@/lib/api/errors';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { format, policyTexts, type PolicyTextCode, type Text } from '@/lib/i18n/messages';

// The employer's rules for one offer (docs/employer.md, "Rules and bounds"): the customer's e-mail
// must be a registered employee's, no category of the bicycle or an accessory may be one the
// employer excludes, and the total must lie between the employer's lowest and highest total (each
// narrowed by the operator's bounds). The customer's page and the employer's face show the checks;
// every order step checks them again in its transaction. The number of bicycles at once is checked
// apart, when the employee submits the order (assertBicyclesAtOnce).

export type PolicyCheck = {
  /** Which rule: the customer is an employee, the categories, the price limit. */
  rule: 'employee' | 'category' | 'price';
  passed: boolean;
  code: PolicyTextCode;
  text: Text;
};

export type PolicyReport = {
  /** The employee's employer, with how many bicycles it allows an employee at once (null: no limit). */
  employer: { id: string; name: string; maxBicyclesAtOnce: number | null } | null;
  checks: PolicyCheck[];
  passed: boolean;
};

const check = (rule: PolicyCheck['rule'], passed: boolean, code: PolicyTextCode, params: Record<string, string | number>): PolicyCheck => ({
  rule,
  passed,
  code,
  text: format(policyTexts[code], params),
});

/** The checks of the employer's rules for an offer (in the caller's transaction when given one). */
export async function policyReport(db: Executor, offer: Pick<OfferRecord, 'customerEmail' | 'productBidexCode' | 'accessories' | 'totalPriceGross' | 'productBrandName' | 'productModelName'>): Promise<PolicyReport> {
  const policy = await employerPolicyByEmail(db, offer.customerEmail);
  if (!policy) {
    return { employer: null, checks: [check('employee', false, 'NOT_AN_EMPLOYEE', { email: offer.customerEmail })], passed: false };
  }
  const employer = policy.employerName;
  const checks: PolicyCheck[] = [check('employee', true, 'EMPLOYEE_REGISTERED', { employer })];

  const catalogue = await loadCatalogue({ db });
  const items = [
    { code: offer.productBidexCode, item: [offer.productBrandName, offer.productModelName].filter(Boolean).join(' ') || offer.productBidexCode },
    ...offer.accessories.map((a) => ({ code: a.bidexCode, item: [a.brandName, a.modelName].filter(Boolean).join(' ') || a.bidexCode })),
  ];
  const excluded = items.filter((i) => catalogue.isExcluded(i.code, policy.excludedCodes));
  if (excluded.length === 0) checks.push(check('category', true, 'CATEGORIES_ALLOWED', { employer }));
  for (const i of excluded) {
    // The excluded code the item falls under, named in each language by the page (German here, the
    // category's English name in `params` of the English text).
    const node = catalogue.lineage(i.code).find((n) => policy.excludedCodes.includes(n.bidexCode)) ?? catalogue.get(i.code);
    const named = { de: node?.nameDe ?? i.code, en: node?.nameEn ?? i.code };
    const de = format(policyTexts.CATEGORY_EXCLUDED, { employer, category: named.de, item: i.item });
    const en = format(policyTexts.CATEGORY_EXCLUDED, { employer, category: named.en, item: i.item });
    checks.push({ rule: 'category', passed: false, code: 'CATEGORY_EXCLUDED', text: { de: de.de, en: en.en } });
  }

  const num = (v: string | null) => (v === null ? null : Number(v));
  const limits = effectiveLimits(
    { minTotalPriceGross: num(policy.minTotalPriceGross), maxTotalPriceGross: num(policy.maxTotalPriceGross), maxBicyclesAtOnce: policy.maxBicyclesAtOnce },
    { totalPriceFloorGross: num(policy.totalPriceFloorGross), totalPriceCeilingGross: num(policy.totalPriceCeilingGross), bicyclesAtOnceCeiling: policy.bicyclesAtOnceCeiling },
  );
  const limit = limits.maxTotalPriceGross;
  const total = Number(offer.totalPriceGross);
  if (limits.minTotalPriceGross !== null && total < limits.minTotalPriceGross) checks.push(check('price', false, 'PRICE_BELOW_MINIMUM', { employer, total, limit: limits.minTotalPriceGross }));
  else if (limit === null) checks.push(check('price', true, 'NO_PRICE_LIMIT', { employer }));
  else if (total <= limit) checks.push(check('price', true, 'PRICE_WITHIN_LIMIT', { limit }));
  else checks.push(check('price', false, 'PRICE_ABOVE_LIMIT', { employer, total, limit }));

  return { employer: { id: policy.employerId, name: employer, maxBicyclesAtOnce: limits.maxBicyclesAtOnce }, checks, passed: checks.every((c) => c.passed) };
}

/** Throws 409 ORDER_NOT_ALLOWED naming every broken rule, unless the report passed. */
export function assertPolicy(report: PolicyReport): asserts report is PolicyReport & { employer: NonNullable<PolicyReport['employer']> } {
  if (report.passed && report.employer) return;
  throw new ApiError('ORDER_NOT_ALLOWED', {
    entries: report.checks
      .filter((c) => !c.passed)
      .map((c) => ({ code: 'ORDER_NOT_ALLOWED' as const, text: c.text, details: c.rule })),
  });
}

/**
 * The employee's submission keeps the employer's number of bicycles at once: running leases, bought
 * bicycles awaiting their handover and other orders waiting for a decision count (production;
 * countBicyclesAtOnce). Else 409 ORDER_NOT_ALLOWED naming the rule `limit`, nothing moves. The
 * employee's roster row is locked first, so two submissions of one person are counted one after the
 * other.
 */
export async function assertBicyclesAtOnce(tx: Executor, report: PolicyReport, offer: Pick<OfferRecord, 'id' | 'customerEmail'>): Promise<void> {
  const limit = report.employer?.maxBicyclesAtOnce ?? null;
  if (limit === null || !report.employer) return;
  await lockEmployee(tx, offer.customerEmail);
  const count = await countBicyclesAtOnce(tx, offer.customerEmail, berlinToday(), offer.id);
  if (count < limit) return;
  throw new ApiError('ORDER_NOT_ALLOWED', {
    entries: [{ code: 'ORDER_NOT_ALLOWED', text: format(policyTexts.BICYCLES_AT_ONCE_REACHED, { employer: report.employer.name, limit, count }), details: 'limit' }],
  });
}
