import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { listDealerNames } from '@/db/repositories/dealers';
import { rejectedErrorCodes } from '@/db/repositories/operator';
import { RejectionsChart } from '@/components/console/rejections-chart';
import { consoleLang, consoleTranslator, errorCodeLabel, formatDateTime, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage, type SearchParams } from '@/lib/console/page';
import { loadChart, loadQueue, queueHref, readQueueQuery } from '@/lib/console/queue';
import { cookies } from 'next/headers';

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('queueTitle') };
}

const input = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm';
const label = 'block text-sm font-medium text-slate-800';

const KNOWN_CODES = [
  'PRODUCT_NOT_LEASABLE',
  'ACCESSORY_NOT_LEASABLE',
  'CATEGORY_NOT_ALLOWED',
  'MISSING_PRODUCT_DATA',
  'PRICE_ABOVE_LIST_PRICE',
  'INTERNAL_SERVER_ERROR',
  'EMPLOYER_DECLINED',
  'OPERATOR_DECLINED',
];

export default async function RejectedQueuePage({ searchParams }: { searchParams: SearchParams }) {
  const { lang, t } = await consolePage();
  const { query, invalid } = readQueueQuery(await searchParams);
  const db = getDb();
  const [queue, chart, dealers, codesNow] = await Promise.all([loadQueue(query), loadChart(query), listDealerNames(db), rejectedErrorCodes(db)]);
  const codes = [...new Set([...codesNow.map((c) => c.code), ...KNOWN_CODES, ...(query.code ? [query.code] : [])])];
  const filtered = !!(query.code || query.dealer || query.environment || query.from || query.to);
  const first = queue.total === 0 ? 0 : (queue.page - 1) * queue.perPage + 1;
  const lastShown = Math.min(queue.total, queue.page * queue.perPage);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('queueTitle')}</h1>
        <p className="text-sm text-slate-700">{t('queueIntro')}</p>
      </div>

      <RejectionsChart chart={chart} query={query} lang={lang} t={t} />

      <section aria-labelledby="filters-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="filters-heading" className="sr-only">
          {t('filters')}
        </h2>
        {invalid.length > 0 ? (
          <p role="alert" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {t('invalidFilters', { fields: invalid.join(', ') })}
          </p>
        ) : null}
        {/* Keyed by the filters: a link that changes them (the chart's) must show them in the fields too. */}
        <form key={queueHref(query)} method="get" action="/console" className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-6">
          <div className="lg:col-span-2">
            <label htmlFor="filter-code" className={label}>
              {t('filterCode')}
            </label>
            <select id="filter-code" name="code" defaultValue={query.code ?? ''} className={input}>
              <option value="">{t('all')}</option>
              {codes.map((c) => (
                <option key={c} value={c}>
                  {errorCodeLabel(c, lang)} ({c})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-dealer" className={label}>
              {t('dealer')}
            </label>
            <select id="filter-dealer" name="dealer" defaultValue={query.dealer ?? ''} className={input}>
              <option value="">{t('all')}</option>
              {dealers.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-environment" className={label}>
              {t('environment')}
            </label>
            <select id="filter-environment" name="environment" defaultValue={query.environment ?? ''} className={input}>
              <option value="">{t('all')}</option>
              <option value="sandbox">{t('sandbox')}</option>
              <option value="production">{t('production')}</option>
            </select>
          </div>
          <div>
            <label htmlFor="filter-from" className={label}>
              {t('filterFrom')}
            </label>
            <input id="filter-from" type="date" name="from" defaultValue={query.from ?? ''} className={input} />
          </div>
          <div>
            <label htmlFor="filter-to" className={label}>
              {t('filterTo')}
            </label>
            <input id="filter-to" type="date" name="to" defaultValue={query.to ?? ''} className={input} />
          </div>
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-6">
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900">
              {t('applyFilters')}
            </button>
            {filtered ? (
              <Link href="/console" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {t('resetFilters')}
              </Link>
            ) : null}
          </div>
        </form>
      </section>

      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="mb-2 text-sm font-medium text-slate-800" data-testid="queue-count">
          {queue.total === 0 ? t('noRejected') : t('resultCount', { from: first, to: lastShown, total: queue.total })}
        </h2>
        {queue.total > 0 ? (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm" data-testid="queue">
              <caption className="sr-only">{t('queueTitle')}</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('rejectedAt')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('offerNumber')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('dealer')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('customer')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('product')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('errors')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {queue.rows.map((o) => (
                  <tr key={o.id} className="hover:bg-slate-50" data-offer-number={o.offerNumber}>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDateTime(o.rejectedAt.toISOString(), lang)}</td>
                    <td className="px-3 py-2 font-medium">
                      <Link
                        href={`/console/offers/${o.id}`}
                        className="text-brand-700 underline-offset-2 hover:underline"
                        aria-label={t('openOffer', { number: o.offerNumber })}
                      >
                        {o.offerNumber}
                      </Link>
                      <span className="block text-xs font-normal text-slate-600">{o.externalOfferId}</span>
                    </td>
                    <td className="px-3 py-2">
                      <span className="block">{o.dealerName}</span>
                      <span className="block text-xs text-slate-600">{o.environment === 'production' ? t('production') : t('sandbox')}</span>
                    </td>
                    <td className="px-3 py-2">
                      <span className="block">{o.customerName}</span>
                      <span className="block text-xs text-slate-600">{o.customerEmail}</span>
                    </td>
                    <td className="px-3 py-2">{[o.productBrandName, o.productModelName].filter(Boolean).join(' ') || t('none')}</td>
                    <td className="px-3 py-2">
                      <ul className="space-y-0.5">
                        {[...new Set(o.statusErrors.map((e) => e.code))].map((code) => (
                          <li key={code}>
                            <span className="font-medium">{errorCodeLabel(code, lang)}</span>{' '}
                            <span className="font-mono text-xs text-slate-600">{code}</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {queue.pages > 1 ? (
          <nav aria-label={t('pagination')} className="mt-3 flex items-center justify-end gap-3 text-sm">
            {queue.page > 1 ? (
              <Link href={queueHref(query, { page: queue.page - 1 })} className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium">
                {t('previousPage')}
              </Link>
            ) : null}
            <span>{t('pageOf', { page: queue.page, pages: queue.pages })}</span>
            {queue.page < queue.pages ? (
              <Link href={queueHref(query, { page: queue.page + 1 })} className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium">
                {t('nextPage')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
