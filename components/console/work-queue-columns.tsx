'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { cn } from '@/components/ui/cn';
import type { ConsoleTranslate } from '@/lib/console/i18n';
import type { BulkResult } from '@/lib/console/use-cases/work-queues';
import { workWords, type WorkRow } from '@/lib/console/work-words';
import { useConsole } from './providers';

// What a work queue's table (./work-queue-table.tsx) shows: its columns, and what a bulk decision
// did to each offer.

/** The queue's columns; `queue`: the decision queue an offer is opened from (its next offer follows a decision). */
export function workQueueColumns(t: ConsoleTranslate, queue: string | undefined): ColumnDef<WorkRow, unknown>[] {
  const w = workWords(t);
  return [
    {
      id: 'offerNumber',
      accessorFn: (r) => r.offerNumber,
      meta: { label: t('offerNumber'), primary: true },
      cell: ({ row: { original: r } }) => (
        <>
          <Link href={`/console/offers/${r.id}${queue ? `?queue=${queue}` : ''}`} className="inline-flex min-h-11 items-center rounded-control font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:focus-ring" aria-label={t('openOffer', { number: r.offerNumber })}>
            {r.offerNumber}
          </Link>
          <span className="block break-all text-xs font-normal text-ink-muted">{r.externalOfferId}</span>
        </>
      ),
    },
    {
      id: 'waiting',
      accessorFn: (r) => r.waitingSince,
      meta: { label: w('waiting'), className: 'whitespace-nowrap tabular-nums' },
      cell: ({ row: { original: r } }) => <span title={r.waitingSince}>{r.waiting}</span>,
    },
    {
      id: 'dealer',
      accessorFn: (r) => r.dealerName,
      meta: { label: t('dealer') },
      cell: ({ row: { original: r } }) => (
        <>
          <span className="block">{r.dealerName}</span>
          <span className="block text-xs text-ink-muted">{r.environment}</span>
        </>
      ),
    },
    {
      id: 'status',
      enableSorting: false,
      meta: { label: w('status') },
      cell: ({ row: { original: r } }) => (
        <span data-status={r.status}>
          <span className="block font-medium">{r.statusText}</span>
          <span className="block text-xs text-ink-muted">{r.perspective}</span>
          {r.errors.length > 0 ? <span className="block text-xs text-ink-muted">{r.errors.join(', ')}</span> : null}
        </span>
      ),
    },
    {
      id: 'customer',
      accessorFn: (r) => r.customer,
      meta: { label: t('customer') },
      cell: ({ row: { original: r } }) => (
        <>
          {r.customer}
          {r.claim ? (
            <span className={cn('mt-0.5 block text-xs font-medium', r.claimedByOther ? 'text-warning-900' : 'text-brand-700')} data-testid="claim">
              {r.claim}
            </span>
          ) : null}
        </>
      ),
    },
    { id: 'product', enableSorting: false, meta: { label: t('product') }, cell: ({ row: { original: r } }) => r.product },
    {
      id: 'total',
      accessorFn: (r) => r.total,
      meta: { label: w('total'), align: 'right', className: 'whitespace-nowrap tabular-nums' },
      cell: ({ row: { original: r } }) => r.total,
    },
  ];
}

/** What a bulk decision did, offer by offer (a refused one changed nothing). */
export function BulkResults({ results }: { results: BulkResult[] }) {
  const { t, words } = useConsole();
  const w = workWords(t);
  return (
    <section aria-labelledby="bulk-results-heading" role="status" className="rounded-card border border-line bg-surface p-3 text-sm text-ink" data-testid="bulk-results">
      <h3 id="bulk-results-heading" className="font-semibold">
        {w('bulkResults')}: {w('bulkDone', { ok: results.filter((r) => r.ok).length, total: results.length })}
      </h3>
      <ul className="mt-1 space-y-0.5">
        {results.map((r) => (
          <li key={r.id} data-ok={r.ok ? 'true' : 'false'}>
            <Link href={`/console/offers/${r.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:focus-ring">
              {r.offerNumber ?? r.id}
            </Link>
            :{' '}
            {r.ok ? w('resultOk', { status: words.statusLabel(r.status ?? '') }) : w('resultFailed', { message: r.error?.message ?? '' })}
          </li>
        ))}
      </ul>
    </section>
  );
}
