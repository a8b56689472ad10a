import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { CreateByNameForm } from '@/components/console/create-by-name-form';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { listEmployers } from '@/lib/console/employers';
import { consoleLang, consoleTranslator, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage } from '@/lib/console/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('employersTitle') };
}

export default async function EmployersPage() {
  const { lang, t } = await consolePage();
  const [employers, catalogue] = await Promise.all([listEmployers(getDb()), loadCatalogue()]);
  const nameOf = (code: string) => {
    const node = catalogue.get(code);
    return node ? (lang === 'en' ? node.nameEn : node.nameDe) : code;
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('employersTitle')}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{t('employersIntro')}</p>
      </div>
      <section aria-labelledby="create-employer-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="create-employer-heading" className="mb-2 text-lg font-semibold">
          {t('createEmployer')}
        </h2>
        <CreateByNameForm endpoint="/api/console/employers" detailPath="/console/employers" nameLabel="employerName" submitLabel="createEmployer" />
      </section>
      <section aria-labelledby="employer-list-heading">
        <h2 id="employer-list-heading" className="sr-only">
          {t('employersTitle')}
        </h2>
        {employers.length === 0 ? (
          <p className="text-sm text-slate-700">{t('noEmployers')}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm" data-testid="employers">
              <caption className="sr-only">{t('employersTitle')}</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('employer')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('policy')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {t('employees')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {employers.map((e) => (
                  <tr key={e.id} data-employer={e.name}>
                    <td className="px-3 py-2 font-medium">
                      <Link href={`/console/employers/${e.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                        {e.name}
                      </Link>
                    </td>
                    <td className="px-3 py-2">
                      {e.excludedCodes.length === 0 ? (
                        <span className="text-slate-700">{t('noExclusions')}</span>
                      ) : (
                        <ul className="space-y-0.5">
                          {e.excludedCodes.map((code) => (
                            <li key={code}>
                              {nameOf(code)} <span className="font-mono text-xs text-slate-600">{code}</span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{e.employees}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
