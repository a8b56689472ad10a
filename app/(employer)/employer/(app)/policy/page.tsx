import type { Metadata } from 'next';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { Card, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EmployerTermsList } from '@/components/lease-terms-summary';
import { employerRules } from '@/lib/employer/use-cases/requests';
import { formatMoney } from '@/lib/i18n/words';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('policyTitle') };
}

/** The employer's rules, read-only: the operator sets them. */
export default async function PolicyPage() {
  const { staff, lang, t } = await employerPage();
  const rules = await employerRules(staff, lang);
  return (
    <div className="space-y-section">
      <PageHeader title={t('policyTitle')} description={t('policyIntro', { employer: rules.name })} />
      <Card aria-labelledby="rule-employee">
        <CardHeader id="rule-employee" title={t('employee')} />
        <p className="text-sm text-ink">{t('employeeRule', { employer: rules.name })}</p>
      </Card>
      <Card aria-labelledby="rule-categories">
        <CardHeader id="rule-categories" title={t('excludedTitle')} />
        {rules.excluded.length === 0 ? (
          <p className="text-sm text-ink">{t('noneExcluded')}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink" data-testid="excluded-categories">
            {rules.excluded.map((c) => (
              <li key={c.code}>
                {c.name} <span className="text-ink-muted">({c.code})</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="rule-price">
        <CardHeader id="rule-price" title={t('priceLimitTitle')} />
        <p className="text-sm text-ink" data-testid="price-limit">
          {rules.maxTotalPriceGross === null ? t('noPriceLimit') : t('priceLimit', { amount: formatMoney(rules.maxTotalPriceGross, lang) })}
        </p>
      </Card>
      <Card aria-labelledby="rule-lease">
        <CardHeader id="rule-lease" title={t('leaseTermsTitle')} description={t('leaseTermsIntro')} />
        <EmployerTermsList terms={rules.leaseTerms} lang={lang} t={t} />
      </Card>
    </div>
  );
}
