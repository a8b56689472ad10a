import type { ReactNode } from 'react';
import type { Lang } from '@/lib/i18n/messages';
import { formatMoney } from '@/lib/i18n/words';
import { formatPercent } from '@/lib/leasing/format';
import type { LeaseTerms } from '@/lib/shared/model';

// An offer's lease terms on every face (docs/contract.md, "Lease terms"), in the reader's locale. Every
// face shows the same sum with all of its parts — the rate, plus insurance and service, less the
// employer's subsidy, equals what the person pays a month — then the term and the taxable benefit,
// so the figures always add up on the page. The employee's page leads with what they pay. No
// hooks: it renders in server pages and client components alike, with the face's translator
// (common.json's keys).

type LeaseKey =
  | 'leaseYouPay'
  | 'leaseYouPayNote'
  | 'leaseYouPayRow'
  | 'leaseEmployeePays'
  | 'leaseTerm'
  | 'leaseMonths'
  | 'leaseRate'
  | 'leaseInsurance'
  | 'leaseSubsidy'
  | 'leaseSubsidyEmployer'
  | 'leaseSubsidyNeutral'
  | 'leaseBenefit'
  | 'leaseBenefitNote'
  | 'leaseBenefitNoteShort'
  | 'leaseKept';
export type LeaseTranslate = (key: LeaseKey, params?: Record<string, string | number>) => string;

export type LeaseAudience = 'employee' | 'employer' | 'dealer';

export function LeaseTermsSummary({
  terms,
  audience,
  lang,
  t,
  employer,
  kept,
}: {
  terms: LeaseTerms;
  audience: LeaseAudience;
  lang: Lang;
  t: LeaseTranslate;
  /** The employer's name (the employee's page says who pays the subsidy). */
  employer?: string;
  /** The terms were kept at submission (the employer's card says so). */
  kept?: boolean;
}) {
  const money = (v: number) => formatMoney(v, lang);
  const rate = t('leaseRate', { percent: formatPercent(terms.leasingFactorPercent, lang) });
  const subsidyLabel = audience === 'employee' ? t('leaseSubsidy') : audience === 'employer' ? t('leaseSubsidyEmployer') : t('leaseSubsidyNeutral');
  return (
    <div className="space-y-3" data-testid="lease-terms" data-monthly={terms.employeeMonthlyGross} data-term={terms.termMonths}>
      {audience === 'employee' ? (
        <div className="space-y-1">
          <p className="text-2xl font-bold text-ink" data-testid="lease-you-pay">
            {t('leaseYouPay', { amount: money(terms.employeeMonthlyGross) })}
          </p>
          <p className="text-sm text-ink">{t('leaseYouPayNote', { months: terms.termMonths, employer: employer ?? '' })}</p>
        </div>
      ) : null}
      <dl className="text-sm" data-testid="lease-sum">
        <Row label={rate} value={money(terms.monthlyRateGross)} testId="lease-rate" />
        <Row label={t('leaseInsurance')} value={`+ ${money(terms.insuranceMonthly)}`} testId="lease-insurance" />
        <Row label={subsidyLabel} value={`− ${money(terms.employerSubsidyMonthly)}`} testId="lease-subsidy" />
        <Row
          label={audience === 'employee' ? t('leaseYouPayRow') : t('leaseEmployeePays')}
          value={`= ${money(terms.employeeMonthlyGross)}`}
          testId="lease-employee-monthly"
          strong
          total
        />
      </dl>
      <dl className="divide-y divide-line text-sm">
        <Row label={t('leaseTerm')} value={t('leaseMonths', { months: terms.termMonths })} testId="lease-term" />
        <Row label={t('leaseBenefit')} value={money(terms.taxableBenefitMonthly)} testId="lease-benefit" />
      </dl>
      {audience === 'employee' ? (
        <p className="text-xs text-ink-muted">{t('leaseBenefitNote', { amount: money(terms.taxableBenefitMonthly), basis: money(terms.benefitBasis) })}</p>
      ) : (
        <p className="text-xs text-ink-muted">{t('leaseBenefitNoteShort', { basis: money(terms.benefitBasis) })}</p>
      )}
      {kept ? <p className="text-xs text-ink-muted">{t('leaseKept')}</p> : null}
    </div>
  );
}

function Row({ label, value, strong, total, testId }: { label: string; value: ReactNode; strong?: boolean; total?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1.5 ${strong ? 'font-semibold' : ''} ${total ? 'border-t border-ink' : ''}`}>
      <dt className="min-w-0">{label}</dt>
      <dd className="shrink-0 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type TermsKey = 'leaseTerm' | 'leaseMonths' | 'leaseFactor' | 'leaseInsurancePercent' | 'leaseSubsidyFixed';
export type TermsValues = { leaseTermMonths: number; leasingFactorPercent: number; insurancePercent: number; employerSubsidyMonthly: number };

/** An employer's terms themselves (the employer face's policy, the console's employer page), read-only. */
export function EmployerTermsList({ terms, lang, t }: { terms: TermsValues; lang: Lang; t: (key: TermsKey, params?: Record<string, string | number>) => string }) {
  return (
    <dl className="divide-y divide-line text-sm" data-testid="employer-lease-terms">
      <Row label={t('leaseTerm')} value={t('leaseMonths', { months: terms.leaseTermMonths })} />
      <Row label={t('leaseFactor')} value={formatPercent(terms.leasingFactorPercent, lang)} />
      <Row label={t('leaseInsurancePercent')} value={formatPercent(terms.insurancePercent, lang)} />
      <Row label={t('leaseSubsidyFixed')} value={formatMoney(terms.employerSubsidyMonthly, lang)} />
    </dl>
  );
}
