import { toast } from 'sonner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState, type ReactNode } from 'react';
import { listWebhookDeliveries, resendWebhookDelivery, type WebhookDelivery, type WebhookEndpoint } from '@/lib/portal/browser/api';
import { formatDateTime } from '@/lib/i18n/words';
import { usePortal } from '../providers';
import { TableScroll } from '@/components/ui/table-scroll';
import { Button } from '@/components/ui/button';
import { DELIVERY_STATUS, DELIVERIES_SHOWN, useErrorText } from './shared';

/** A delivery's cell: in a table row, or on a phone a labelled line of its card (the label from `data-label`). */
const cell =
  'py-1.5 pr-3 max-sm:py-0 max-sm:before:block max-sm:before:text-xs max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]';

export function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, lang, environment } = usePortal();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const key = ['webhook-deliveries', environment, endpoint.id];
  const deliveries = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listWebhookDeliveries(endpoint.id, { perPage: DELIVERIES_SHOWN }, signal),
    // Pending deliveries change within seconds (the processor runs every few); finished ones rarely.
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending') ? 2_000 : 5_000),
  });
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) => resendWebhookDelivery(endpoint.id, delivery.id),
    onSuccess: () => {
      setNotice(t('deliveryResent'));
      toast.success(t('deliveryResent'));
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setNotice(t('webhookSaveFailed', { message: errorText(err) })),
  });

  let content: ReactNode;
  if (deliveries.isPending) content = <p className="text-sm text-ink-muted">{t('webhookDeliveriesLoading')}</p>;
  else if (deliveries.isError)
    content = (
      <p role="alert" className="text-sm text-danger-700">
        {t('webhookDeliveriesFailed', { message: errorText(deliveries.error) })}{' '}
        <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void deliveries.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  else if (deliveries.data.data.length === 0) content = <p className="text-sm text-ink-muted">{t('webhookDeliveriesEmpty')}</p>;
  else
    content = (
      // On a phone each delivery is a card (its cells stacked, each with its heading); wider, a table.
      <TableScroll>
        <table className="w-full text-left text-sm max-sm:block" aria-labelledby={`${ids}-title`}>
          <thead className="border-b border-line text-ink-muted max-sm:sr-only">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryEvent')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryOffer')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryStatus')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t('deliveryAttempts')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryResponse')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryWhen')}
              </th>
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">{t('deliveryActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {deliveries.data.data.map((d) => (
              <tr
                key={d.id}
                data-testid="webhook-delivery"
                data-status={d.status}
                className="border-b border-line align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2"
              >
                <td className="py-1.5 pr-3 font-mono text-xs leading-5 max-sm:col-span-2 max-sm:py-0">
                  {d.eventType}
                  {d.resendOf ? <span className="ml-1 font-sans text-ink-muted">({t('deliveryResendOf')})</span> : null}
                </td>
                <td className={cell} data-label={t('deliveryOffer')}>
                  <Link href={`/portal/offers/${d.offerId}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 sm:min-h-0">
                    {d.offerNumber}
                  </Link>
                </td>
                <td className={cell} data-label={t('deliveryStatus')} data-testid="delivery-status">
                  {t(DELIVERY_STATUS[d.status])}
                </td>
                <td className={`${cell} text-right tabular-nums max-sm:text-left`} data-label={t('deliveryAttempts')}>
                  {d.attempts}
                </td>
                <td className={`${cell} break-words max-sm:min-w-0`} data-label={t('deliveryResponse')}>
                  {d.lastResponseStatus ? `HTTP ${d.lastResponseStatus}` : (d.lastError ?? '—')}
                </td>
                <td className={`${cell} max-sm:col-span-2`} data-label={t('deliveryWhen')}>
                  {d.deliveredAt
                    ? t('deliveryDelivered', { when: formatDateTime(d.deliveredAt, lang) })
                    : d.nextAttemptAt
                      ? t('deliveryNext', { when: formatDateTime(d.nextAttemptAt, lang) })
                      : '—'}
                </td>
                <td className="py-1.5 max-sm:col-span-2 max-sm:py-0">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(d)}
                    aria-label={t('deliveryResendLabel', { event: d.eventType, offer: d.offerNumber })}
                    className="max-sm:min-h-11 max-sm:w-full"
                  >
                    {t('deliveryResend')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${ids}-title`} className="text-sm font-semibold text-ink">
          {t('webhookDeliveries')}
        </h4>
        <Button variant="secondary" size="sm" onClick={() => void deliveries.refetch()} aria-describedby={`${ids}-title`}>
          {t('refresh')}
        </Button>
      </div>
      <p role="status" className="text-sm text-ink">
        {notice ?? ''}
      </p>
      {content}
    </section>
  );
}
