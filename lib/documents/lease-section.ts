import 'server-only';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import type deCommon from '@/messages/de/common.json';
import type { Lang } from '@/lib/i18n/messages';
import { formatPercent } from '@/lib/leasing/format';
import { formatMoney } from '@/lib/portal/i18n';
import type { LeaseTerms } from '@/lib/shared/model';

// The offer document's lease section (docs/contract.md, "Lease terms"): the sum with all of its parts as
// every face shows it — the rate, plus insurance and service, less the employer's subsidy, equals
// what the person pays a month — then the term and the taxable benefit, in the document's
// language (the faces' words, messages/<locale>/common.json).

export type LeaseDrawing = {
  section: (title: string) => void;
  amountLine: (label: string, amount: string, bold?: boolean) => void;
  note: (text: string) => void;
};

type LeaseKey = Extract<keyof typeof deCommon, `lease${string}`>;

export function drawLeaseSection(draw: LeaseDrawing, terms: LeaseTerms, lang: Lang): void {
  const t = (key: string, params?: Record<string, string | number>) => catalogueTranslator(lang)(`common.${key as LeaseKey}`, params);
  const money = (v: number) => formatMoney(v, lang);
  draw.section(t('leaseTitle'));
  draw.amountLine(t('leaseRate', { percent: formatPercent(terms.leasingFactorPercent, lang) }), money(terms.monthlyRateGross));
  draw.amountLine(t('leaseInsurance'), `+ ${money(terms.insuranceMonthly)}`);
  draw.amountLine(t('leaseSubsidyNeutral'), `− ${money(terms.employerSubsidyMonthly)}`);
  draw.amountLine(t('leaseEmployeePays'), `= ${money(terms.employeeMonthlyGross)}`, true);
  draw.amountLine(t('leaseTerm'), t('leaseMonths', { months: terms.termMonths }));
  draw.amountLine(t('leaseBenefit'), money(terms.taxableBenefitMonthly));
  draw.note(t('leaseBenefitNoteShort', { basis: money(terms.benefitBasis) }));
}
