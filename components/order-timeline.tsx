'use client';

import { formatDate, formatDateTime, formatMoney, type Words } from '@/lib/i18n/words';
import type { Lang } from '@/lib/i18n/lang';
import { progressSteps } from '@/lib/purchase-orders/browser/order-progress';
import type { OrderTextKey, OrderTranslate } from '@/lib/purchase-orders/browser/texts';
import type { PurchaseOrderStatus } from '@/lib/shared/model';

// The order's way from the approval to the payment, shared by the dealer's and the operator's
// offer pages: the five steps (the current one marked for screen readers) and the timeline of
// what happened, oldest first, with who did it.

export type TimelineEntry = {
  id: number;
  occurredAt: string;
  action: string;
  actor: { type: string; id?: string; name?: string };
  changes: { field: string; old?: unknown; new?: unknown }[];
};

export function OrderProgress({ status, t }: { status: PurchaseOrderStatus; t: OrderTranslate }) {
  if (status === 'canceled') return null;
  return (
    <ol className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-5" aria-label={t('progressTitle')} data-testid="order-progress">
      {progressSteps(status).map(({ step, state }) => (
        <li
          key={step}
          aria-current={state === 'current' ? 'step' : undefined}
          className={`flex items-center gap-2 rounded-control border px-2 py-1.5 ${
            state === 'done' ? 'border-brand-700 bg-brand-50 text-brand-900' : state === 'current' ? 'border-warning-900 bg-warning-50 font-semibold text-warning-900' : 'border-line text-ink-muted'
          }`}
        >
          <span aria-hidden="true">{state === 'done' ? '✓' : state === 'current' ? '●' : '○'}</span>
          <span>{t(`step_${step}` as OrderTextKey)}</span>
          <span className="sr-only">({t(`stepState_${state}` as OrderTextKey)})</span>
        </li>
      ))}
    </ol>
  );
}

/** A change of a timeline entry worth a line: the day, frame and battery numbers, invoice data, payout. */
function changeLine(c: TimelineEntry['changes'][number], t: OrderTranslate, lang: Lang): string | null {
  const v = c.new;
  if (v === undefined || v === null || v === '') return null;
  const day = (x: unknown) => formatDate(String(x), lang);
  switch (c.field) {
    case 'order.handedOverOn':
      return `${t('handedOverOn')}: ${day(v)}`;
    case 'order.frameNumber':
      return `${t('frameNumber')}: ${String(v)}`;
    case 'order.batterySerialNumber':
      return `${t('batterySerialNumber')}: ${String(v)}`;
    case 'order.leaseStart':
      return `${t('leaseStart')}: ${day(v)}`;
    case 'order.leaseEnd':
      return `${t('leaseEnd')}: ${day(v)}`;
    case 'order.invoice.invoiceNumber':
      return `${t('invoiceNumber')}: ${String(v)}`;
    case 'order.invoice.invoiceDate':
      return `${t('invoiceDate')}: ${day(v)}`;
    case 'order.invoice.amountGross':
      return `${t('amountGross')}: ${formatMoney(Number(v), lang)}`;
    case 'order.invoice.paidOn':
      return `${t('paidOn')}: ${day(v)}`;
    case 'order.invoice.payoutReference':
      return `${t('payoutReference')}: ${String(v)}`;
    case 'order.cancelReason':
      return `${t('cancelReason')}: ${String(v)}`;
    default:
      return null;
  }
}

export function OrderTimeline({ entries, t, words }: { entries: TimelineEntry[]; t: OrderTranslate; words: Words }) {
  if (entries.length === 0) return null;
  return (
    <ol className="space-y-3 border-l-2 border-line pl-4" data-testid="order-timeline" aria-label={t('timelineTitle')}>
      {entries.map((h) => {
        const lines = h.changes.map((c) => changeLine(c, t, words.lang)).filter((l): l is string => l !== null);
        return (
          <li key={h.id} className="relative">
            <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 size-3 rounded-pill border-2 border-surface bg-brand-600" />
            <p className="text-sm font-semibold text-ink">{t(`tl_${h.action}` as OrderTextKey)}</p>
            <p className="text-xs text-ink-muted">
              <time dateTime={h.occurredAt}>{formatDateTime(h.occurredAt, words.lang)}</time> · {words.actorName(h.actor)}
            </p>
            {lines.length ? (
              <ul className="mt-1 text-xs text-ink">
                {lines.map((l) => (
                  <li key={l} className="break-words">
                    {l}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
