import type { Metadata } from 'next';
import { ListPages, ListSearch, pageParam, textParam } from '@/components/employer/list-controls';
import { AddEmployeeForm, RosterRowActions } from '@/components/employer/roster-forms';
import { RosterImport } from '@/components/employer/roster-import';
import { Card, CardHeader } from '@/components/ui/card';
import { EmailText } from '@/components/ui/email-text';
import { PageHeader } from '@/components/ui/page-header';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { ROSTER_PAGE_SIZE, rosterPage } from '@/lib/employer/use-cases/roster';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('employeesTitle') };
}

/** The employer's roster (`?q=`, `?page=`): add, edit, remove one person, or import a file. */
export default async function EmployeesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { staff, t } = await employerPage();
  const params = await searchParams;
  const q = textParam(params.q);
  const page = pageParam(params.page);
  const { rows, total } = await rosterPage(staff, { q, page });
  return (
    <div className="space-y-section">
      <PageHeader title={t('employeesTitle')} description={t('employeesIntro')} meta={<p className="text-sm font-medium text-ink">{t('employeesCount', { count: total })}</p>} />
      <Card aria-labelledby="add-heading">
        <CardHeader id="add-heading" title={t('addEmployee')} />
        <AddEmployeeForm />
      </Card>
      <Card aria-labelledby="import-heading">
        <CardHeader id="import-heading" title={t('importTitle')} description={t('importIntro')} />
        <RosterImport />
      </Card>
      <div className="space-y-3">
        <ListSearch action="/employer/employees" q={q} placeholder={t('rosterSearchPlaceholder')} t={t} />
        {rows.length === 0 ? (
          <p className="text-ink">{q ? t('noEmployeeMatch', { query: q }) : t('noEmployees')}</p>
        ) : (
          <table className="block w-full text-sm md:table" data-testid="roster-table">
            <caption className="sr-only">{t('employeesTitle')}</caption>
            <thead className="hidden border-b border-line text-ink-muted md:table-header-group">
              <tr>
                {[t('name'), t('email'), t('personnelNumber'), ''].map((h, i) => (
                  <th key={i} scope="col" className="px-3 py-2 text-left font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block space-y-3 md:table-row-group md:space-y-0">
              {rows.map((r) => (
                <tr key={r.email} data-testid="roster-row" className="grid gap-1 rounded-card border border-line bg-surface p-3 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0">
                  <td className="min-w-0 font-semibold md:table-cell md:px-3 md:py-3">{r.name ?? '—'}</td>
                  <td className="min-w-0 text-ink-muted md:table-cell md:px-3 md:py-3 md:text-ink">
                    <EmailText email={r.email} />
                  </td>
                  <td className="md:table-cell md:px-3 md:py-3" data-testid="roster-personnel-number">
                    <span className="text-ink-muted md:hidden">{t('personnelNumber')}: </span>
                    {r.personnelNumber ?? t('noPersonnelNumber')}
                  </td>
                  <td className="md:table-cell md:px-3 md:py-3">
                    <RosterRowActions person={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ListPages base="/employer/employees" params={q ? { q } : {}} page={page} pageSize={ROSTER_PAGE_SIZE} total={total} t={t} />
      </div>
    </div>
  );
}
