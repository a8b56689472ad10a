import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { OrderFrame } from '@/components/order/order-frame';
import { orderTranslator, type OrderTranslate } from '@/lib/orders/i18n';
import { OrderStep } from '@/components/order/order-steps';
import { LeaseTermsSummary } from '@/components/lease-terms-summary';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { statusLabel } from '@/lib/i18n/catalogue';
import { browserLang, formatDate, formatDateTime, formatMoney } from '@/lib/i18n/words';
import type { Lang } from '@/lib/i18n/messages';
import { customerOfferPage, type CustomerItem, type CustomerOfferView } from '@/lib/orders/customer-order';
import { EndedLinkView } from '@/components/order/ended-link-view';
import { operatorDetails } from '@/lib/legal/operator';
import { OrderAfterDone } from '@/components/order/order-after-done';
import { customerOrderOf } from '@/lib/purchase-orders/use-cases/customer-order-face';

// The customer's page of one offer, opened with the dealer's link (docs/decisions.md, "The link
// page"): no account, the browser's language, phone first. It shows that offer only and the one
// step the customer can take next; where the employer's rules forbid the order it says why and
// what to do, and offers no step. proxy.ts gives it `Referrer-Policy: no-referrer` and noindex.

export const dynamic = 'force-dynamic';

async function pageLang(): Promise<Lang> {
  return browserLang((await headers()).get('accept-language'));
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: orderTranslator(await pageLang())('pageTitle'), referrer: 'no-referrer', robots: { index: false, follow: false } };
}

/** The caller's address as lib/api/client-address.ts reads it (the server wrote X-Forwarded-For). */
async function callerAddress(): Promise<string> {
  return (await headers()).get('x-forwarded-for')?.split(',').pop()?.trim() || 'unknown';
}

export default async function OrderPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const lang = await pageLang();
  const t = orderTranslator(lang);
  const page = await customerOfferPage(token, await callerAddress(), lang);
  // A link that no longer works: proxy.ts shows the ended page here with its status (404 unknown,
  // 410 gone); should the link end between the two reads, the same words and way forward follow.
  // A done offer's link opens its order: the pickup, then the lease.
  const doneOffer = 'end' in page && page.end === 'done' ? page.offerId : undefined;
  const order = doneOffer ? await customerOrderOf(doneOffer) : null;
  if (doneOffer && order) {
    return (
      <OrderFrame lang={lang}>
        <OrderAfterDone order={order} offerId={doneOffer} lang={lang} leaseT={t} />
      </OrderFrame>
    );
  }
  if ('end' in page && page.end !== 'throttled') {
    return (
      <OrderFrame lang={lang}>
        <EndedLinkView end={page.end} offerId={page.offerId} lang={lang} />
      </OrderFrame>
    );
  }
  if ('end' in page) {
    return (
      <OrderFrame lang={lang}>
        <section aria-labelledby="end-title" className="space-y-3" data-testid="link-end" data-end={page.end}>
          <h1 id="end-title" className="text-2xl font-bold text-ink">
            {t(`endTitle_${page.end}`)}
          </h1>
          <p className="text-ink">{t(`endText_${page.end}`)}</p>
        </section>
      </OrderFrame>
    );
  }
  return (
    <OrderFrame lang={lang}>
      <OfferView view={page.view} token={token} lang={lang} t={t} />
    </OrderFrame>
  );
}

