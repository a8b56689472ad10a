import type { Metadata } from 'next';
import { LeasesTable } from '@/components/employer/leases-table';
import { ListPages, ListSearch, pageParam, textParam } from '@/components/employer/list-controls';
import { PayrollDownload } from '@/components/employer/payroll-download';
import { Card, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { berlinToday } from '@/lib/api/dates';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { berlinMonth } from '@/lib/employer/rules/payroll-month';
import { employerLeases, LEASE_SORTS, LEASES_PAGE_SIZE, type LeaseSort } from '@/lib/employer/use-cases/leases';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('leasesTitle') };
}

const SORT_LABEL = { name: 'sortName', personnelNumber: 'sortPersonnelNumber', leaseStart: 'sortLeaseStart', leaseEnd: 'sortLeaseEnd', monthly: 'sortMonthly' } as const;

/** Every bicycle handed over to the employer's employees (`?q=`, `?sort=`, `?page=`), and the month's payroll file. */
export default async function LeasesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { staff, lang, t } = await employerPage();
  const params = await searchParams;
  const q = textParam(params.q);
  const rawSort = textParam(params.sort);
  const sort: LeaseSort = (LEASE_SORTS as readonly string[]).includes(rawSort) ? (rawSort as LeaseSort) : 'name';
  const page = pageParam(params.page);
  const { leases, total } = await employerLeases(staff, { q, sort, page });
  return (
    <div className="space-y-section">
      <PageHeader title={t('leasesTitle')} description={t('leasesIntro')} meta={<p className="text-sm font-medium text-ink">{t('leasesCount', { count: total })}</p>} />
      <Card aria-labelledby="payroll-heading">
        <CardHeader id="payroll-heading" title={t('payrollTitle')} description={t('payrollIntro')} />
        <PayrollDownload month={berlinMonth()} lang={lang} t={t} />
      </Card>
      <div className="space-y-3">
        <ListSearch action="/employer/leases" q={q} placeholder={t('leaseSearchPlaceholder')} sort={{ value: sort, options: LEASE_SORTS.map((s) => ({ value: s, label: t(SORT_LABEL[s]) })) }} t={t} />
        {leases.length === 0 ? (
          <p className="text-ink" data-testid="no-leases">
            {q ? t('noLeaseMatch', { query: q }) : t('noLeases')}
          </p>
        ) : (
          <LeasesTable leases={leases} today={berlinToday()} lang={lang} t={t} />
        )}
        <ListPages base="/employer/leases" params={{ ...(q ? { q } : {}), sort }} page={page} pageSize={LEASES_PAGE_SIZE} total={total} t={t} />
      </div>
    </div>
  );
}
