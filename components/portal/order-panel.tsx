'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Notice } from '@/components/ui/notice';
import { apiErrorText, callOwn } from '@/lib/api-client/browser/call';
import { formatDate, formatMoney } from '@/lib/i18n/words';
import type { Offer } from '@/lib/portal/browser/api';
import { dealerAction } from '@/lib/purchase-orders/browser/order-progress';
import { orderTranslator, type OrderTextKey } from '@/lib/purchase-orders/browser/texts';
import { HandoverForm } from './handover-form';
import { InvoiceForm } from './invoice-form';
import { offerQueryKey } from './offer-query';
import { OrderProgress, OrderTimeline, type TimelineEntry } from '@/components/order-timeline';
import { usePortal } from './providers';

// The purchase order on the dealer's offer page, once the offer is done: where it stands (order
// received → handed over → invoiced → approved → paid), the dealer's next action with its form
// (the handover at the counter, the invoice or its correction with the operator's reasons), the
// invoice's data and PDF, and the order's timeline.

export function OrderPanel({ offer }: { offer: Offer }) {
  const { words, lang, environment } = usePortal();
  const t = useMemo(() => orderTranslator(words), [words]);
  const queryClient = useQueryClient();
  const ids = useId();
  const order = offer.order;
  // Keyed by the offer's version: every step of the order moves it, and the timeline follows.
  const timeline = useQuery({
    queryKey: ['order', environment, offer.id, offer.updatedAt],
    queryFn: () => callOwn<{ timeline: TimelineEntry[] }>('GET', `/api/portal/offers/${offer.id}/order`, words),
    enabled: !!order,
  });
  if (!order) return null;
  const action = dealerAction(order.status);
  const invoice = order.invoice;
  const onDone = (next: Offer) => {
    queryClient.setQueryData(offerQueryKey(environment, offer.id), next);
    void queryClient.invalidateQueries({ queryKey: ['offers'] });
    void queryClient.invalidateQueries({ queryKey: ['order', environment, offer.id] });
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="min-w-0 space-y-4 rounded-card border border-line bg-surface p-4" data-testid="order-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t('orderTitle')}
        </h2>
        <p className="text-sm font-semibold" data-testid="order-status">
          {t(`status_${order.status}` as OrderTextKey)}
        </p>
      </div>
      <OrderProgress status={order.status} t={t} />
      <p className="text-sm" data-testid="order-next">
        {t(`next_${action}` as OrderTextKey)}
      </p>

      {order.status === 'canceled' && order.cancelReason ? (
        <Notice tone="neutral">
          {t('cancelReason')}: {order.cancelReason}
        </Notice>
      ) : null}

      {environment === 'sandbox' && order.pickupCode ? (
        <Notice tone="warning" data-testid="sandbox-pickup-code">
          <p>{t('sandboxCodeHint')}</p>
          <p className="mt-1 font-mono text-lg font-semibold tracking-wider">{order.pickupCode}</p>
        </Notice>
      ) : null}

      {order.handedOverOn ? (
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <Item label={t('handedOverOn')} value={formatDate(order.handedOverOn, lang)} />
          <Item label={t('frameNumber')} value={order.frameNumber} />
          <Item label={t('batterySerialNumber')} value={order.batterySerialNumber} />
          <Item label={t('leaseStart')} value={order.leaseStart ? formatDate(order.leaseStart, lang) : undefined} />
          <Item label={t('leaseEnd')} value={order.leaseEnd ? formatDate(order.leaseEnd, lang) : undefined} />
        </dl>
      ) : null}

      {invoice ? (
        <div className="space-y-2" data-testid="order-invoice">
          <h3 className="font-semibold">{t('invoiceHeading')}</h3>
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
            <Item label={t('invoiceNumber')} value={invoice.invoiceNumber} />
            <Item label={t('invoiceDate')} value={formatDate(invoice.invoiceDate, lang)} />
            <Item label={t('amountGross')} value={formatMoney(invoice.amountGross, lang)} />
            <Item label={t('paidOn')} value={invoice.paidOn ? formatDate(invoice.paidOn, lang) : undefined} />
            <Item label={t('payoutReference')} value={invoice.payoutReference} />
          </dl>
          <a href={`/portal/offers/${offer.id}/invoice`} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-2" data-testid="invoice-pdf">
            {t('invoicePdf')}
          </a>
          {invoice.status === 'rejected' && invoice.errors?.length ? (
            <Notice tone="danger" role="note" data-testid="invoice-rejected">
              <p className="font-semibold">{t('rejectedReasons')}</p>
              <ul className="mt-1 list-disc pl-5">
                {invoice.errors.map((e, i) => (
                  <li key={`${e.code}-${i}`}>{e.translations[lang] ?? e.message}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
        </div>
      ) : null}

      {action === 'hand_over' ? <HandoverForm offer={offer} t={t} onDone={onDone} /> : null}
      {action === 'invoice' || action === 'correct_invoice' ? <InvoiceForm offer={offer} t={t} correction={action === 'correct_invoice'} onDone={onDone} /> : null}

      <div>
        <h3 className="mb-2 font-semibold">{t('timelineTitle')}</h3>
        {timeline.isPending ? (
          <p role="status" className="text-sm text-ink-muted">
            {t('loading')}
          </p>
        ) : timeline.isError ? (
          <p role="alert" className="text-sm text-danger-700">
            {apiErrorText(timeline.error, words)}
          </p>
        ) : (
          <OrderTimeline entries={timeline.data.timeline} t={t} words={words} />
        )}
      </div>
    </section>
  );
}

function Item({ label, value }: { label: string; value: string | undefined | null }) {
  if (!value) return null;
  return (
    <div className="min-w-0">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="break-words font-medium">{value}</dd>
    </div>
  );
}
