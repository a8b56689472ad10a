import Link from 'next/link';
import { LeaseTermsSummary, type LeaseTranslate } from '@/components/lease-terms-summary';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { formatDate, formatDateTime } from '@/lib/i18n/words';
import type { OrderTextKey } from '@/lib/purchase-orders/text-keys';
import type { CustomerOrder } from '@/lib/purchase-orders/use-cases/customer-order-face';

// The employee's page once the offer is done: the bicycle is ordered. Before the handover: the
// pickup code went by e-mail, where to pick the bicycle up (the dealer's address), what to bring,
// and where to ask for a new code; after it: the day, the lease's first and last day and what it
// costs a month.

export function OrderAfterDone({ order, offerId, lang, leaseT }: { order: CustomerOrder; offerId: string; lang: Lang; leaseT: LeaseTranslate }) {
  const t = namespaceTranslator<OrderTextKey>(lang, 'purchaseOrder');
  const handedOver = order.handedOverOn !== null;
  return (
    <>
      <div className="space-y-2" data-testid="order-after-done" data-status={order.status}>
        <p className="text-sm text-ink-muted">{t('c_offerNumber', { number: order.offerNumber })}</p>
        <h1 className="break-words text-2xl font-bold text-ink">{order.bicycle || t('c_yourBicycle')}</h1>
        <p className="text-ink">{t('c_hello', { name: order.customerName })}</p>
        <p className="font-medium text-ink" data-testid="customer-order-status">
          {t(`c_status_${order.status}` as OrderTextKey, { dealer: order.dealer.name })}
        </p>
        {order.sandbox ? (
          <Notice tone="warning" role="note">
            {t('c_sandbox')}
          </Notice>
        ) : null}
      </div>

      {order.status === 'awaiting_handover' ? (
        <Card aria-labelledby="pickup-title" data-testid="order-pickup">
          <CardHeader id="pickup-title" title={t('c_pickupTitle')} />
          <p className="text-ink">
            {order.pickupCodeSentAt ? t('c_codeMailed', { date: formatDateTime(order.pickupCodeSentAt, lang) }) : t('c_codeMailedNoDate')}
          </p>
          <h3 className="mt-4 text-sm font-semibold text-ink">{t('c_whereTitle')}</h3>
          <p className="font-medium text-ink">{order.dealer.name}</p>
          {order.dealer.address ? <p className="whitespace-pre-line text-sm text-ink">{order.dealer.address}</p> : null}
          <h3 className="mt-4 text-sm font-semibold text-ink">{t('c_bringTitle')}</h3>
          <ul className="list-disc space-y-1 pl-5 text-ink">
            <li>{t('c_bringCode')}</li>
            <li>{t('c_bringId')}</li>
          </ul>
          <p className="mt-4 text-sm text-ink">{t('c_newCodeText')}</p>
          <p className="mt-2">
            <Link href={`/order/link?offer=${offerId}`} className={buttonVariants({ variant: 'secondary' })} data-testid="request-new-code">
              {t('c_newCode')}
            </Link>
          </p>
        </Card>
      ) : null}

      {handedOver ? (
        <Card aria-labelledby="lease-dates-title" data-testid="order-lease-dates">
          <CardHeader id="lease-dates-title" title={t('c_leaseTitle')} />
          <dl className="space-y-1 text-ink">
            <Row label={t('handedOverOn')} value={formatDate(order.handedOverOn, lang)} />
            <Row label={t('leaseStart')} value={formatDate(order.leaseStart, lang)} />
            <Row label={t('leaseEnd')} value={formatDate(order.leaseEnd, lang)} />
          </dl>
          {order.leaseTerms ? (
            <div className="mt-4">
              <LeaseTermsSummary terms={order.leaseTerms} audience="employee" lang={lang} t={leaseT} />
            </div>
          ) : null}
        </Card>
      ) : null}

      {order.status === 'canceled' ? (
        <Card aria-labelledby="dealer-title">
          <CardHeader id="dealer-title" title={t('c_askDealer')} />
          <p className="font-medium text-ink">{order.dealer.name}</p>
          {order.dealer.address ? <p className="whitespace-pre-line text-sm text-ink-muted">{order.dealer.address}</p> : null}
        </Card>
      ) : null}
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
