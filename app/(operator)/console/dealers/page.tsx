import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { listDealersOverview } from '@/db/repositories/operator';
import { CreateByNameForm } from '@/components/console/create-by-name-form';
import { consoleLang, consoleTranslator, formatDate, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage } from '@/lib/console/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('dealersTitle') };
}

export default async function DealersPage() {
  const { lang, t } = await consolePage();
  const dealers = await listDealersOverview(getDb());
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('dealersTitle')}</h1>
        <p className="text-sm text-slate-700">{t('dealersIntro')}</p>
      </div>

      <section aria-labelledby="create-dealer-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="create-dealer-heading" className="mb-2 text-lg font-semibold">
          {t('createDealer')}
        </h2>
        <CreateByNameForm endpoint="/api/console/dealers" detailPath="/console/dealers" nameLabel="dealerName" submitLabel="createDealer" />
      </section>

      <section aria-labelledby="dealer-list-heading">
        <h2 id="dealer-list-heading" className="sr-only">
          {t('dealersTitle')}
        </h2>
        {dealers.length === 0 ? (
          <p className="text-sm text-slate-700">{t('noDealers')}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm" data-testid="dealers">
              <caption className="sr-only">{t('dealersTitle')}</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('dealer')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('environment')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('activeClients')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('offers')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {t('rejectedNow')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {dealers.map((d) => (
                  <tr key={d.id} className="hover:bg-slate-50" data-dealer={d.name}>
                    <td className="px-3 py-2 font-medium">
                      <Link href={`/console/dealers/${d.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                        {d.name}
                      </Link>
                    </td>
                    <td className="px-3 py-2">
                      {d.productionEnabledAt ? t('productionSince', { date: formatDate(d.productionEnabledAt.toISOString(), lang) }) : t('sandboxOnly')}
                    </td>
                    <td className="px-3 py-2">{t('clientsShort', { sandbox: d.sandboxClients, production: d.productionClients })}</td>
                    <td className="px-3 py-2">{t('offersShort', { sandbox: d.sandboxOffers, production: d.productionOffers })}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {d.rejectedOffers > 0 ? (
                        <Link href={`/console?dealer=${d.id}`} className="text-brand-700 underline underline-offset-2">
                          {d.rejectedOffers}
                        </Link>
                      ) : (
                        0
                      )}
                    </td>
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
