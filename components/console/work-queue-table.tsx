'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DataTable, dataTableTexts } from '@/components/ui/data-table';
import { FieldError, FieldHint, Label } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { consoleCall } from '@/lib/console/browser/client';
import { REASON_MAX } from '@/lib/console/schemas';
import { workWords, type WorkRow } from '@/lib/console/work-words';

import type { BulkResult } from '@/lib/console/use-cases/work-queues';
import { useConsole } from './providers';
import { BulkResults, workQueueColumns } from './work-queue-columns';
import { RequestFailed } from './request-failed';

// A work queue's table (the kit's DataTable, stacked rows on a phone): select several offers,
// approve them or decline them with one reason. Each bulk decision asks first (how many offers,
// what happens to them), then says what happened in a toast with a way to the offers; the answer
// is also shown per offer (a refused one changes nothing else).

export type { WorkRow };

type Bulk = 'operator' | 'employer' | null;

/** Where the offers of a status are listed: their queue, else all offers in that status. */
export function offersOfStatusHref(status: string): string {
  if (status === 'operator_decision_pending') return '/console/queues/decision';
  if (status === 'rejected') return '/console/rejected';
  return `/console/queues/search?status=${encodeURIComponent(status)}`;
}

/**
 * `queue`: the decision queue the rows belong to; an offer opened from it goes on to the queue's
 * next offer after a decision.
 */
export function WorkQueueTable({
  rows,
  bulk,
  caption,
  queue,
  sorting,
  onSortingChange,
  busy,
}: {
  rows: WorkRow[];
  bulk: Bulk;
  caption: string;
  queue?: string;
  /** The server's order (the query's sortBy and order). */
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  busy?: boolean;
}) {
  const { lang, t, words } = useConsole();
  const w = workWords(t);
  const router = useRouter();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [asking, setAsking] = useState<'approve' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const approveAction = bulk === 'employer' ? 'employer_approve' : 'operator_approve';
  const declineAction = bulk === 'employer' ? 'employer_decline' : 'operator_decline';
  const mutation = useMutation({
    mutationFn: (body: { ids: string[]; action: string; reason?: unknown }) => consoleCall<BulkResult[]>('POST', '/api/console/offers/bulk', words, body),
    onSuccess: (answer, body) => {
      setResults(answer);
      setSelected({});
      setAsking(null);
      setReason('');
      const ok = answer.filter((r) => r.ok);
      const failed = answer.length - ok.length;
      const status = ok[0]?.status;
      const title = ok.length === 0 ? w('toastNoneChanged') : w(body.action === approveAction ? 'toastApproved' : 'toastDeclined', { count: ok.length });
      const description = [status ? w('toastNewStatus', { status: words.statusLabel(status) }) : '', failed > 0 ? w('toastFailed', { count: failed }) : '']
        .filter(Boolean)
        .join(' ');
      const show = { label: w('showOffers'), onClick: () => router.push(offersOfStatusHref(status ?? 'rejected')) };
      // A toast with a way to the offers stays long enough to take it.
      if (failed > 0) toast.warning(title, { description, action: status ? show : undefined, duration: 10_000 });
      else toast.success(title, { description, action: show, duration: 10_000 });
      void queryClient.invalidateQueries({ queryKey: ['workQueue'] });
      router.refresh();
    },
  });
  const ids = rows.filter((r) => selected[r.id]).map((r) => r.id);
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
  const decline = () => {
    if (!reason.trim()) {
      setReasonError(w('reasonRequired'));
      return false;
    }
    setReasonError(null);
    const extra = onBehalf();
    if (extra) mutation.mutate({ ids, action: declineAction, reason: { text: reason.trim(), lang }, ...extra });
    return false;
  };
  const onBehalfField =
    bulk === 'employer' ? (
      <div className="min-w-0">
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
    ) : null;
  const numbers = useMemo(() => new Map(rows.map((r) => [r.id, r.offerNumber])), [rows]);
  const texts = { ...dataTableTexts(t), selectAll: w('selectAll'), selectRow: (id: string) => w('selectOffer', { number: numbers.get(id) ?? id }) };
  const columns = useMemo(() => workQueueColumns(t, queue), [t, queue]);

  return (
    <div className="space-y-3">
      {results ? <BulkResults results={results} /> : null}
      {bulk ? (
        <div className="flex flex-wrap items-center gap-3 rounded-card border border-line bg-canvas p-3" data-testid="bulk-bar">
          <span className="text-sm font-medium text-ink" aria-live="polite">
            {w('selected', { count: ids.length })}
          </span>
          <AlertDialog
            open={asking === 'approve'}
            onOpenChange={(open) => setAsking(open ? 'approve' : null)}
            trigger={
              <Button variant="primary" disabled={ids.length === 0 || mutation.isPending}>
                {w(bulk === 'employer' ? 'bulkEmployerApprove' : 'bulkApprove')}
              </Button>
            }
            title={w(bulk === 'employer' ? 'employerApproveTitle' : 'approveTitle', { count: ids.length })}
            description={w(bulk === 'employer' ? 'employerApproveText' : 'approveText', { count: ids.length })}
            cancelLabel={t('cancel')}
            confirmLabel={mutation.isPending ? t('working') : w(bulk === 'employer' ? 'employerApproveConfirm' : 'approveConfirm', { count: ids.length })}
            busy={mutation.isPending}
            onConfirm={() => {
              const extra = onBehalf();
              if (extra) mutation.mutate({ ids, action: approveAction, ...extra });
              return false;
            }}
          >
            {onBehalfField}
            <RequestFailed error={mutation.error} />
          </AlertDialog>
          <AlertDialog
            open={asking === 'decline'}
            onOpenChange={(open) => {
              setAsking(open ? 'decline' : null);
              setReasonError(null);
            }}
            trigger={
              <Button variant="secondary" className="border-danger-700 text-danger-700" disabled={ids.length === 0 || mutation.isPending}>
                {w(bulk === 'employer' ? 'bulkEmployerDecline' : 'bulkDecline')}
              </Button>
            }
            title={w(bulk === 'employer' ? 'employerDeclineTitle' : 'declineTitle', { count: ids.length })}
            description={w('declineText', { count: ids.length })}
            cancelLabel={t('cancel')}
            confirmLabel={mutation.isPending ? t('working') : w('bulkConfirmDecline', { count: ids.length })}
            destructive
            busy={mutation.isPending}
            onConfirm={decline}
          >
            <div className="grid gap-3">
              {onBehalfField}
              <div className="min-w-0">
                <Label htmlFor="bulk-reason">{t('declineReason')}</Label>
                <Textarea
                  id="bulk-reason"
                  lang={lang}
                  maxLength={REASON_MAX}
                  rows={3}
                  className="mt-1"
                  aria-describedby="bulk-reason-hint"
                  aria-invalid={reasonError ? true : undefined}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
              <FieldHint id="bulk-reason-hint" className="mt-0">
                {t('declineReasonHint')}
              </FieldHint>
              <FieldError role="alert" className="mt-0">
                {reasonError}
              </FieldError>
              <RequestFailed error={mutation.error} />
            </div>
          </AlertDialog>
        </div>
      ) : null}
      <DataTable
        caption={caption}
        columns={columns}
        data={rows}
        texts={texts}
        sorting={sorting}
        onSortingChange={(updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater)}
        manualSorting
        busy={busy}
        getRowId={(r) => r.id}
        rowSelection={bulk ? selected : undefined}
        onRowSelectionChange={bulk ? setSelected : undefined}
        testId="work-queue"
        rowAttributes={(r) => ({ 'data-offer-number': r.offerNumber })}
      />
    </div>
  );
}
