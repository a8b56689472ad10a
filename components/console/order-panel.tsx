'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { OrderProgress, OrderTimeline, type TimelineEntry } from '@/components/order-timeline';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FieldError, Label } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Textarea } from '@/components/ui/textarea';
import { consoleCall } from '@/lib/console/browser/client';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/words';
import { orderTranslator, type OrderTextKey } from '@/lib/purchase-orders/browser/texts';
import type { PurchaseOrderStatus } from '@/lib/shared/model';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// The order on the console's offer page: its state and timeline, and the operator's two steps
// before the handover — a new pickup code (mailed to the employee) and cancelling the order with
// a reason.

type Order = {
  status: PurchaseOrderStatus;
  pickupCodeSentAt?: string;
  handedOverOn?: string;
  frameNumber?: string;
  batterySerialNumber?: string;
  leaseStart?: string;
  leaseEnd?: string;
  cancelReason?: string;
  invoice?: { invoiceNumber: string; invoiceDate: string; amountGross: number; status: string; paidOn?: string; payoutReference?: string };
};

const cancelSchema = z.object({ reason: z.string().trim().min(1, 'v_cancelReasonRequired').max(500, 'v_reasonTooLong') });

export function ConsoleOrderPanel({ offerId }: { offerId: string }) {
  const { words, lang } = useConsole();
  const t = useMemo(() => orderTranslator(words), [words]);
  const ids = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['console-order', offerId],
    queryFn: () => consoleCall<{ order: Order | null; timeline: TimelineEntry[] }>('GET', `/api/console/offers/${offerId}/order`, words),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['console-order', offerId] });
  const newCode = useMutation({ mutationFn: () => consoleCall('POST', `/api/console/offers/${offerId}/order/pickup-code`, words), onSuccess: refresh });
  const cancel = useMutation({ mutationFn: (v: { reason: string }) => consoleCall('POST', `/api/console/offers/${offerId}/order/cancel`, words, v), onSuccess: refresh });
  const form = useForm<{ reason: string }>({ resolver: zodResolver(cancelSchema), defaultValues: { reason: '' } });

  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) return <RequestFailed error={query.error} />;
  const { order, timeline } = query.data;
  if (!order) return null;
  const reasonError = form.formState.errors.reason?.message;
  const item = (label: string, value: string | undefined) =>
    value ? (
      <div className="min-w-0">
        <dt className="text-ink-muted">{label}</dt>
        <dd className="break-words font-medium">{value}</dd>
      </div>
    ) : null;

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-4 rounded-card border border-line bg-surface p-4" data-testid="console-order-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t('orderTitle')}
        </h2>
        <p className="text-sm font-semibold" data-testid="console-order-status">
          {t(`status_${order.status}` as OrderTextKey)}
        </p>
      </div>
      <OrderProgress status={order.status} t={t} />
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {item(t('pickupCodeSentAt'), order.pickupCodeSentAt ? formatDateTime(order.pickupCodeSentAt, lang) : undefined)}
        {item(t('handedOverOn'), order.handedOverOn ? formatDate(order.handedOverOn, lang) : undefined)}
        {item(t('frameNumber'), order.frameNumber)}
        {item(t('batterySerialNumber'), order.batterySerialNumber)}
        {item(t('leaseStart'), order.leaseStart ? formatDate(order.leaseStart, lang) : undefined)}
        {item(t('leaseEnd'), order.leaseEnd ? formatDate(order.leaseEnd, lang) : undefined)}
        {item(t('invoiceNumber'), order.invoice?.invoiceNumber)}
        {item(t('amountGross'), order.invoice ? formatMoney(order.invoice.amountGross, lang) : undefined)}
        {item(t('paidOn'), order.invoice?.paidOn ? formatDate(order.invoice.paidOn, lang) : undefined)}
        {item(t('payoutReference'), order.invoice?.payoutReference)}
        {item(t('cancelReason'), order.cancelReason)}
      </dl>

      {order.status === 'awaiting_handover' ? (
        <div className="space-y-3 border-t border-line pt-3">
          <div className="flex flex-wrap items-center gap-2">
            <ConfirmButton label={t('issueCode')} text={t('issueCodeConfirm')} cancelLabel={t('keep')} busy={newCode.isPending} onConfirm={() => newCode.mutate()} />
            {newCode.isSuccess ? (
              <p role="status" className="text-sm">
                {t('issueCodeDone')}
              </p>
            ) : null}
          </div>
          <RequestFailed error={newCode.error} />
          <form noValidate onSubmit={(e) => void form.handleSubmit((v) => cancel.mutate(v))(e)} className="space-y-2">
            <Label htmlFor={`${ids}-reason`}>
              {t('cancelOrderReason')} <span aria-hidden="true">*</span>
            </Label>
            <Textarea
              id={`${ids}-reason`}
              rows={2}
              maxLength={500}
              aria-required="true"
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
              {...form.register('reason')}
            />
            <FieldError id={`${ids}-reason-error`} role="alert">
              {reasonError ? t(reasonError as OrderTextKey) : null}
            </FieldError>
            <Button type="submit" variant="danger" className="min-h-11" disabled={cancel.isPending}>
              {cancel.isPending ? t('working') : t('cancelOrder')}
            </Button>
            <RequestFailed error={cancel.error} />
          </form>
        </div>
      ) : null}
      {order.status === 'canceled' ? <Notice tone="neutral">{t('canceledNote')}</Notice> : null}

      <div>
        <h3 className="mb-2 font-semibold">{t('timelineTitle')}</h3>
        <OrderTimeline entries={timeline} t={t} words={words} />
      </div>
    </section>
  );
}
