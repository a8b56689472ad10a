'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useId, useMemo, useState, type ComponentProps } from 'react';
import { OFFER_STATUSES } from '@/lib/offers/lifecycle';
import { ApiRequestError, listAllOffers, listOffers } from '@/lib/portal/api';
import { offersCsv } from '@/lib/portal/csv';
import { formatDateTime, formatMoney, statusLabel, type TextKey } from '@/lib/portal/i18n';
import {
  apiParams,
  hasFilters,
  listQuery,
  PAGE_SIZES,
  readListState,
  statusParam,
  statusSelection,
  type ListState,
  type SortColumn,
} from '@/lib/portal/list-state';
import { usePortal } from './providers';
import { StatusBadge } from '@/components/status-badge';

const EXPORT_CAP = 5000;
const POLL_MS = 2000;

const input = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm';
const label = 'block text-sm font-medium text-slate-800';

/** A text field that commits its value after a pause in typing (and keeps up with outside changes). */
function DebouncedInput({
  value,
  onCommit,
  delay = 350,
  ...rest
}: { value: string; onCommit: (value: string) => void; delay?: number } & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  const [local, setLocal] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // The URL changed: our own commit coming back, or an outside change (reset, back button).
    setSeen(value);
    if (value !== committed) {
      setLocal(value);
      setCommitted(value);
    }
  }
  useEffect(() => {
    if (local === committed) return;
    const timer = setTimeout(() => {
      setCommitted(local);
      onCommit(local);
    }, delay);
    return () => clearTimeout(timer);
  }, [local, committed, onCommit, delay]);
  return <input {...rest} value={local} onChange={(e) => setLocal(e.target.value)} />;
}

