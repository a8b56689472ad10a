import type { Metadata } from 'next';
import { RejectionsChart } from '@/components/console/rejections-chart';
import { consoleLang, consoleTranslator, errorCodeLabel, formatDateTime, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage, type SearchParams } from '@/lib/console/http/page';
import { loadChart, loadQueue, queueFilterOptions, queueHref, readQueueQuery } from '@/lib/console/use-cases/queue';
import { cookies } from 'next/headers';
import { RejectedTable } from '@/components/console/record-tables';
import { CodeField, DealerField, EnvironmentField, FilterPanel, invalidFiltersNote } from '@/components/console/filter-panel';
import { DateRangeField } from '@/components/console/date-range-field';
import { PendingArea, PendingScope } from '@/components/console/pending-scope';
import { PageHeader } from '@/components/ui/page-header';
import { PageLinks } from '@/components/console/page-links';
import { FilterDrawer } from '@/components/console/filter-drawer';
import { workTranslator } from '@/lib/console/work-texts';

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('queueTitle') };
}

export default async function RejectedQueuePage({ searchParams }: { searchParams: SearchParams }) {
  const { lang, t } = await consolePage();
  const { query, invalid } = readQueueQuery(await searchParams);
  const [queue, chart, { dealers, codes }] = await Promise.all([loadQueue(query), loadChart(query), queueFilterOptions(query)]);
  const filtered = !!(query.code || query.dealer || query.environment || query.from || query.to);
  const first = queue.total === 0 ? 0 : (queue.page - 1) * queue.perPage + 1;
  const lastShown = Math.min(queue.total, queue.page * queue.perPage);
  const w = workTranslator(lang);
  const active = [query.code, query.dealer, query.environment, query.from || query.to].filter(Boolean).length;

  return (
    <div className="space-y-section">
      <PageHeader title={t('queueTitle')} description={t('queueIntro')} />

      <RejectionsChart chart={chart} query={query} lang={lang} t={t} />

      <PendingScope>
        <FilterDrawer label={w('filtersButton', { count: active })} title={t('filters')} closeLabel={t('close')} doneLabel={w('showResults', { total: queue.total })}>
          {/* Keyed by the filters: a link that changes them (the chart's) must show them in the fields too. */}
          <FilterPanel
            key={queueHref(query)}
            heading={t('filters')}
            invalid={invalidFiltersNote(
              invalid,
              { code: t('filterCode'), dealer: t('dealer'), environment: t('environment'), from: t('filterFrom'), to: t('filterTo'), page: t('filterPage'), sortBy: w('sort'), order: w('sort') },
              t,
            )}
            action="/console/rejected"
            applyLabel={t('applyFilters')}
            resetHref={filtered ? '/console/rejected' : undefined}
            resetLabel={t('resetFilters')}
          >
            <CodeField codes={codes} value={query.code} lang={lang} t={t} className="lg:col-span-2" />
            <DealerField dealers={dealers} value={query.dealer} t={t} />
            <EnvironmentField value={query.environment} t={t} />
            <DateRangeField
              id="filter-period"
              label={t('filterPeriod')}
              className="lg:col-span-2"
              names={{ from: 'from', to: 'to' }}
              defaultValue={{ from: query.from ?? '', to: query.to ?? '' }}
              lang={lang}
              // {date} stays in the texts: the calendar writes the day in on the client.
              texts={{ placeholder: t('dateRangeAny'), clear: t('dateRangeClear'), fromOnly: t('dateRangeFrom', { date: '{date}' }), toOnly: t('dateRangeTo', { date: '{date}' }) }}
            />
            {/* Filtering keeps the order the headers chose. */}
            {query.sortBy ? <input type="hidden" name="sortBy" value={query.sortBy} /> : null}
            {query.order ? <input type="hidden" name="order" value={query.order} /> : null}
          </FilterPanel>
        </FilterDrawer>

        <PendingArea>
          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="mb-2 text-sm font-medium text-ink" data-testid="queue-count">
              {queue.total === 0 ? t('noRejected') : t('resultCount', { from: first, to: lastShown, total: queue.total })}
            </h2>
            {queue.total > 0 ? (
              <RejectedTable
                rows={queue.rows.map((o) => ({
                  id: o.id,
                  offerNumber: o.offerNumber,
                  externalOfferId: o.externalOfferId,
                  rejectedAt: formatDateTime(o.rejectedAt.toISOString(), lang),
                  dealer: o.dealerName,
                  environment: o.environment === 'production' ? t('production') : t('sandbox'),
                  customerName: o.customerName,
                  customerEmail: o.customerEmail,
                  product: [o.productBrandName, o.productModelName].filter(Boolean).join(' ') || t('none'),
                  errors: [...new Set(o.statusErrors.map((e) => e.code))].map((code) => errorCodeLabel(code, lang)),
                }))}
              />
            ) : null}
            {queue.pages > 1 ? (
              <PageLinks
                label={t('pagination')}
                status={t('pageOf', { page: queue.page, pages: queue.pages })}
                previousHref={queue.page > 1 ? queueHref(query, { page: queue.page - 1 }) : undefined}
                nextHref={queue.page < queue.pages ? queueHref(query, { page: queue.page + 1 }) : undefined}
                previousLabel={t('previousPage')}
                nextLabel={t('nextPage')}
              />
            ) : null}
          </section>
        </PendingArea>
      </PendingScope>
    </div>
  );
}