/** The status in the employee's words ("Bereit zum Bestellen", not the dealer's "Gültig (Entwurf)"). */
function customerStatus(status: CustomerOfferView['status'], lang: Lang, t: OrderTranslate): string {
  const own = ['draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'rejected'] as const;
  const key = own.find((s) => s === status);
  return key ? t(`customerStatus_${key}`) : statusLabel(status, lang);
}

function itemName(item: CustomerItem): string {
  return [item.brandName, item.modelName].filter(Boolean).join(' ') || item.category;
}

function OfferView({ view, token, lang, t }: { view: CustomerOfferView; token: string; lang: Lang; t: OrderTranslate }) {
  const employer = view.employer ?? t('employerUnknown');
  const dealer = view.dealer.name;
  const failed = view.checks.filter((c) => !c.passed);
  const notEmployee = failed.some((c) => c.rule === 'employee');
  const canStep = failed.length === 0 && (view.status === 'draft' || view.status === 'order_journey_started');
  const nextKey = (['draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'rejected'] as const).find((s) => s === view.status);
  const bike = view.bicycle;
  const details = [bike.modelYear ? t('modelYear', { year: bike.modelYear }) : null, bike.color ? t('color', { color: bike.color }) : null, bike.size ? t('size', { size: bike.size }) : null].filter(Boolean);

  return (
    <>
      <div className="space-y-2">
        <p className="text-sm text-ink-muted">{t('offerNumber', { number: view.offerNumber })}</p>
        <h1 className="break-words text-2xl font-bold text-ink">{itemName(bike)}</h1>
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={view.status === 'rejected' ? 'danger' : view.status === 'draft' ? 'neutral' : 'waiting'} data-testid="order-status">
            {customerStatus(view.status, lang, t)}
          </Badge>
        </p>
        <p className="text-ink">{t('hello', { name: view.customerName })}</p>
        <p className="text-ink">{t('intro', { dealer })}</p>
        {view.sandbox ? (
          <Notice tone="warning" role="note" data-testid="sandbox-mark">
            {t('sandbox')}
          </Notice>
        ) : null}
      </div>

      {view.leaseTerms ? (
        <Card aria-labelledby="lease-title" data-testid="order-lease">
          <CardHeader id="lease-title" title={t('leaseTitle')} />
          <LeaseTermsSummary terms={view.leaseTerms} audience="employee" lang={lang} t={t} employer={employer} />
        </Card>
      ) : null}

      {failed.length > 0 && (view.status === 'draft' || view.status === 'order_journey_started') ? (
        <Notice role="alert" data-testid="order-blocked" className="space-y-2 text-base">
          <h2 className="font-semibold">{t('blockedTitle')}</h2>
          <ul className="list-disc space-y-1 pl-5">
            {failed.map((c) => (
              <li key={c.text}>{c.text}</li>
            ))}
          </ul>
          <p>{notEmployee ? t('notEmployeeWhat', { dealer }) : t('blockedWhat', { dealer })}</p>
        </Notice>
      ) : null}

      <Card aria-labelledby="next-title" data-testid="order-next">
        <CardHeader id="next-title" title={t('nextTitle')} />
        <p className="text-ink">
          {!view.employer && (view.status === 'draft' || view.status === 'order_journey_started') ? t('next_noEmployer', { dealer }) : nextKey ? t(`next_${nextKey}`, { employer, dealer }) : t('next_other', { dealer })}
        </p>
        {view.declined.map((reason) => (
          <p key={reason} className="mt-2 font-medium text-ink">
            {t('declinedReason', { reason })}
          </p>
        ))}
        {canStep ? (
          <div className="mt-4 space-y-3">
            <p className="text-sm text-ink" data-testid="order-means">
              {t('orderMeans', { employer, operator: operatorDetails().name })}
            </p>
            <OrderStep
              token={token}
              lang={lang}
              action={view.status === 'draft' ? 'start_order' : 'submit_order'}
              texts={{
                label: view.status === 'draft' ? t('start') : t('submit'),
                hint: view.status === 'draft' ? t('startHint') : t('submitHint', { employer }),
                working: t('working'),
                failed: t('stepFailed'),
              }}
            />
          </div>
        ) : null}
      </Card>

      <Card aria-labelledby="bike-title">
        <CardHeader id="bike-title" title={t('bicycleTitle')} />
        <dl className="space-y-1 text-ink">
          <div>
            <dt className="sr-only">{t('bicycleTitle')}</dt>
            <dd className="break-words font-medium">{itemName(bike)}</dd>
          </div>
          <div>
            <dt className="sr-only">{t('category')}</dt>
            <dd className="text-sm text-ink-muted">{[bike.category, ...details].join(' · ')}</dd>
          </div>
        </dl>
        <h3 className="mt-4 text-sm font-semibold text-ink">{t('accessoriesTitle')}</h3>
        {view.accessories.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('noAccessories')}</p>
        ) : (
          <ul className="mt-1 divide-y divide-line">
            {view.accessories.map((a, i) => (
              <li key={i} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
                <span className="min-w-0 break-words">
                  {itemName(a)} <span className="text-ink-muted">· {a.category}</span>
                </span>
                <span className="shrink-0 tabular-nums">{formatMoney(a.priceGross, lang)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card aria-labelledby="prices-title">
        <CardHeader id="prices-title" title={t('pricesTitle')} />
        <dl className="divide-y divide-line text-sm">
          <Row label={t('bicyclePrice')} value={formatMoney(bike.priceGross, lang)} />
          {view.accessories.length > 0 ? <Row label={t('accessoriesTitle')} value={formatMoney(view.accessories.reduce((s, a) => s + (a.priceGross ?? 0), 0), lang)} /> : null}
          {view.shippingCostGross !== null ? <Row label={t('shipping')} value={formatMoney(view.shippingCostGross, lang)} /> : null}
          {view.installationCostGross !== null ? <Row label={t('installation')} value={formatMoney(view.installationCostGross, lang)} /> : null}
          <Row label={t('total')} value={formatMoney(view.totalPriceGross, lang)} strong testId="order-total" />
          <Row label={t('deliveryDate')} value={view.deliveryDate ? formatDate(view.deliveryDate, lang) : t('noDeliveryDate')} />
        </dl>
      </Card>

      <Card aria-labelledby="who-title">
        <CardHeader id="who-title" title={t('employerTitle')} />
        <p className="text-ink" data-testid="order-employer">
          {view.employer ? t('employerIntro', { employer: view.employer }) : t('employerUnknown')}
        </p>
        <h3 className="mt-4 text-sm font-semibold text-ink">{t('checksTitle')}</h3>
        <ul className="mt-1 space-y-1.5 text-sm" data-testid="order-checks">
          {view.checks.map((c) => (
            <li key={c.text} className="flex flex-wrap items-baseline gap-2">
              <Badge tone={c.passed ? 'success' : 'danger'}>{c.passed ? t('checkPassed') : t('checkFailed')}</Badge>
              <span className="min-w-0 break-words">{c.text}</span>
            </li>
          ))}
        </ul>
        <h3 className="mt-4 text-sm font-semibold text-ink">{t('dealerTitle')}</h3>
        <p className="text-sm text-ink">{dealer}</p>
        {view.dealer.address ? <p className="whitespace-pre-line text-sm text-ink-muted">{view.dealer.address}</p> : null}
      </Card>

      <p className="text-xs text-ink-muted">{t('linkExpires', { date: formatDateTime(view.linkExpiresAt, lang) })}</p>
    </>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1.5 ${strong ? 'text-base font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="shrink-0 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
