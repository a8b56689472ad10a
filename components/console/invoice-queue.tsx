'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { Segmented } from '@/components/ui/segmented';
import { consoleCall } from '@/lib/console/browser/client';
import { formatDate, formatMoney } from '@/lib/i18n/words';
import { orderTranslator, type OrderTranslate } from '@/lib/purchase-orders/browser/texts';
import { InvoiceDecision } from './invoice-decision';
import { PayoutPanel, type ConsoleEnvironment } from './payout-panel';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// The operator's invoice check (/console/invoices): the invoices waiting, longest first, each with
// its document beside the offer, the handover and the checks (amount = the offer's total, invoice
// date between the handover and today, frame number present); approve or reject. Below, the
// payout run of the approved invoices and the past payouts.

type Checks = { amount: boolean; frameNumber: boolean; dates: boolean };
type Row = {
  invoiceId: string;
  offerId: string;
  offerNumber: string;
  dealerName: string;
  invoiceNumber: string;
  invoiceDate: string;
  amountGross: string;
  submittedAt: string;
  totalPriceGross: string;
  productBrandName: string | null;
  productModelName: string | null;
  approvedOn: string;
  handedOverOn: string | null;
  frameNumber: string | null;
  batterySerialNumber: string | null;
  checks: Checks;
};
type Page = { rows: Row[]; total: number; page: number; perPage: number };

export function InvoiceDesk({ initialEnvironment }: { initialEnvironment: ConsoleEnvironment }) {
  const { words } = useConsole();
  const t = useMemo(() => orderTranslator(words), [words]);
  const [environment, setEnvironment] = useState<ConsoleEnvironment>(initialEnvironment);
  return (
    <div className="space-y-6">
      <Segmented
        legend={t('environment')}
        name="invoice-environment"
        value={environment}
        onChange={setEnvironment}
        options={[
          { value: 'production', label: t('envProduction') },
          { value: 'sandbox', label: t('envSandbox') },
        ]}
      />
      <InvoiceQueue environment={environment} t={t} />
      <PayoutPanel environment={environment} t={t} />
    </div>
  );
}

function InvoiceQueue({ environment, t }: { environment: ConsoleEnvironment; t: OrderTranslate }) {
  const { words } = useConsole();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['invoices', environment, page],
    queryFn: () => consoleCall<Page>('GET', `/api/console/invoices?environment=${environment}&page=${page}`, words),
    placeholderData: keepPreviousData,
  });
  const decided = () => {
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    void queryClient.invalidateQueries({ queryKey: ['payouts'] });
  };
  return (
    <section aria-labelledby="invoice-queue-title" className="space-y-3">
      <h2 id="invoice-queue-title" className="text-lg font-semibold">
        {t('queueTitle')}
        {query.data ? <span className="ml-2 text-sm font-normal text-ink-muted">({query.data.total})</span> : null}
      </h2>
      {query.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('loading')}
        </p>
      ) : query.isError ? (
        <RequestFailed error={query.error} />
      ) : query.data.rows.length === 0 ? (
        <p className="text-sm text-ink-muted" data-testid="invoice-queue-empty">
          {t('queueEmpty')}
        </p>
      ) : (
        <ol className="space-y-4" data-testid="invoice-queue">
          {query.data.rows.map((row) => (
            <li key={row.invoiceId}>
              <InvoiceCard row={row} t={t} onDecided={decided} />
            </li>
          ))}
        </ol>
      )}
      {query.data && query.data.total > query.data.perPage ? (
        <nav aria-label={t('pages')} className="flex gap-2">
          <button type="button" className="min-h-11 px-3 underline disabled:opacity-50" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </button>
          <button type="button" className="min-h-11 px-3 underline disabled:opacity-50" disabled={page * query.data.perPage >= query.data.total} onClick={() => setPage((p) => p + 1)}>
            {t('next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function Check({ ok, label, t }: { ok: boolean; label: string; t: OrderTranslate }) {
  return (
    <li className={`flex items-start gap-2 ${ok ? 'text-brand-900' : 'font-semibold text-danger-700'}`}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span>
      <span>
        {label} <span className="sr-only">({ok ? t('checkOk') : t('checkFailed')})</span>
      </span>
    </li>
  );
}

function InvoiceCard({ row, t, onDecided }: { row: Row; t: OrderTranslate; onDecided: () => void }) {
  const { lang } = useConsole();
  const documentHref = `/console/invoices/${row.invoiceId}/document`;
  const product = [row.productBrandName, row.productModelName].filter(Boolean).join(' ');
  const item = (label: string, value: string | null | undefined) =>
    value ? (
      <div className="min-w-0">
        <dt className="text-ink-muted">{label}</dt>
        <dd className="break-words font-medium">{value}</dd>
      </div>
    ) : null;
  return (
    <article aria-labelledby={`inv-${row.invoiceId}`} className="grid min-w-0 gap-4 rounded-card border border-line bg-surface p-4 lg:grid-cols-2" data-testid="invoice-card">
      <div className="min-w-0 space-y-3">
        <h3 id={`inv-${row.invoiceId}`} className="font-semibold">
          {t('invoiceOf', { number: row.invoiceNumber, dealer: row.dealerName })}
        </h3>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-ink-muted">{t('offer')}</dt>
            <dd>
              <Link href={`/console/offers/${row.offerId}`} className="font-medium text-brand-700 underline underline-offset-2">
                {row.offerNumber}
              </Link>
              {product ? <span className="block text-ink-muted">{product}</span> : null}
            </dd>
          </div>
          {item(t('offerTotal'), formatMoney(Number(row.totalPriceGross), lang))}
          {item(t('amountGross'), formatMoney(Number(row.amountGross), lang))}
          {item(t('invoiceDate'), formatDate(row.invoiceDate, lang))}
          {item(t('handedOverOn'), row.handedOverOn ? formatDate(row.handedOverOn, lang) : null)}
          {item(t('frameNumber'), row.frameNumber)}
          {item(t('batterySerialNumber'), row.batterySerialNumber)}
          {item(t('submittedAt'), formatDate(row.submittedAt, lang))}
        </dl>
        <div>
          <h4 className="text-sm font-semibold">{t('checksTitle')}</h4>
          <ul className="mt-1 space-y-1 text-sm" data-testid="invoice-checks">
            <Check ok={row.checks.amount} label={t('checkAmount')} t={t} />
            <Check ok={row.checks.dates} label={t('checkDates', { approvedOn: formatDate(row.approvedOn, lang) })} t={t} />
            <Check ok={row.checks.frameNumber} label={t('checkFrame')} t={t} />
          </ul>
        </div>
        <InvoiceDecision invoiceId={row.invoiceId} label={row.invoiceNumber} t={t} onDecided={onDecided} />
      </div>
      <div className="min-w-0 space-y-2">
        <a href={documentHref} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-2">
          {t('openDocument')}
        </a>
        <details>
          <summary className="min-h-11 cursor-pointer py-2 text-sm">{t('showDocument')}</summary>
          <iframe src={documentHref} title={t('documentFrame', { number: row.invoiceNumber })} loading="lazy" className="h-[36rem] max-h-[70vh] w-full rounded-control border border-line" />
        </details>
      </div>
    </article>
  );
}
