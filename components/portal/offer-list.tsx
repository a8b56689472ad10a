'use client';

import { apiErrorText } from '@/lib/api-client/browser/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { SlidersHorizontal } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { DataTable, dataTableTexts } from '@/components/ui/data-table';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { FieldHint, Label } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { LazySheet } from '@/components/ui/lazy-sheet';
import { listOffers } from '@/lib/portal/browser/api';
import type { TextKey } from '@/lib/portal/i18n';
import { apiParams, EMPTY_FILTERS, hasFilters, listQuery, readListState, refusedFilter, statusSelection, type ListState, type SortColumn, type TextFilter } from '@/lib/portal/browser/list-state';
import { Notice } from '@/components/ui/notice';
import { ExportLinks } from './export-links';
import { OrderStateTabs } from './order-state-tabs';
import { FilterChips, ListPagination, useFilterChips, useOfferColumns } from './offer-list-parts';
import { usePortal } from './providers';

// The dealer's offer list: a search field, the other filters behind a "Filter" button (a sheet)
// with a chip for each active one, and the offers in the kit's DataTable (stacked cards below
// 640 px, the status always shown). The URL is the state (lib/portal/list-state.ts).

const OfferFilters = dynamic(() => import('./offer-filters').then((m) => m.OfferFilters), { ssr: false });

const POLL_MS = 2000;

/** A filter's name as the reader knows it (the API's parameter names are not for people). */
const FILTER_WORDS: Record<TextFilter, TextKey> = {
  status: 'statusFilter',
  search: 'search',
  externalOfferId: 'externalOfferId',
  email: 'customerEmailFilter',
  creationDateFrom: 'created',
  creationDateTo: 'created',
  statusChangedDateFrom: 'statusChanged',
  statusChangedDateTo: 'statusChanged',
  orderStatus: 'orderStatusFilter',
};

