import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { WorkQueueTable, type WorkRow } from '@/components/console/work-queue-table';
import { consoleLang, errorCodeLabel, formatMoney, LANG_COOKIE, statusLabel } from '@/lib/console/i18n';
import { consolePage, type SearchParams } from '@/lib/console/http/page';
import { OFFER_STATUSES } from '@/lib/offers/lifecycle';
import { operatorStatusLabel, waitingTime, workTranslator, type WorkTextKey } from '@/lib/console/work-texts';
import { DECISION_QUEUES, EMPLOYER_OVERDUE_DAYS, isWorkQueue, loadWorkQueue, readWorkQuery, workHref, workQueueChoices, type WorkQueue } from '@/lib/console/use-cases/work-queues';
import { CodeField, DealerField, EnvironmentField, FilterPanel, invalidFiltersNote } from '@/components/console/filter-panel';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { PageLinks } from '@/components/console/page-links';

type Params = Promise<{ queue: string }>;

const TITLE: Record<WorkQueue, WorkTextKey> = { decision: 'titleDecision', rejected: 'titleRejected', employer: 'titleEmployer', search: 'titleSearch' };
const INTRO: Record<WorkQueue, WorkTextKey> = { decision: 'introDecision', rejected: 'introRejected', employer: 'introEmployer', search: 'introSearch' };

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { queue } = await params;
  const w = workTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value));
  return { title: isWorkQueue(queue) ? w(TITLE[queue], { days: EMPLOYER_OVERDUE_DAYS }) : undefined };
}

export default async function WorkQueuePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { lang, t, operator } = await consolePage();
  const { queue } = await params;
  if (!isWorkQueue(queue)) notFound();
  const w = workTranslator(lang);
  const { query, invalid } = readWorkQuery(await searchParams);
  const now = new Date();
  const [page, choices] = await Promise.all([loadWorkQueue(queue, query, now), workQueueChoices()]);
  const first = page.total === 0 ? 0 : (page.page - 1) * page.perPage + 1;
  const last = Math.min(page.total, page.page * page.perPage);
  const rows: WorkRow[] = page.rows.map((o) => ({
    id: o.id,
    offerNumber: o.offerNumber,
    externalOfferId: o.externalOfferId,
    dealerName: o.dealerName,
    environment: o.environment === 'production' ? t('production') : t('sandbox'),
    status: o.status,
    statusText: statusLabel(o.status, lang),
    perspective: operatorStatusLabel(o.status, lang),
    customer: o.customerName,
    product: [o.productBrandName, o.productModelName].filter(Boolean).join(' ') || t('none'),
    total: formatMoney(Number(o.totalPriceGross), lang),
    waiting: waitingTime(o.statusChangedAt, now, w),
    waitingSince: o.statusChangedAt.toISOString(),
    errors: [...new Set(o.statusErrors.map((e) => e.code))].map((c) => errorCodeLabel(c, lang)),
    claim: o.claim ? (o.claim.operatorId === operator.id ? w('claimedByYou') : w('claimedBy', { name: o.claim.operatorName })) : null,
    claimedByOther: !!o.claim && o.claim.operatorId !== operator.id,
  }));
  const bulk = queue === 'decision' ? 'operator' : queue === 'employer' ? 'employer' : null;

  return (
    <div className="space-y-section">
      <PageHeader title={w(TITLE[queue], { days: EMPLOYER_OVERDUE_DAYS })} description={w(INTRO[queue], { days: EMPLOYER_OVERDUE_DAYS })} />
      <FilterPanel
        key={workHref(queue, query)}
        heading={t('filters')}
        invalid={invalidFiltersNote(
          invalid,
          { q: w('search'), status: w('status'), code: t('filterCode'), dealer: t('dealer'), environment: t('environment'), age: w('minAge'), page: t('filterPage') },
          t,
        )}
        action={`/console/queues/${queue}`}
        applyLabel={t('applyFilters')}
        resetHref={`/console/queues/${queue}`}
        resetLabel={t('resetFilters')}
      >
        {queue === 'search' ? (
          <>
            <Field id="filter-q" label={w('search')} className="lg:col-span-2">
              <Input id="filter-q" type="search" name="q" defaultValue={query.q ?? ''} />
            </Field>
            <Field id="filter-status" label={w('status')}>
              <NativeSelect id="filter-status" name="status" defaultValue={query.status ?? ''}>
                <option value="">{t('all')}</option>
                {OFFER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s, lang)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </>
        ) : null}
        <DealerField dealers={choices.dealers} value={query.dealer} t={t} />
        <EnvironmentField value={query.environment} t={t} />
        <CodeField codes={[...new Set([...choices.codes, 'OPERATOR_DECLINED', 'EMPLOYER_DECLINED', ...(query.code ? [query.code] : [])])]} value={query.code} lang={lang} t={t} />
        <Field id="filter-age" label={w('minAge')}>
          <Input id="filter-age" type="number" min={0} name="age" defaultValue={query.age ?? ''} />
        </Field>
      </FilterPanel>
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="mb-2 text-sm font-medium text-ink" data-testid="queue-count">
          {page.total === 0 ? w('empty') : w('resultCount', { from: first, to: last, total: page.total })}
        </h2>
        {page.total > 0 ? <WorkQueueTable
            key={workHref(queue, query, { page: page.page })}
            rows={rows}
            bulk={bulk}
            queue={DECISION_QUEUES.includes(queue) ? queue : undefined}
            caption={w(TITLE[queue], { days: EMPLOYER_OVERDUE_DAYS })}
          /> : null}
        {page.pages > 1 ? (
          <PageLinks
            label={t('pagination')}
            status={t('pageOf', { page: page.page, pages: page.pages })}
            previousHref={page.page > 1 ? workHref(queue, query, { page: page.page - 1 }) : undefined}
            nextHref={page.page < page.pages ? workHref(queue, query, { page: page.page + 1 }) : undefined}
            previousLabel={t('previousPage')}
            nextLabel={t('nextPage')}
          />
        ) : null}
      </section>
    </div>
  );
}
