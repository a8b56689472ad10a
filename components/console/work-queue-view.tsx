'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { Inbox } from 'lucide-react';
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Pagination } from '@/components/ui/pagination';
import { consoleCall, messageOf } from '@/lib/console/browser/client';
import { defaultQueueOrder, QUEUE_FILTERS, WORK_SORTS, workQueueSearch, type QueueFilterKey } from '@/lib/console/schemas';
import { workRow, workWords, type WorkOfferData } from '@/lib/console/work-words';

import { useConsole } from './providers';
import { QueueFilterFields, type Queue } from './work-queue-filters';
import { WorkQueueTable } from './work-queue-table';
import { FilterSheet } from './filter-sheet';

// A work queue's list: its filters live (each change goes to the URL and the list follows; text
// after a pause in typing), in a drawer on a phone; the columns sort on the server. While a new
// result loads the rows shown are dimmed and marked busy; a failed load says so, keeps the last
// good result labelled as such, and offers a retry. Designed empty states for an empty queue and
// for filters that match nothing.

export type WorkQueuePage = { rows: WorkOfferData[]; total: number; page: number; pages: number; perPage: number };

const FILTER_KEYS: readonly QueueFilterKey[] = ['q', 'status', 'code', 'dealer', 'environment', 'age'];

export function WorkQueueView({
  queue,
  initial,
  initialSearch,
  now,
  operatorId,
  dealers,
  codes,
  caption,
  overdueDays,
}: {
  queue: Queue;
  initial: WorkQueuePage;
  /** The query string `initial` answers (the page's, as the server read it). */
  initialSearch: string;
  /** When `initial` was read (its waiting times count up to then). */
  now: string;
  operatorId: string;
  dealers: { id: string; name: string }[];
  codes: string[];
  caption: string;
  overdueDays: number;
}) {
  const { t, words } = useConsole();
  const w = workWords(t);
  const ids = useId();
  const pathname = usePathname();
  const params = useSearchParams();
  // What the endpoint is asked: the filters this queue offers, values it takes (the page names the others).
  const search = workQueueSearch(queue, (key) => params.get(key));
  const offered: readonly QueueFilterKey[] = QUEUE_FILTERS[queue];

  // Once the operator follows a link away from the queue (an offer, the navigation), a search
  // committed after a pause in typing must not take the page back: it would cancel that navigation.
  const leaving = useRef(false);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) leaving.current = link.pathname !== pathname;
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [pathname]);

  const navigate = useCallback(
    (patch: Record<string, string | undefined>, mode: 'push' | 'replace' = 'push') => {
      if (leaving.current || window.location.pathname !== pathname) return;
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      // Any change but a page turn starts at the first page.
      if (!('page' in patch)) next.delete('page');
      const qs = next.toString();
      window.history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', `${pathname}${qs ? `?${qs}` : ''}`);
    },
    [pathname],
  );

  const query = useQuery({
    queryKey: ['workQueue', queue, search],
    queryFn: () => consoleCall<WorkQueuePage>('GET', `/api/console/queues/${queue}${search ? `?${search}` : ''}`, words),
    initialData: search === initialSearch ? initial : undefined,
    initialDataUpdatedAt: search === initialSearch ? Date.parse(now) : undefined,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
  });
  // The last result that loaded, kept (and labelled) when a later one fails.
  const [lastGood, setLastGood] = useState<{ data: WorkQueuePage; search: string; at: number }>({ data: initial, search: initialSearch, at: Date.parse(now) });
  if (query.data && !query.isPlaceholderData && (query.data !== lastGood.data || search !== lastGood.search)) {
    setLastGood({ data: query.data, search, at: query.dataUpdatedAt });
  }
  const shown = query.isError ? lastGood.data : (query.data ?? lastGood.data);
  // Rows of an earlier search while the new one loads are dimmed; after a failure they stay, labelled.
  const stale = !query.isError && (query.isPlaceholderData || (query.isFetching && lastGood.search !== search));
  const loading = query.isFetching && !query.isError;

  const rows = useMemo(
    () => shown.rows.map((o) => workRow(o, { words, t, operatorId, now: new Date(lastGood.at) })),
    [shown, words, t, operatorId, lastGood.at],
  );
  const value = (key: string) => params.get(key) ?? '';
  const active = offered.filter((k) => value(k) !== '').length;
  // Without an order asked for, the queue's own: the longest-waiting first, all offers newest first.
  const sorting: SortingState = [{ id: value('sortBy') || 'waiting', desc: (value('order') || defaultQueueOrder(queue)) === 'desc' }];
  const onSortingChange = (next: SortingState) => {
    const s = next[0];
    if (!s || !(WORK_SORTS as readonly string[]).includes(s.id)) return;
    const order = s.desc ? 'desc' : 'asc';
    navigate({ sortBy: s.id === 'waiting' ? undefined : s.id, order: order === defaultQueueOrder(queue) ? undefined : order });
  };
  const commitText = useCallback((v: string) => navigate({ q: v.trim() || undefined }, 'replace'), [navigate]);
  const commitAge = useCallback((v: string) => navigate({ age: /^\d{1,4}$/.test(v.trim()) ? v.trim() : undefined }, 'replace'), [navigate]);
  const reset = () => navigate(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));

  const fields = (prefix: string) => (
    <QueueFilterFields prefix={prefix} queue={queue} offered={offered} value={value} navigate={navigate} onText={commitText} onAge={commitAge} codes={codes} dealers={dealers} />
  );

  const first = shown.total === 0 ? 0 : (shown.page - 1) * shown.perPage + 1;
  const last = Math.min(shown.total, shown.page * shown.perPage);
  const bulk = queue === 'decision' ? 'operator' : queue === 'employer' ? 'employer' : null;
  const emptyTitle = active > 0 ? w('emptyFiltered') : w(`empty_${queue}`);
  const emptyText = active > 0 ? w('emptyFilteredText') : w(`emptyText_${queue}`, { days: overdueDays });

  return (
    <div className="space-y-4">
      <Card aria-labelledby={`${ids}-filters`} className="max-md:hidden">
        <h2 id={`${ids}-filters`} className="sr-only">
          {t('filters')}
        </h2>
        <div className="grid items-end gap-4 md:grid-cols-3 lg:grid-cols-6" data-testid="queue-filters">
          {fields(`${ids}-d`)}
          {active > 0 ? (
            <div className="flex items-end">
              <Button variant="link" onClick={reset}>
                {t('resetFilters')}
              </Button>
            </div>
          ) : null}
        </div>
      </Card>
      <FilterSheet
        label={w('filtersButton', { count: active })}
        title={t('filters')}
        closeLabel={t('close')}
        showLabel={w('showResults', { total: shown.total })}
        resetLabel={active > 0 ? t('resetFilters') : undefined}
        onReset={reset}
      >
        {fields(`${ids}-m`)}
      </FilterSheet>

      <section aria-labelledby="results-heading" aria-busy={loading || undefined}>
        <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id="results-heading" className={shown.total === 0 ? 'sr-only' : 'text-sm font-medium text-ink'} data-testid="queue-count">
            {shown.total === 0 ? w('empty') : w('resultCount', { from: first, to: last, total: shown.total })}
          </h2>
          <p role="status" className="text-sm text-ink-muted" data-testid="queue-loading">
            {loading ? w('loading') : ''}
          </p>
        </div>
        {query.isError ? (
          <Notice role="alert" tone="warning" className="mb-3" data-testid="queue-error">
            <p>{w('loadFailed', { message: messageOf(query.error) })}</p>
            <p className="mt-1">{w('lastGood')}</p>
            <Button variant="secondary" className="mt-2 min-h-11" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {w('retry')}
            </Button>
          </Notice>
        ) : null}
        <div className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'} data-stale={stale ? 'true' : undefined} data-last-good={query.isError ? 'true' : undefined} data-testid="queue-results">
          {shown.total > 0 ? (
            <WorkQueueTable
              key={`${lastGood.search}`}
              rows={rows}
              bulk={bulk}
              queue={queue === 'decision' || queue === 'employer' ? queue : undefined}
              caption={caption}
              sorting={sorting}
              onSortingChange={onSortingChange}
              busy={loading}
            />
          ) : (
            <EmptyState
              icon={<Inbox aria-hidden="true" />}
              title={emptyTitle}
              action={
                active > 0 ? (
                  <Button variant="secondary" className="min-h-11" onClick={reset}>
                    {t('resetFilters')}
                  </Button>
                ) : undefined
              }
            >
              {emptyText}
            </EmptyState>
          )}
        </div>
        {shown.pages > 1 ? (
          <Pagination
            label={t('pagination')}
            status={t('pageOf', { page: shown.page, pages: shown.pages })}
            previousLabel={t('previousPage')}
            nextLabel={t('nextPage')}
            canPrevious={shown.page > 1}
            canNext={shown.page < shown.pages}
            onPrevious={() => navigate({ page: String(shown.page - 1) })}
            onNext={() => navigate({ page: String(shown.page + 1) })}
          />
        ) : null}
      </section>
    </div>
  );
}
