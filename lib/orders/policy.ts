import 'server-only';
import type { Executor } from '@/db/client';
import { employerPolicyByEmail } from '@/db/repositories/employers';
import type { OfferRecord } from '@/db/repositories/offers';
import { ApiError } from '@/lib/api/errors';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { format, policyTexts, type PolicyTextCode, type Text } from '@/lib/i18n/messages';

// The employer's rules for one offer (docs/contract.md, "Customer link"): the customer's e-mail must be a
// registered employee's, no category of the bicycle or an accessory may be one the employer
// excludes, and the total may not pass the employer's price limit. The customer's page and the
// employer's face show the checks; every order step checks them again in its transaction.

export type PolicyCheck = {
  /** Which rule: the customer is an employee, the categories, the price limit. */
  rule: 'employee' | 'category' | 'price';
  passed: boolean;
  code: PolicyTextCode;
  text: Text;
};

export type PolicyReport = {
  employer: { id: string; name: string } | null;
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

  const limit = policy.maxTotalPriceGross === null ? null : Number(policy.maxTotalPriceGross);
  const total = Number(offer.totalPriceGross);
  if (limit === null) checks.push(check('price', true, 'NO_PRICE_LIMIT', { employer }));
  else if (total <= limit) checks.push(check('price', true, 'PRICE_WITHIN_LIMIT', { limit }));
  else checks.push(check('price', false, 'PRICE_ABOVE_LIMIT', { employer, total, limit }));

  return { employer: { id: policy.employerId, name: employer }, checks, passed: checks.every((c) => c.passed) };
}

/** Throws 409 ORDER_NOT_ALLOWED naming every broken rule, unless the report passed. */
export function assertPolicy(report: PolicyReport): asserts report is PolicyReport & { employer: { id: string; name: string } } {
  if (report.passed && report.employer) return;
  throw new ApiError('ORDER_NOT_ALLOWED', {
    entries: report.checks
      .filter((c) => !c.passed)
      .map((c) => ({ code: 'ORDER_NOT_ALLOWED' as const, text: c.text, details: c.rule })),
  });
}
