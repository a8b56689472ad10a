'use client';

import { apiErrorText } from '@/lib/api-client/browser/call';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { Fragment } from 'react';
import { getCategories, getOfferHistory, type HistoryEntry, type Offer } from '@/lib/portal/browser/api';
import { formatDate, formatDateTime } from '@/lib/i18n/words';
import type { Environment } from '@/lib/shared/model';
import { OfferLiveStatus } from './offer-live-status';
import { OrderPanel } from './order-panel';
import { StatusPanel } from './offer-status-panel';
import { OfferUnavailable, offerQueryKey, useOffer } from './offer-query';
import { usePortal } from './providers';
import { HistoryChanges } from '@/components/history-changes';
import { OfferLease } from './offer-lease';
import { OfferActions } from './offer-actions';
import { OfferNextStep } from './offer-next-step';
import { OfferItemsTable } from '@/components/offer-items-table';
import { StatusBadge } from '@/components/status-badge';
import { Notice } from '@/components/ui/notice';

const POLL_MS = 1000;

export function OfferDetail({ id, elsewhere }: { id: string; elsewhere?: Environment }) {
  const { t, lang, environment, dealerName } = usePortal();
  const queryClient = useQueryClient();
  // While the offer is being processed, ask again every second: the page follows by itself.
  const query = useOffer(id, (offer) => (offer?.status.current.code === 'pending' ? POLL_MS : false));
  if (!query.isSuccess) return <OfferUnavailable query={query} back={{ href: '/portal', label: t('backToList') }} retry elsewhere={elsewhere} />;

  const offer = query.data;
  const onChanged = (next: Offer) => {
    queryClient.setQueryData(offerQueryKey(environment, id), next);
    void queryClient.invalidateQueries({ queryKey: ['offers'] });
  };

  return (
    <article className="space-y-6">
      <OfferLiveStatus id={offer.id} version={offer.updatedAt} />
      {/* The next step stands first: on a phone under the title, above the other actions; on a wide screen under both. */}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="order-1">
          <Link href="/portal" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline print:hidden">
            ← {t('backToList')}
          </Link>
          <p className="hidden text-sm print:block">
            {dealerName} · {t('printTitle')}
          </p>
          <h1 className="mt-1 text-2xl font-bold">{t('detailTitle', { number: offer.offerNumber })}</h1>
          <p className="text-sm text-ink-muted">
            {offer.customerName} · {[offer.product.brandName, offer.product.modelName].filter(Boolean).join(' ')}
          </p>
        </div>
        <div className="order-3 w-full sm:order-2 sm:w-auto">
          <OfferActions offer={offer} onChanged={onChanged} />
        </div>
        <div className="order-2 w-full basis-full sm:order-3">
          <OfferNextStep offer={offer} />
        </div>
      </div>
      {offer.personalData ? (
        <Notice tone="neutral" data-testid="personal-data-notice">
          {offer.personalData.state === 'restricted'
            ? t('personalDataRestricted', { date: formatDate(offer.personalData.since, lang), until: formatDate(offer.personalData.retainedUntil ?? '', lang) })
            : t('personalDataAnonymised', { date: formatDate(offer.personalData.since, lang) })}
        </Notice>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <StatusPanel offer={offer} />
          <OrderPanel offer={offer} />
          <OfferLease offer={offer} />
          <OfferData offer={offer} />
        </div>
        <History offer={offer} />
      </div>
      <p className="hidden text-xs text-ink-muted print:block">{t('printedAt', { date: formatDateTime(new Date().toISOString(), lang) })}</p>
    </article>
  );
}

function OfferData({ offer }: { offer: Offer }) {
  const { t, lang, words } = usePortal();
  const categories = useQuery({ queryKey: ['categories', lang, ''], queryFn: () => getCategories(lang), staleTime: 5 * 60_000 });
  const nameOf = (code: string, kind: 'bicycles' | 'accessories') => {
    const entry = categories.data?.data[kind].find((e) => e.bidexCode === code);
    return entry ? `${entry.name} (${code})` : code;
  };
  // A row only for data the offer has: no rows of dashes.
  const row = (label: string, value: string | undefined) =>
    value ? (
      <div className="min-w-0">
        <dt className="text-ink-muted">{label}</dt>
        <dd className="break-words font-medium">{value}</dd>
      </div>
    ) : null;
  const p = offer.product;
  // The bicycle's optional details: only those given (no rows of dashes).
  const details = (
    [
      [t('modelYear'), p.modelYear],
      [t('color'), p.color],
      [t('size'), p.size],
      [t('driveManufacturer'), p.driveManufacturer],
      [t('batteryCapacity'), p.batteryCapacity],
    ] as const
  ).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== '');
  return (
    <section aria-labelledby="data-heading" className="min-w-0 rounded-card border border-line bg-surface p-4">
      <h2 id="data-heading" className="text-lg font-semibold">
        {t('offerData')}
      </h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        {row(t('externalId'), offer.externalOfferId)}
        {row(t('customerName'), offer.customerName)}
        {row(t('customerEmail'), offer.customerEmail)}
        {row(t('environmentLabel'), offer.environment === 'production' ? t('production') : t('sandbox'))}
        {row(t('created'), formatDateTime(offer.createdAt, lang))}
        {row(t('updatedAt'), formatDateTime(offer.updatedAt, lang))}
        {row(t('deliveryDate'), offer.deliveryDate ? formatDate(offer.deliveryDate, lang) : undefined)}
        {row(t('handover'), offer.withShipping ? t('handoverShipped') : t('handoverCollected'))}
        {offer.status.current.code === 'canceled' ? (
          <>
            {row(t('cancelReason'), offer.cancelReason ? words.cancelReasonLabel(offer.cancelReason) : undefined)}
            {row(t('cancelNote'), offer.cancelNote)}
            {row(t('contactRequested'), offer.contactFromEmployeeRequested ? t('yes') : t('no'))}
          </>
        ) : null}
      </dl>
      {details.length ? (
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
          {details.map(([label, v]) => (
            <Fragment key={label}>{row(label, String(v))}</Fragment>
          ))}
        </dl>
      ) : null}
      {offer.notes ? (
        <div className="mt-3 text-sm">
          <p className="text-ink-muted">{t('notes')}</p>
          <p className="whitespace-pre-wrap">{offer.notes}</p>
        </div>
      ) : null}

      <OfferItemsTable
        offer={offer}
        lang={lang}
        text={{
          caption: t('accessoryTable'),
          category: t('category'),
          product: t('product'),
          price: t('priceGross'),
          listPrice: t('listPriceGross'),
          bicycle: t('bicycle'),
          accessoryN: (n) => t('accessoryN', { n }),
          shipping: t('shipping'),
          installation: t('installation'),
          total: t('total'),
          none: t('none'),
        }}
        category={(code, kind) => nameOf(code, kind === 'bicycle' ? 'bicycles' : 'accessories')}
      />
    </section>
  );
}

function History({ offer }: { offer: Offer }) {
  const { t, lang, environment, words } = usePortal();
  // Keyed by the offer's version, so a status change brings its history entry along.
  const version = `${offer.updatedAt}|${offer.statusChangedAt}|${offer.status.current.code}`;
  const history = useInfiniteQuery({
    queryKey: ['history', environment, offer.id, version],
    queryFn: ({ pageParam }) => getOfferHistory(offer.id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.meta.nextPage ?? undefined,
    placeholderData: keepPreviousData,
  });
  const entries: HistoryEntry[] = history.data?.pages.flatMap((p) => p.data) ?? [];
  const categories = useQuery({ queryKey: ['categories', lang, ''], queryFn: () => getCategories(lang), staleTime: 5 * 60_000 });
  const category = (code: string) => {
    const tree = categories.data?.data;
    return (tree?.bicycles.find((e) => e.bidexCode === code) ?? tree?.accessories.find((e) => e.bidexCode === code))?.name;
  };
  return (
    <section aria-labelledby="history-heading" className="rounded-card border border-line bg-surface p-4 print:hidden">
      <h2 id="history-heading" className="text-lg font-semibold">
        {t('history')}
      </h2>
      {history.isPending ? (
        <p role="status" className="mt-2 text-sm text-ink-muted">
          {t('loading')}
        </p>
      ) : history.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger-700">
          {apiErrorText(history.error, words)}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('historyEmpty')}</p>
      ) : (
        <ol className="mt-3 space-y-4 border-l-2 border-line pl-4" data-testid="history">
          {entries.map((h) => (
            <li key={h.id} className="relative">
              <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 size-3 rounded-pill border-2 border-surface bg-brand-600" />
              <p className="text-sm font-semibold text-ink">{words.actionLabel(h.action)}</p>
              <p className="text-xs text-ink-muted">
                <time dateTime={h.occurredAt}>{formatDateTime(h.occurredAt, lang)}</time> ·{' '}
                {t('by', { who: words.actorName(h.actor) })} ({words.actorTypeLabel(h.actor.type)})
              </p>
              {h.fromStatus || h.toStatus ? (
                <p className="mt-1 flex flex-wrap items-center gap-1 text-xs">
                  {h.fromStatus ? <StatusBadge status={h.fromStatus} words={words} /> : null}
                  {h.fromStatus && h.toStatus ? <span>→</span> : null}
                  {h.toStatus ? <StatusBadge status={h.toStatus} words={words} /> : null}
                </p>
              ) : null}
              <HistoryChanges action={h.action} changes={h.changes} context={{ words, category }} />
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage ? (
        <button
          type="button"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          className="mt-3 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {t('loadMore')}
        </button>
      ) : null}
    </section>
  );
}
