'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { X } from 'lucide-react';
import Link from 'next/link';
import { useMemo, type ReactNode } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { formatDayRange } from '@/components/ui/day';
import { EmailText } from '@/components/ui/email-text';
import { formatDateTime, formatMoney } from '@/lib/i18n/words';
import type { ListedOffer } from '@/lib/portal/browser/api';
import { Button } from '@/components/ui/button';
import { controlFrame } from '@/components/ui/field';
import { EMPTY_FILTERS, PAGE_SIZES, type ListState, type SortColumn, type statusSelection } from '@/lib/portal/browser/list-state';
import type { TextKey } from '@/lib/portal/i18n';
import { usePortal } from './providers';

// The offer list's (./offer-list.tsx) columns and its filter chips, in the portal's language.

export type FilterChip = { key: string; text: string; clear: Partial<ListState> };

/** The list's columns: the offer number links to the offer; status and number cannot be hidden. */
export function useOfferColumns() {
  const { t, lang, words } = usePortal();
  return useMemo<ColumnDef<ListedOffer, unknown>[]>(() => {
    const col = (id: SortColumn, text: TextKey, cell: (o: ListedOffer) => ReactNode, extra: Partial<ColumnDef<ListedOffer, unknown>> = {}): ColumnDef<ListedOffer, unknown> => ({
      id,
      accessorFn: (o) => o[id as keyof ListedOffer],
      header: t(text),
      cell: ({ row }) => cell(row.original),
      meta: { label: t(text) },
      ...extra,
    });
    return [
      col(
        'offerNumber',
        'offerNumber',
        (o) => (
          <Link href={`/portal/offers/${o.id}`} className="-my-3 inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline">
            {o.offerNumber}
          </Link>
        ),
        { enableHiding: false, meta: { label: t('offerNumber'), primary: true } },
      ),
      col('externalOfferId', 'externalOfferId', (o) => o.externalOfferId),
      col('customerName', 'customer', (o) => (
        <>
          <span className="block">{o.customerName}</span>
          <EmailText email={o.customerEmail} className="block text-xs text-ink-muted" />
        </>
      )),
      col('productName', 'product', (o) => [o.product?.brandName, o.product?.modelName].filter(Boolean).join(' ') || t('none')),
      col('totalPriceGross', 'total', (o) => <span className="tabular-nums">{formatMoney(o.totalPriceGross, lang)}</span>, {
        sortDescFirst: true,
        meta: { label: t('total'), align: 'right' },
      }),
      col('status', 'status', (o) => <StatusBadge status={o.status.current.code} words={words} />, { enableHiding: false }),
      col('createdAt', 'created', (o) => <span className="whitespace-nowrap text-ink-muted">{formatDateTime(o.createdAt, lang)}</span>, { sortDescFirst: true }),
    ];
  }, [t, lang, words]);
}

/** One chip per active filter; its button removes that filter alone. */
export function useFilterChips(state: ListState, selection: ReturnType<typeof statusSelection>): FilterChip[] {
  const { t, lang, words } = usePortal();
  const rangeTexts = { fromOnly: (date: string) => t('dateRangeFrom', { date }), toOnly: (date: string) => t('dateRangeTo', { date }) };
  const chips: FilterChip[] = [];
  if (state.search.trim()) chips.push({ key: 'search', text: `${t('search')}: ${state.search.trim()}`, clear: { search: '' } });
  if (state.externalOfferId.trim()) chips.push({ key: 'external', text: `${t('externalOfferId')}: ${state.externalOfferId.trim()}`, clear: { externalOfferId: '' } });
  if (state.email.trim()) chips.push({ key: 'email', text: `${t('customerEmailFilter')}: ${state.email.trim()}`, clear: { email: '' } });
  if (selection.values.length > 0) {
    const names = selection.values.map((v) => words.statusLabel(v)).join(', ');
    chips.push({ key: 'status', text: selection.mode === 'except' ? t('chipStatusExcept', { statuses: names }) : `${t('statusFilter')}: ${names}`, clear: { status: '' } });
  }
  for (const [fromKey, toKey, text] of [
    ['creationDateFrom', 'creationDateTo', 'created'],
    ['statusChangedDateFrom', 'statusChangedDateTo', 'statusChanged'],
  ] as const) {
    const range = formatDayRange({ from: state[fromKey], to: state[toKey] }, lang, rangeTexts);
    if (range) chips.push({ key: fromKey, text: `${t(text)}: ${range}`, clear: { [fromKey]: '', [toKey]: '' } });
  }
  return chips;
}

/** The active filters as chips, each removable alone, and the reset of all. */
export function FilterChips({ chips, navigate }: { chips: FilterChip[]; navigate: (patch: Partial<ListState>) => void }) {
  const { t } = usePortal();
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label={t('activeFilters')} className="flex min-w-0 flex-wrap gap-2" data-testid="filter-chips">
        {chips.map((c) => (
          <li key={c.key} className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-pill border border-brand-100 bg-brand-50 py-0.5 pl-3 pr-1 text-sm text-brand-900">
            <span className="min-w-0 truncate">{c.text}</span>
            <button
              type="button"
              aria-label={t('removeFilter', { filter: c.text })}
              onClick={() => navigate(c.clear)}
              className="rounded-pill p-1 hover:bg-brand-100 focus-visible:focus-ring"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="link" size="sm" onClick={() => navigate(EMPTY_FILTERS)}>
        {t('resetFilters')}
      </Button>
    </div>
  );
}

/** The page size and the pages of the list. */
export function ListPagination({ id, state, pages, hasNext, navigate }: { id: string; state: ListState; pages: number; hasNext: boolean; navigate: (patch: Partial<ListState>) => void }) {
  const { t } = usePortal();
  return (
    <nav aria-label={t('pagination')} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={id}>{t('pageSize')}</label>
        <select
          id={id}
          value={state.perPage}
          onChange={(e) => navigate({ perPage: Number(e.target.value) })}
          className={`${controlFrame} h-control w-auto pr-8`}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-3">
        <Button size="sm" disabled={state.page <= 1} onClick={() => navigate({ page: Math.min(state.page - 1, pages) })}>
          {t('previousPage')}
        </Button>
        <span aria-current="page">{t('pageOf', { page: state.page, pages })}</span>
        <Button size="sm" disabled={!hasNext} onClick={() => navigate({ page: state.page + 1 })}>
          {t('nextPage')}
        </Button>
      </div>
    </nav>
  );
}
