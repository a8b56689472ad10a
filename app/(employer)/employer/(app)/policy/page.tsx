import type { Metadata } from 'next';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { Card, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EmployerTermsList } from '@/components/lease-terms-summary';
import { PolicyForm, type CategoryChoice } from '@/components/employer/policy-form';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { employerRules } from '@/lib/employer/use-cases/rules';
import { formatMoney } from '@/lib/i18n/words';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('policyTitle') };
}

/** The employer's rules, edited by its HR staff within the operator's bounds; the lease terms, read-only. */
export default async function PolicyPage() {
  const { staff, lang, t } = await employerPage();
  const [rules, catalogue] = await Promise.all([employerRules(staff, lang), loadCatalogue()]);
  const categories: CategoryChoice[] = catalogue.nodes.map((n) => ({ code: n.bidexCode, parent: n.parentCode, name: lang === 'en' ? n.nameEn : n.nameDe, depth: catalogue.lineage(n.bidexCode).length - 1 }));
  const { bounds } = rules;
  const boundLines = [
    bounds.totalPriceFloorGross === null ? null : t('boundFloor', { amount: formatMoney(bounds.totalPriceFloorGross, lang) }),
    bounds.totalPriceCeilingGross === null ? null : t('boundCeiling', { amount: formatMoney(bounds.totalPriceCeilingGross, lang) }),
    bounds.bicyclesAtOnceCeiling === null ? null : t('boundAtOnce', { count: bounds.bicyclesAtOnceCeiling }),
  ].filter((l): l is string => l !== null);
  return (
    <div className="space-y-section">
      <PageHeader title={t('policyTitle')} description={t('policyIntroEditable', { employer: rules.name })} />
      <Card aria-labelledby="rule-edit">
        <CardHeader id="rule-edit" title={t('editRules')} description={t('atOnceHint')} />
        <PolicyForm rules={{ excludedCodes: rules.excluded.map((c) => c.code), minTotalPriceGross: rules.minTotalPriceGross, maxTotalPriceGross: rules.maxTotalPriceGross, maxBicyclesAtOnce: rules.maxBicyclesAtOnce }} categories={categories} />
      </Card>
      <Card aria-labelledby="rule-bounds">
        <CardHeader id="rule-bounds" title={t('boundsTitle')} />
        {boundLines.length === 0 ? (
          <p className="text-sm text-ink">{t('noBounds')}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink" data-testid="rule-bounds">
            {boundLines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        )}
      </Card>
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
        <p className="text-sm text-ink" data-testid="min-total">
          {rules.minTotalPriceGross === null ? t('noMinTotal') : t('minTotal', { amount: formatMoney(rules.minTotalPriceGross, lang) })}
        </p>
        <p className="text-sm text-ink" data-testid="at-once">
          {rules.maxBicyclesAtOnce === null ? t('noAtOnce') : t('atOnce', { count: rules.maxBicyclesAtOnce })}
        </p>
      </Card>
      <Card aria-labelledby="rule-lease">
        <CardHeader id="rule-lease" title={t('leaseTermsTitle')} description={t('leaseTermsIntro')} />
        <EmployerTermsList terms={rules.leaseTerms} lang={lang} t={t} />
      </Card>
    </div>
  );
}
