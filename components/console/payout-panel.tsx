'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Notice } from '@/components/ui/notice';
import { consoleCall } from '@/lib/console/browser/client';
import { formatDate, formatMoney } from '@/lib/i18n/words';
import type { OrderTranslate } from '@/lib/purchase-orders/browser/texts';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// The payout run: every approved invoice of the environment is paid at once (marked paid with the
// date and the run's reference); its list for the bank transfer as CSV and Excel. The past runs
// below, newest first, each with its files.

type Run = { id: string; paidOn: string; reference: string; createdBy: string; invoices: number; amountGross: string };
type Payout = { id: string; paidOn: string; reference: string; totalGross: number; lines: unknown[] };

function Files({ id, reference, t }: { id: string; reference: string; t: OrderTranslate }) {
  return (
    <span className="flex flex-wrap gap-3">
      <a href={`/console/payouts/${id}/export?format=csv`} download className="inline-flex min-h-11 items-center font-medium text-brand-700 underline" aria-label={`${t('downloadCsv')}: ${reference}`}>
        {t('downloadCsv')}
      </a>
      <a href={`/console/payouts/${id}/export?format=xlsx`} download className="inline-flex min-h-11 items-center font-medium text-brand-700 underline" aria-label={`${t('downloadXlsx')}: ${reference}`}>
        {t('downloadXlsx')}
      </a>
    </span>
  );
}

/** The environment whose invoices and payouts the desk shows. */
export type ConsoleEnvironment = 'production' | 'sandbox';

export function PayoutPanel({ environment, t }: { environment: ConsoleEnvironment; t: OrderTranslate }) {
  const { words, lang } = useConsole();
  const queryClient = useQueryClient();
  const [last, setLast] = useState<Payout | null | undefined>(undefined);
  const runs = useQuery({ queryKey: ['payouts'], queryFn: () => consoleCall<Run[]>('GET', '/api/console/payouts', words) });
  const run = useMutation({
    mutationFn: () => consoleCall<Payout | null>('POST', '/api/console/payouts', words, { environment }),
    onSuccess: (payout) => {
      setLast(payout);
      void queryClient.invalidateQueries({ queryKey: ['payouts'] });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
  return (
    <section aria-labelledby="payout-title" className="space-y-3 rounded-card border border-line bg-surface p-4" data-testid="payout-panel">
      <h2 id="payout-title" className="text-lg font-semibold">
        {t('payoutTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('payoutIntro')}</p>
      <ConfirmButton
        label={t('runPayout')}
        text={t('runPayoutConfirm', { environment: environment === 'production' ? t('envProduction') : t('envSandbox') })}
        cancelLabel={t('keep')}
        busy={run.isPending}
        onConfirm={() => run.mutate()}
      />
      <RequestFailed error={run.error} />
      <div aria-live="polite">
        {last === null ? <p className="text-sm">{t('payoutNothing')}</p> : null}
        {last ? (
          <Notice tone="success" data-testid="payout-result">
            <p>{t('payoutDone', { count: last.lines.length, amount: formatMoney(last.totalGross, lang), reference: last.reference })}</p>
            <Files id={last.id} reference={last.reference} t={t} />
          </Notice>
        ) : null}
      </div>
      <h3 className="pt-2 font-semibold">{t('pastPayouts')}</h3>
      {runs.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('loading')}
        </p>
      ) : runs.isError ? (
        <RequestFailed error={runs.error} />
      ) : runs.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('noPayouts')}</p>
      ) : (
        <ul className="divide-y divide-line text-sm" data-testid="past-payouts">
          {runs.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium">{r.reference}</span> · {formatDate(r.paidOn, lang)} · {t('payoutLine', { count: r.invoices, amount: formatMoney(Number(r.amountGross), lang) })}
              </span>
              <Files id={r.id} reference={r.reference} t={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