export function OfferList() {
  const { t, environment, words } = usePortal();
  const searchParams = useSearchParams();
  const urlState = useMemo(() => readListState(searchParams), [searchParams]);
  // The view follows a change at once; the URL (the source of truth) catches up a moment later.
  const [shown, setShown] = useState({ from: urlState, state: urlState });
  let state = shown.state;
  if (shown.from !== urlState) {
    setShown({ from: urlState, state: urlState });
    state = urlState;
  }
  const params = useMemo(() => apiParams(state), [state]);
  const ids = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterButton = useRef<HTMLButtonElement>(null);

  // Filters the API refused (typed into the address, an old link), named above the list until the
  // next change of the view.
  const [refused, setRefused] = useState<TextFilter[]>([]);

  /**
   * Moves to a new list state: the URL is the state (history entries for every change but typing).
   * `refused`: the move drops filters the API refused (kept in the note with those before); left
   * out, the move is the reader's own and the note goes.
   */
  const navigate = useCallback((patch: Partial<ListState>, mode: 'push' | 'replace' = 'push', refused?: TextFilter[]) => {
    setRefused((before) => (refused ? [...new Set([...before, ...refused])] : before.length ? [] : before));
    const current = readListState(new URLSearchParams(window.location.search));
    const next = { ...current, page: 1, ...patch };
    setShown((s) => ({ from: s.from, state: next }));
    const qs = listQuery(next);
    const url = qs ? `${window.location.pathname}?${qs}` : window.location.pathname;
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }, []);
  const query = useQuery({
    queryKey: ['offers', environment, params],
    queryFn: async ({ signal }) => {
      try {
        const answer = await listOffers(params, signal);
        // A page after the last (an old link, a list that shrank): the last page instead.
        const last = Math.max(1, Math.ceil(answer.meta.totalCount / (params.perPage ?? 10)));
        if (answer.data.length === 0 && answer.meta.totalCount > 0 && (params.page ?? 1) > last) navigate({ page: last }, 'replace', []);
        return answer;
      } catch (err) {
        // The API names the first parameter it refuses: that filter is dropped from the address and
        // the list asked again without it, until every refused one is gone — the reader sees the
        // list and a note in words, never the API's message about a parameter.
        const refusedNow = refusedFilter(err);
        if (refusedNow) navigate({ [refusedNow]: '' }, 'replace', [refusedNow]);
        throw err;
      }
    },
    placeholderData: keepPreviousData,
    // Offers being processed change within seconds: poll while the page shows one.
    refetchInterval: (q) => (q.state.data?.data.some((o) => o.status.current.code === 'pending') ? POLL_MS : false),
  });
  const commitSearch = useCallback((value: string) => navigate({ search: value }, 'replace'), [navigate]);

  // The mode is in the URL through the values ("!x" = all but x); with none chosen yet, it is kept here.
  const [emptyMode, setEmptyMode] = useState<'only' | 'except'>('only');
  const selection = statusSelection(state.status);
  const status = selection.values.length > 0 ? selection : { ...selection, mode: emptyMode };
  // The last result the server gave for what the page asked (not a placeholder): after a failed
  // request it stays on the page, labelled as the earlier result, beside the error and a retry.
  const [lastGood, setLastGood] = useState(query.data);
  if (query.isSuccess && !query.isPlaceholderData && query.data !== lastGood) setLastGood(query.data);
  // Rows of another view than the one asked for: the previous one while the new one loads, or the
  // last good one after a failure. They are dimmed (grey) and said to be so.
  const failed = query.isError && !refusedFilter(query.error);
  const stale = query.isPlaceholderData || (failed && lastGood !== undefined);
  const data = failed ? lastGood : query.data;
  const total = data?.meta.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.perPage));
  const from = total === 0 ? 0 : (state.page - 1) * state.perPage + 1;
  const to = Math.min(total, state.page * state.perPage);
  const anyPending = data?.data.some((o) => o.status.current.code === 'pending') ?? false;
  const searchTooShort = state.search.trim().length === 1;

  const chips = useFilterChips(state, selection);
  const sheetFilters = chips.filter((c) => c.key !== 'search').length;

  const sorting: SortingState = [{ id: state.sortBy, desc: state.order === 'desc' }];
  const columns = useOfferColumns();

  const tableTexts = dataTableTexts(t);

  const resultText = !data || query.isPlaceholderData ? t('loading') : failed ? t('listStaleCount', { total }) : total === 0 ? t('resultNone') : t('resultCount', { from, to, total });

  return (
    <div>
      <PageHeader
        title={t('offersTitle')}
        description={t('offersIntro')}
        actions={
          <>
            <ExportLinks query={listQuery(state)} />
            <Link href="/portal/offers/new" className={buttonVariants({ variant: 'primary' })}>
              {t('newOffer')}
            </Link>
          </>
        }
      />

      <section aria-labelledby={`${ids}-filters`} className="mb-4 grid grid-cols-1 gap-3">
        <h2 id={`${ids}-filters`} className="sr-only">
          {t('filters')}
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          {/* The whole row on a phone, so the hint in the field is never cut; beside the filters from 640 px. */}
          <div className="min-w-0 flex-1 basis-full sm:basis-64">
            <Label htmlFor={`${ids}-search`} className="sr-only">
              {t('search')}
            </Label>
            <DebouncedInput
              id={`${ids}-search`}
              type="search"
              value={state.search}
              onCommit={commitSearch}
              placeholder={t('searchHint')}
              aria-describedby={`${ids}-search-hint`}
            />
            <FieldHint id={`${ids}-search-hint`} aria-live="polite" className={searchTooShort ? undefined : 'sr-only'}>
              {searchTooShort ? t('searchTooShort') : ''}
            </FieldHint>
          </div>
          <Button
            ref={filterButton}
            aria-haspopup="dialog"
            aria-expanded={filtersOpen}
            aria-label={sheetFilters ? `${t('filters')} (${sheetFilters})` : undefined}
            onClick={() => setFiltersOpen(true)}
          >
            <SlidersHorizontal aria-hidden="true" />
            {t('filters')}
            {sheetFilters ? (
              <span aria-hidden="true" className="rounded-pill bg-brand-700 px-1.5 text-xs text-white">
                {sheetFilters}
              </span>
            ) : null}
          </Button>
          <LazySheet open={filtersOpen} onOpenChange={setFiltersOpen} returnFocus={filterButton} title={t('filters')} description={t('filterSheetIntro')} closeLabel={t('close')}>
            <OfferFilters state={state} status={status} onModeChange={setEmptyMode} navigate={navigate} />
            <div className="mt-auto flex flex-wrap justify-between gap-2 border-t border-line pt-4">
              {hasFilters(state) ? (
                <Button variant="ghost" onClick={() => navigate(EMPTY_FILTERS)}>
                  {t('resetFilters')}
                </Button>
              ) : (
                <span />
              )}
              <Button variant="primary" onClick={() => setFiltersOpen(false)}>
                {t('showResults', { total })}
              </Button>
            </div>
          </LazySheet>
        </div>
        <OrderStateTabs value={state.orderStatus} onChange={(orderStatus) => navigate({ orderStatus })} />
        <FilterChips chips={chips} navigate={navigate} />
      </section>

      <section aria-labelledby={`${ids}-results`}>
        {refused.length > 0 ? (
          <Notice tone="warning" className="mb-3" data-testid="refused-filters">
            {t('invalidFilters', { fields: [...new Set(refused.map((f) => t(FILTER_WORDS[f])))].join(', ') })}
          </Notice>
        ) : null}
        {failed && data ? (
          <Notice role="alert" className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-card px-4 py-3" data-testid="list-stale">
            <p>
              <span className="font-semibold">{t('listStale')}</span> {apiErrorText(query.error, words)}
            </p>
            <Button size="sm" className="max-sm:min-h-11" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Notice>
        ) : null}
        {failed && !data ? (
          <Notice role="alert" size="card" className="text-sm">
            <p className="font-semibold">{t('loadError')}</p>
            <p className="mt-1">{apiErrorText(query.error, words)}</p>
            <Button size="sm" className="mt-2" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Notice>
        ) : (
          <div
            // Dimmed without losing contrast (text stays readable): grey, the muted ink.
            className={stale ? 'grayscale [&_tbody]:text-ink-muted' : undefined}
            data-stale={stale || undefined}
            data-testid="offer-results"
          >
            <DataTable
              caption={t('offersTitle')}
              columns={columns}
              data={data?.data ?? []}
              getRowId={(o) => o.id}
              texts={tableTexts}
              manualSorting
              sorting={sorting}
              onSortingChange={(updater) => {
                const next = typeof updater === 'function' ? updater(sorting) : updater;
                const first = next[0];
                if (first) navigate({ sortBy: first.id as SortColumn, order: first.desc ? 'desc' : 'asc' });
              }}
              columnVisibilityMenu
              busy={query.isFetching}
              rowTestId="offer-row"
              toolbar={
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <h2 id={`${ids}-results`} className="text-sm font-medium text-ink" aria-live="polite">
                    {resultText}
                  </h2>
                  {anyPending ? <p className="text-xs text-ink-muted">{t('autoRefresh')}</p> : null}
                </div>
              }
              empty={
                // No data yet, or a page after the last on its way to the last one.
                !data || total > 0 ? (
                  <p role="status" className="text-center text-ink-muted">
                    {t('loading')}
                  </p>
                ) : hasFilters(state) ? (
                  <p className="text-center">{t('noMatches')}</p>
                ) : (
                  <p className="text-center">
                    {t('noOffers')}{' '}
                    <Link href="/portal/offers/new" className="font-medium text-brand-700 underline">
                      {t('createFirst')}
                    </Link>
                  </p>
                )
              }
            />
          </div>
        )}

        <ListPagination id={`${ids}-per-page`} state={state} pages={pages} hasNext={!!data?.meta.nextPage} navigate={navigate} />
      </section>
    </div>
  );
}
