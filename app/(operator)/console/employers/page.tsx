import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { CreateByNameForm } from '@/components/console/create-by-name-form';
import { EmployerTable } from '@/components/console/record-tables';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { listEmployers } from '@/lib/console/use-cases/employers';
import { consoleLang, consoleTranslator, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage } from '@/lib/console/http/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('employersTitle') };
}

export default async function EmployersPage() {
  const { lang, t } = await consolePage();
  const [employers, catalogue] = await Promise.all([listEmployers(), loadCatalogue()]);
  const nameOf = (code: string) => {
    const node = catalogue.get(code);
    return node ? (lang === 'en' ? node.nameEn : node.nameDe) : code;
  };
  return (
    <div className="space-y-section">
      <PageHeader title={t('employersTitle')} description={t('employersIntro')} />
      <Card aria-labelledby="create-employer-heading">
        <CardHeader id="create-employer-heading" title={t('createEmployer')} />
        <CreateByNameForm endpoint="/api/console/employers" detailPath="/console/employers" nameLabel="employerName" submitLabel="createEmployer" />
      </Card>
      <section aria-labelledby="employer-list-heading">
        <h2 id="employer-list-heading" className="sr-only">
          {t('employersTitle')}
        </h2>
        {employers.length === 0 ? (
          <EmptyState title={t('noEmployers')} />
        ) : (
          <EmployerTable
            rows={employers.map((e) => ({
              id: e.id,
              name: e.name,
              excluded: e.excludedCodes.map((code) => ({ code, name: nameOf(code) })),
              employees: e.employees,
            }))}
          />
        )}
      </section>
    </div>
  );
}
