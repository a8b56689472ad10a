'use client';

import { useMutation } from '@tanstack/react-query';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, dataTableTexts } from '@/components/ui/data-table';
import { FieldError, FieldHint, Label } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { consoleCall } from '@/lib/console/browser/client';
import { operatorStatusWords, workWords } from '@/lib/console/work-words';
import type { BulkResult } from '@/lib/console/use-cases/work-queues';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// A work queue's table (the kit's DataTable, stacked rows on a phone): select several offers,
// approve them or decline them with one reason; the answer is shown per offer (a refused one
// changes nothing else).

export type WorkRow = {
  id: string;
  offerNumber: string;
  externalOfferId: string;
  dealerName: string;
  environment: string;
  status: string;
  statusText: string;
  customer: string;
  product: string;
  total: string;
  waiting: string;
  waitingSince: string;
  errors: string[];
  /** "In Bearbeitung von …" while an operator holds the offer. */
  claim: string | null;
  claimedByOther: boolean;
};

type Bulk = 'operator' | 'employer' | null;

export function WorkQueueTable({ rows, bulk, caption }: { rows: WorkRow[]; bulk: Bulk; caption: string }) {
  const { lang, t } = useConsole();
  const w = workWords(t);
  const router = useRouter();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState({ de: '', en: '' });
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const mutation = useMutation({
    mutationFn: (body: unknown) => consoleCall<BulkResult[]>('POST', '/api/console/offers/bulk', lang, body),
    onSuccess: (answer) => {
      setResults(answer);
      setSelected({});
      setDeclining(false);
      router.refresh();
    },
  });
  const ids = rows.filter((r) => selected[r.id]).map((r) => r.id);
  const approveAction = bulk === 'employer' ? 'employer_approve' : 'operator_approve';
  const declineAction = bulk === 'employer' ? 'employer_decline' : 'operator_decline';
  // The employer's steps, taken by the operator for the employer: with the reason why (in each offer's history).
  const [why, setWhy] = useState('');
  const [whyError, setWhyError] = useState<string | null>(null);
  const onBehalf = (): { onBehalfReason?: string } | null => {
    if (bulk !== 'employer') return {};
    if (!why.trim()) {
      setWhyError(t('onBehalfRequired'));
      return null;
    }
    setWhyError(null);
    return { onBehalfReason: why.trim() };
  };
  const approve = () => {
    const extra = onBehalf();
    if (extra) mutation.mutate({ ids, action: approveAction, ...extra });
  };
  const decline = () => {
    if (!reason.de.trim() || !reason.en.trim()) {
      setReasonError(w('reasonRequired'));
      return;
    }
    setReasonError(null);
    const extra = onBehalf();
    if (extra) mutation.mutate({ ids, action: declineAction, reason: { de: reason.de.trim(), en: reason.en.trim() }, ...extra });
  };
  const numbers = useMemo(() => new Map(rows.map((r) => [r.id, r.offerNumber])), [rows]);
  const texts = { ...dataTableTexts(t), selectAll: w('selectAll'), selectRow: (id: string) => w('selectOffer', { number: numbers.get(id) ?? id }) };
  const columns = useMemo<ColumnDef<WorkRow, unknown>[]>(() => {
    const w = workWords(t);
    return [
      {
        id: 'offerNumber',
        enableSorting: false,
        meta: { label: t('offerNumber'), primary: true },
        cell: ({ row: { original: r } }) => (
          <>
            <Link href={`/console/offers/${r.id}`} className="rounded-control font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:focus-ring" aria-label={t('openOffer', { number: r.offerNumber })}>
              {r.offerNumber}
            </Link>
            <span className="block break-all text-xs font-normal text-ink-muted">{r.externalOfferId}</span>
          </>
        ),
      },
      {
        id: 'waiting',
        enableSorting: false,
        meta: { label: w('waiting'), className: 'whitespace-nowrap tabular-nums' },
        cell: ({ row: { original: r } }) => <span title={r.waitingSince}>{r.waiting}</span>,
      },
      {
        id: 'dealer',
        enableSorting: false,
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
            {r.statusText}
            {r.errors.length > 0 ? <span className="block text-xs text-ink-muted">{r.errors.join(', ')}</span> : null}
          </span>
        ),
      },
      {
        id: 'customer',
        enableSorting: false,
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
        enableSorting: false,
        meta: { label: w('total'), align: 'right', className: 'whitespace-nowrap tabular-nums' },
        cell: ({ row: { original: r } }) => r.total,
      },
    ];
  }, [t]);

  return (
    <div className="space-y-3">
      {results ? (
        <section aria-labelledby="bulk-results-heading" role="status" className="rounded-card border border-line bg-surface p-3 text-sm text-ink" data-testid="bulk-results">
          <h3 id="bulk-results-heading" className="font-semibold">
            {w('bulkResults')}: {w('bulkDone', { ok: results.filter((r) => r.ok).length, total: results.length })}
          </h3>
          <ul className="mt-1 space-y-0.5">
            {results.map((r) => (
              <li key={r.id} data-ok={r.ok ? 'true' : 'false'}>
                <span className="font-medium">{r.offerNumber ?? r.id}</span>:{' '}
                {r.ok ? w('resultOk', { status: operatorStatusWords(r.status ?? '', t) }) : w('resultFailed', { message: r.error?.message ?? '' })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {bulk ? (
        <div className="flex flex-wrap items-center gap-3 rounded-card border border-line bg-canvas p-3" data-testid="bulk-bar">
          <span className="text-sm font-medium text-ink" aria-live="polite">
            {w('selected', { count: ids.length })}
          </span>
          {bulk === 'employer' ? (
            <div className="w-full min-w-0">
              <Label htmlFor="bulk-on-behalf">
                {t('onBehalfReason')} <span aria-hidden="true">*</span>
              </Label>
              <Textarea
                id="bulk-on-behalf"
                maxLength={500}
                rows={2}
                className="mt-1"
                value={why}
                onChange={(e) => setWhy(e.target.value)}
                aria-required="true"
                aria-invalid={whyError ? true : undefined}
                aria-describedby={whyError ? 'bulk-on-behalf-hint bulk-on-behalf-error' : 'bulk-on-behalf-hint'}
              />
              <FieldHint id="bulk-on-behalf-hint">{t('onBehalfHint')}</FieldHint>
              <FieldError id="bulk-on-behalf-error" role="alert">
                {whyError}
              </FieldError>
            </div>
          ) : null}
          <Button variant="primary" disabled={ids.length === 0 || mutation.isPending} onClick={approve}>
            {w(bulk === 'employer' ? 'bulkEmployerApprove' : 'bulkApprove')}
          </Button>
          <Button variant="secondary" disabled={ids.length === 0 || mutation.isPending} aria-expanded={declining} onClick={() => setDeclining((d) => !d)}>
            {w(bulk === 'employer' ? 'bulkEmployerDecline' : 'bulkDecline')}
          </Button>
          <RequestFailed error={mutation.error} className="w-full" />
          {declining ? (
            <div className="grid w-full gap-3 sm:grid-cols-2">
              <div className="min-w-0">
                <Label htmlFor="bulk-reason-de">{w('bulkReasonDe')}</Label>
                <Textarea id="bulk-reason-de" lang="de" maxLength={500} rows={2} className="mt-1" value={reason.de} onChange={(e) => setReason({ ...reason, de: e.target.value })} />
              </div>
              <div className="min-w-0">
                <Label htmlFor="bulk-reason-en">{w('bulkReasonEn')}</Label>
                <Textarea id="bulk-reason-en" lang="en" maxLength={500} rows={2} className="mt-1" value={reason.en} onChange={(e) => setReason({ ...reason, en: e.target.value })} />
              </div>
              <FieldHint className="mt-0 sm:col-span-2">{w('bulkReasonHint')}</FieldHint>
              <FieldError role="alert" className="mt-0 sm:col-span-2">
                {reasonError}
              </FieldError>
              <div className="sm:col-span-2">
                <Button variant="danger" disabled={ids.length === 0 || mutation.isPending} onClick={decline}>
                  {w('bulkConfirmDecline', { count: ids.length })}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      <DataTable
        caption={caption}
        columns={columns}
        data={rows}
        texts={texts}
        getRowId={(r) => r.id}
        rowSelection={bulk ? selected : undefined}
        onRowSelectionChange={bulk ? setSelected : undefined}
        testId="work-queue"
        rowAttributes={(r) => ({ 'data-offer-number': r.offerNumber })}
      />
    </div>
  );
}
