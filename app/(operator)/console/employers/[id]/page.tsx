import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { listEmployerActions } from '@/db/repositories/dealers';
import { findEmployer, listEmployees, listEmployers } from '@/db/repositories/employers';
import { ActionLog } from '@/components/console/action-log';
import { PolicyEditor, RegisterEmployeeForm, type CategoryOption } from '@/components/console/employer-forms';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { formatDateTime } from '@/lib/console/i18n';
import { consolePage } from '@/lib/console/page';
import { idParamSchema } from '@/lib/offers/schemas';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const parsed = idParamSchema.safeParse(id);
  const employer = parsed.success ? await findEmployer(getDb(), parsed.data) : undefined;
  return { title: employer?.name ?? id.slice(0, 8) };
}

export default async function EmployerPage({ params }: { params: Promise<{ id: string }> }) {
  const { lang, t } = await consolePage();
  const { id } = await params;
  const parsed = idParamSchema.safeParse(id);
  const db = getDb();
  const employer = parsed.success ? await findEmployer(db, parsed.data) : undefined;
  if (!employer) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <h1 className="text-lg font-semibold">{t('employerNotFound')}</h1>
        <Link href="/console/employers" className="mt-2 inline-block font-medium underline">
          {t('backToEmployers')}
        </Link>
      </div>
    );
  }
  const [all, employees, catalogue, actions] = await Promise.all([listEmployers(db), listEmployees(db, employer.id), loadCatalogue(), listEmployerActions(db, employer.id)]);
  const excluded = all.find((e) => e.id === employer.id)?.excludedCodes ?? [];
  const categories: CategoryOption[] = catalogue.nodes.map((n) => ({
    code: n.bidexCode,
    parent: n.parentCode,
    kind: n.kind,
    name: lang === 'en' ? n.nameEn : n.nameDe,
    depth: catalogue.lineage(n.bidexCode).length - 1,
  }));

  return (
    <div className="space-y-6">
      <div>
        <Link href="/console/employers" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← {t('backToEmployers')}
        </Link>
        <h1 className="mt-1 text-2xl font-bold">{employer.name}</h1>
      </div>

      <section aria-labelledby="policy-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="policy-heading" className="text-lg font-semibold">
          {t('policyTitle')}
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-700">{t('policyIntro')}</p>
        <PolicyEditor employerId={employer.id} categories={categories} excluded={excluded} />
      </section>

      <section aria-labelledby="employees-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="employees-heading" className="text-lg font-semibold">
          {t('employees')}
        </h2>
        <div className="mt-3">
          <RegisterEmployeeForm employerId={employer.id} />
        </div>
        {employees.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">{t('noEmployees')}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="min-w-full text-left text-sm" data-testid="employees">
              <caption className="sr-only">{t('employees')}</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t('employeeEmail')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('employeeName')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('registeredAt')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {employees.map((e) => (
                  <tr key={e.email}>
                    <td className="py-2 pr-3">{e.email}</td>
                    <td className="py-2 pr-3">{e.name ?? t('none')}</td>
                    <td className="py-2">{formatDateTime(e.createdAt.toISOString(), lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="log-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="log-heading" className="text-lg font-semibold">
          {t('logTitle')}
        </h2>
        <ActionLog actions={actions} lang={lang} t={t} />
      </section>
    </div>
  );
}