function download(name: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function OfferList() {
  const { t, lang, environment } = usePortal();
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

  const query = useQuery({
    queryKey: ['offers', environment, params],
    queryFn: ({ signal }) => listOffers(params, signal),
    placeholderData: keepPreviousData,
    // Offers being processed change within seconds: poll while the page shows one.
    refetchInterval: (q) => (q.state.data?.data.some((o) => o.status.current.code === 'pending') ? POLL_MS : false),
  });

  /** Moves to a new list state: the URL is the state (history entries for every change but typing). */
  const navigate = useCallback((patch: Partial<ListState>, mode: 'push' | 'replace' = 'push') => {
    const current = readListState(new URLSearchParams(window.location.search));
    const next = { ...current, page: 1, ...patch };
    setShown((s) => ({ from: s.from, state: next }));
    const qs = listQuery(next);
    const url = qs ? `${window.location.pathname}?${qs}` : window.location.pathname;
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }, []);

  const commitText = useCallback((key: 'search' | 'externalOfferId' | 'email') => (value: string) => navigate({ [key]: value }, 'replace'), [navigate]);
  const commitSearch = useMemo(() => commitText('search'), [commitText]);
  const commitExternal = useMemo(() => commitText('externalOfferId'), [commitText]);
  const commitEmail = useMemo(() => commitText('email'), [commitText]);

  const [exporting, setExporting] = useState(false);
  const [exportNote, setExportNote] = useState<string | null>(null);
  async function exportCsv() {
    setExporting(true);
    setExportNote(null);
    try {
      const { offers, totalCount } = await listAllOffers(apiParams(state, false), EXPORT_CAP);
      download(`spoke-offers-${environment}-${new Date().toISOString().slice(0, 10)}.csv`, offersCsv(offers), 'text/csv;charset=utf-8');
      if (totalCount > offers.length) setExportNote(t('exportCapped', { count: offers.length }));
    } catch (err) {
      setExportNote(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  }

  // The mode is in the URL through the values ("!x" = all but x); with none chosen yet, it is kept here.
  const [emptyMode, setEmptyMode] = useState<'only' | 'except'>('only');
  const selection = statusSelection(state.status);
  const status = selection.values.length > 0 ? selection : { ...selection, mode: emptyMode };
  const data = query.data;
  const total = data?.meta.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.perPage));
  const from = total === 0 ? 0 : (state.page - 1) * state.perPage + 1;
  const to = Math.min(total, state.page * state.perPage);
  const anyPending = data?.data.some((o) => o.status.current.code === 'pending') ?? false;
  const searchTooShort = state.search.trim().length === 1;

  const columns: { key: SortColumn | null; text: TextKey; className?: string }[] = [
    { key: 'offerNumber', text: 'offerNumber' },
    { key: 'externalOfferId', text: 'externalOfferId' },
    { key: 'customerName', text: 'customer' },
    { key: 'productName', text: 'product' },
    { key: 'totalPriceGross', text: 'total', className: 'text-right' },
    { key: 'status', text: 'status' },
    { key: 'createdAt', text: 'created' },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('offersTitle')}</h1>
          <p className="text-sm text-slate-700">{t('offersIntro')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={exportCsv}
            disabled={exporting}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
          >
            {exporting ? t('exporting') : t('exportCsv')}
          </button>
          <Link href="/portal/offers/new" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900">
            {t('newOffer')}
          </Link>
        </div>
      </div>
      {exportNote ? (
        <p role="status" className="text-sm text-slate-700">
          {exportNote}
        </p>
      ) : null}

      <section aria-labelledby={`${ids}-filters`} className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`${ids}-filters`} className="sr-only">
          {t('filters')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <div>
            <label htmlFor={`${ids}-search`} className={label}>
              {t('search')}
            </label>
            <DebouncedInput
              id={`${ids}-search`}
              type="search"
              value={state.search}
              onCommit={commitSearch}
              placeholder={t('searchHint')}
              aria-describedby={`${ids}-search-hint`}
              className={input}
            />
            <p id={`${ids}-search-hint`} className="mt-1 min-h-4 text-xs text-slate-600" aria-live="polite">
              {searchTooShort ? t('searchTooShort') : ''}
            </p>
          </div>
          <div>
            <label htmlFor={`${ids}-external`} className={label}>
              {t('externalOfferId')}
            </label>
            <DebouncedInput
              id={`${ids}-external`}
              value={state.externalOfferId}
              onCommit={commitExternal}
              aria-describedby={`${ids}-comma`}
              className={input}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-email`} className={label}>
              {t('customerEmailFilter')}
            </label>
            <DebouncedInput
              id={`${ids}-email`}
              value={state.email}
              onCommit={commitEmail}
              aria-describedby={`${ids}-comma`}
              className={input}
            />
            <p id={`${ids}-comma`} className="mt-1 text-xs text-slate-600">
              {t('commaHint')}
            </p>
          </div>
        </div>

        <fieldset className="mt-4">
          <legend className={label}>{t('statusFilter')}</legend>
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
            <fieldset className="flex items-center gap-3 rounded-md bg-slate-50 px-2 py-1">
              <legend className="sr-only">{t('statusMode')}</legend>
              {(['only', 'except'] as const).map((mode) => (
                <label key={mode} className="flex items-center gap-1 text-sm">
                  <input
                    type="radio"
                    name={`${ids}-status-mode`}
                    checked={status.mode === mode}
                    onChange={() => {
                      setEmptyMode(mode);
                      navigate({ status: statusParam(mode, status.values) });
                    }}
                  />
                  {mode === 'only' ? t('statusModeOnly') : t('statusModeExcept')}
                </label>
              ))}
            </fieldset>
            {OFFER_STATUSES.map((s) => (
              <label key={s} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={status.values.includes(s)}
                  onChange={(e) =>
                    navigate({
                      status: statusParam(
                        status.mode,
                        e.target.checked ? [...status.values, s] : status.values.filter((v) => v !== s),
                      ),
                    })
                  }
                />
                {statusLabel(s, lang)}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {(
            [
              ['creationDateFrom', 'createdFrom'],
              ['creationDateTo', 'createdTo'],
              ['statusChangedDateFrom', 'statusChangedFrom'],
              ['statusChangedDateTo', 'statusChangedTo'],
            ] as const
          ).map(([key, text]) => (
            <div key={key}>
              <label htmlFor={`${ids}-${key}`} className={label}>
                {t(text)}
              </label>
              <input
                id={`${ids}-${key}`}
                type="date"
                value={/^\d{4}-\d{2}-\d{2}$/.test(state[key]) ? state[key] : ''}
                onChange={(e) => navigate({ [key]: e.target.value })}
                className={input}
              />
            </div>
          ))}
        </div>
        {hasFilters(state) ? (
          <button
            type="button"
            onClick={() => navigate({ status: '', search: '', externalOfferId: '', email: '', creationDateFrom: '', creationDateTo: '', statusChangedDateFrom: '', statusChangedDateTo: '' })}
            className="mt-4 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {t('resetFilters')}
          </button>
        ) : null}
      </section>

      <section aria-labelledby={`${ids}-results`}>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${ids}-results`} className="text-sm font-medium text-slate-800" aria-live="polite">
            {!data ? t('loading') : total === 0 ? t('resultNone') : t('resultCount', { from, to, total })}
          </h2>
          {anyPending ? <p className="text-xs text-slate-600">{t('autoRefresh')}</p> : null}
        </div>

        {query.isError && !data ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">{t('loadError')}</p>
            <p className="mt-1">{query.error instanceof ApiRequestError ? query.error.message : String(query.error)}</p>
            <button type="button" onClick={() => void query.refetch()} className="mt-2 rounded-md border border-red-400 bg-white px-3 py-1 font-medium">
              {t('retry')}
            </button>
          </div>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm" aria-busy={query.isFetching}>
              <caption className="sr-only">{t('offersTitle')}</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
                <tr>
                  {columns.map((c) => {
                    const active = state.sortBy === c.key;
                    const ariaSort = active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none';
                    const nextOrder = active ? (state.order === 'asc' ? 'desc' : 'asc') : c.key === 'createdAt' || c.key === 'totalPriceGross' ? 'desc' : 'asc';
                    return (
                      <th key={c.text} scope="col" aria-sort={c.key ? ariaSort : undefined} className={`px-3 py-2 font-semibold ${c.className ?? ''}`}>
                        {c.key ? (
                          <button
                            type="button"
                            onClick={() => navigate({ sortBy: c.key!, order: nextOrder })}
                            className="inline-flex items-center gap-1 uppercase hover:text-brand-700"
                          >
                            {t(c.text)}
                            <span aria-hidden="true" className={active ? 'text-brand-700' : 'text-slate-400'}>
                              {active ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
                            </span>
                          </button>
                        ) : (
                          t(c.text)
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {!data ? (
                  <tr>
                    <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-600">
                      <span role="status">{t('loading')}</span>
                    </td>
                  </tr>
                ) : data.data.length === 0 ? (
                  <tr>
                    <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-700">
                      {hasFilters(state) ? (
                        t('noMatches')
                      ) : (
                        <>
                          {t('noOffers')}{' '}
                          <Link href="/portal/offers/new" className="font-medium text-brand-700 underline">
                            {t('createFirst')}
                          </Link>
                        </>
                      )}
                    </td>
                  </tr>
                ) : (
                  data.data.map((o) => (
                    <tr key={o.id} className="hover:bg-slate-50">
                      <td className="px-3 py-2 font-medium">
                        <Link href={`/portal/offers/${o.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                          {o.offerNumber}
                        </Link>
                      </td>
                      <td className="px-3 py-2">{o.externalOfferId}</td>
                      <td className="px-3 py-2">
                        <span className="block">{o.customerName}</span>
                        <span className="block text-xs text-slate-600">{o.customerEmail}</span>
                      </td>
                      <td className="px-3 py-2">{[o.product?.brandName, o.product?.modelName].filter(Boolean).join(' ') || '—'}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(o.totalPriceGross, lang)}</td>
                      <td className="px-3 py-2">
                        <StatusBadge status={o.status.current.code} lang={lang} />
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDateTime(o.createdAt, lang)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}

        <nav aria-label={t('pagination')} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
          <div className="flex items-center gap-2">
            <label htmlFor={`${ids}-per-page`}>{t('pageSize')}</label>
            <select
              id={`${ids}-per-page`}
              value={state.perPage}
              onChange={(e) => navigate({ perPage: Number(e.target.value) })}
              className="rounded-md border border-slate-400 bg-white px-2 py-1"
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-3">
            <button
              type="button"
              disabled={state.page <= 1}
              onClick={() => navigate({ page: Math.min(state.page - 1, pages) })}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium disabled:opacity-50"
            >
              {t('previousPage')}
            </button>
            <span aria-current="page">{t('pageOf', { page: state.page, pages })}</span>
            <button
              type="button"
              disabled={!data?.meta.nextPage}
              onClick={() => navigate({ page: state.page + 1 })}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium disabled:opacity-50"
            >
              {t('nextPage')}
            </button>
          </div>
        </nav>
      </section>
    </div>
  );
}
