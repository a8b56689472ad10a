'use client';

import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useRef, useState, type FormEvent } from 'react';
import { canApply, HAPPY_PATH, updateRefusal, type OfferStatus } from '@/lib/offers/lifecycle';
import {
  advanceSandboxOffer,
  ApiRequestError,
  cancelOffer,
  getCategories,
  getOffer,
  getOfferHistory,
  type CancelReason,
  type HistoryEntry,
  type Offer,
} from '@/lib/portal/api';
import {
  actionLabel,
  actorTypeLabel,
  CANCEL_REASON_CODES,
  cancelReasonLabel,
  fieldLabel,
  formatDate,
  formatDateTime,
  formatMoney,
  formFieldName,
  statusLabel,
  type Lang,
  type Translate,
} from '@/lib/portal/i18n';
import { usePortal } from './providers';
import { OfferItemsTable } from '@/components/offer-items-table';
import { StatusBadge } from '@/components/status-badge';

const POLL_MS = 1000;

const button = 'rounded-md border px-3 py-2 text-sm font-semibold disabled:opacity-60';

export function OfferDetail({ id }: { id: string }) {
  const { t, lang, environment, dealerName } = usePortal();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['offer', environment, id],
    queryFn: ({ signal }) => getOffer(id, signal),
    // While the offer is being processed, ask again every second: the page follows by itself.
    refetchInterval: (q) => (q.state.data?.status.current.code === 'pending' ? POLL_MS : false),
  });

  if (query.isPending) {
    return (
      <p role="status" className="text-slate-700">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <p>{notFound ? t('notFound') : t('offerLoadError')}</p>
        {!notFound ? (
          <button type="button" onClick={() => void query.refetch()} className="mt-2 font-medium underline">
            {t('retry')}
          </button>
        ) : null}
        <Link href="/portal" className="ml-4 mt-2 inline-block font-medium underline">
          {t('backToList')}
        </Link>
      </div>
    );
  }

  const offer = query.data;
  const onChanged = (next: Offer) => {
    queryClient.setQueryData(['offer', environment, id], next);
    void queryClient.invalidateQueries({ queryKey: ['offers'] });
  };

  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link href="/portal" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline print:hidden">
            ← {t('backToList')}
          </Link>
          <p className="hidden text-sm print:block">
            {dealerName} · {t('printTitle')}
          </p>
          <h1 className="mt-1 text-2xl font-bold">{t('detailTitle', { number: offer.offerNumber })}</h1>
          <p className="text-sm text-slate-700">
            {offer.customerName} · {[offer.product.brandName, offer.product.modelName].filter(Boolean).join(' ')}
          </p>
        </div>
        <Actions offer={offer} onChanged={onChanged} />
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <StatusPanel offer={offer} />
          <OfferData offer={offer} />
        </div>
        <History offer={offer} />
      </div>
      <p className="hidden text-xs text-slate-600 print:block">{t('printedAt', { date: formatDateTime(new Date().toISOString(), lang) })}</p>
    </article>
  );
}

function StatusPanel({ offer }: { offer: Offer }) {
  const { t, lang } = usePortal();
  const { status } = offer;
  const code = status.current.code;
  const editable = updateRefusal(code) === null;
  const text = (m: { message: string; translations: Record<Lang, string> }) => m.translations[lang] ?? m.message;
  return (
    <section aria-labelledby="status-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="status-heading" className="text-lg font-semibold">
        {t('statusPanel')}
      </h2>
      <div aria-live="polite" className="mt-2 flex flex-wrap items-center gap-3" data-testid="status-current">
        <StatusBadge status={code} lang={lang} />
        <p className="text-sm text-slate-800">{text(status.current)}</p>
      </div>
      {code === 'pending' ? (
        <p role="status" className="mt-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 print:hidden">
          <span aria-hidden="true" className="size-3 animate-spin rounded-full border-2 border-amber-600 border-t-transparent" />
          {t('processing')}
        </p>
      ) : null}

      {status.errors.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-red-900">{t('errorsToFix')}</h3>
          <ul className="mt-1 space-y-2">
            {status.errors.map((e, i) => (
              <li key={i} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                <p>{text(e)}</p>
                {e.field && editable ? (
                  <Link
                    href={`/portal/offers/${offer.id}/edit?focus=${encodeURIComponent(formFieldName(e.field))}`}
                    className="mt-1 inline-block font-semibold underline underline-offset-2 print:hidden"
                  >
                    {t('fixField', { field: fieldLabel(e.field, lang) })}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {status.infos.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-800">{t('infos')}</h3>
          <ul className="mt-1 space-y-1">
            {status.infos.map((e, i) => (
              <li key={i} className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950">
                {text(e)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-4 print:hidden">
        <h3 className="text-sm font-semibold text-slate-800">{t('whatNext')}</h3>
        {status.nextSteps.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t('noNextSteps')}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {status.nextSteps.map((s) => (
              <li key={s.code} className="flex flex-wrap items-baseline gap-2">
                <span className="font-medium">→ {statusLabel(s.code, lang)}:</span>
                <span className="text-slate-700">{text(s)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Actions({ offer, onChanged }: { offer: Offer; onChanged: (o: Offer) => void }) {
  const { t, environment } = usePortal();
  const code = offer.status.current.code;
  const refusal = updateRefusal(code);
  const cancelable = canApply(code, 'cancel');
  return (
    <section aria-label={t('actions')} className="flex max-w-md flex-col items-end gap-2 print:hidden">
      <div className="flex flex-wrap justify-end gap-2">
        {refusal === null ? (
          <Link href={`/portal/offers/${offer.id}/edit`} className={`${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-900`}>
            {t('edit')}
          </Link>
        ) : null}
        {cancelable ? <CancelDialog offer={offer} onChanged={onChanged} /> : null}
        <button type="button" onClick={() => window.print()} className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
          {t('print')}
        </button>
      </div>
      {refusal !== null ? (
        <p className="text-right text-sm text-slate-700">{refusal === 'OFFER_IS_BEING_PROCESSED' ? t('editNotAllowedPending') : t('editNotAllowed')}</p>
      ) : null}
      {!cancelable ? <p className="text-right text-sm text-slate-700">{t('cancelNotAllowed')}</p> : null}
      {environment === 'sandbox' ? <SandboxStep offer={offer} onChanged={onChanged} /> : null}
    </section>
  );
}

function CancelDialog({ offer, onChanged }: { offer: Offer; onChanged: (o: Offer) => void }) {
  const { t, lang } = usePortal();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [contact, setContact] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason) {
      setError(t('chooseReason'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const next = await cancelOffer(offer.id, reason, contact);
      dialogRef.current?.close();
      onChanged(next);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.errors.map((x) => x.translations?.[lang] ?? x.message).join(' ') : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError(null);
          dialogRef.current?.showModal();
        }}
        className={`${button} border-red-700 bg-white text-red-800 hover:bg-red-50`}
      >
        {t('cancelOffer')}
      </button>
      <dialog ref={dialogRef} aria-labelledby={`${ids}-title`} className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50">
        <form onSubmit={submit} className="space-y-4 p-5">
          <h2 id={`${ids}-title`} className="text-lg font-semibold">
            {t('cancelDialogTitle')}
          </h2>
          <p className="text-sm text-slate-700">{t('cancelDialogText')}</p>
          <div>
            <label htmlFor={`${ids}-reason`} className="block text-sm font-medium text-slate-800">
              {t('cancelReasonLabel')} <span aria-hidden="true">*</span>
            </label>
            <select
              id={`${ids}-reason`}
              value={reason}
              aria-required="true"
              aria-invalid={error && !reason ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
              onChange={(e) => setReason(e.target.value as CancelReason | '')}
              className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">—</option>
              {CANCEL_REASON_CODES.map((r) => (
                <option key={r} value={r}>
                  {cancelReasonLabel(r, lang)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-2">
            <input id={`${ids}-contact`} type="checkbox" className="size-4" checked={contact} onChange={(e) => setContact(e.target.checked)} />
            <label htmlFor={`${ids}-contact`} className="text-sm text-slate-800">
              {t('contactFromEmployee')}
            </label>
          </div>
          {error ? (
            <p id={`${ids}-error`} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => dialogRef.current?.close()} className={`${button} border-slate-300 bg-white text-slate-800`}>
              {t('keepOffer')}
            </button>
            <button type="submit" disabled={busy} className={`${button} border-red-800 bg-red-800 text-white hover:bg-red-900`}>
              {busy ? t('canceling') : t('confirmCancel')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** Sandbox only: take the next lifecycle step (or a chosen one), as the operator console would. */
function SandboxStep({ offer, onChanged }: { offer: Offer; onChanged: (o: Offer) => void }) {
  const { t, lang } = usePortal();
  const ids = useId();
  const code = offer.status.current.code;
  // A pending offer is simply processed on the spot; later statuses may branch (approve or decline).
  const targets: OfferStatus[] =
    code === 'pending' ? [] : offer.status.nextSteps.map((s) => s.code).filter((s) => s !== 'canceled' && s !== 'pending');
  const [to, setTo] = useState<OfferStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!(code in HAPPY_PATH) && code !== 'pending' && targets.length === 0) return null;
  const target = to && targets.includes(to) ? to : '';

  async function step() {
    setBusy(true);
    setError(null);
    try {
      onChanged(await advanceSandboxOffer(offer.id, target || undefined));
      setTo('');
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.errors.map((x) => x.translations?.[lang] ?? x.message).join(' ') : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-1 w-full rounded-md border border-dashed border-amber-400 bg-amber-50 p-3 text-sm">
      <p className="text-amber-950">{t('sandboxStepHint')}</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {targets.length > 1 ? (
          <div>
            <label htmlFor={`${ids}-to`} className="block text-xs font-medium text-amber-950">
              {t('stepTarget')}
            </label>
            <select
              id={`${ids}-to`}
              value={target}
              onChange={(e) => setTo(e.target.value as OfferStatus | '')}
              className="rounded-md border border-amber-500 bg-white px-2 py-1"
            >
              <option value="">{t('stepHappyPath')}</option>
              {targets.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s, lang)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="button" onClick={step} disabled={busy} className={`${button} border-amber-600 bg-white text-amber-950 hover:bg-amber-100`}>
          {busy ? t('stepping') : t('sandboxStep')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-red-900">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function OfferData({ offer }: { offer: Offer }) {
  const { t, lang } = usePortal();
  const categories = useQuery({ queryKey: ['categories', lang, ''], queryFn: () => getCategories(lang), staleTime: 5 * 60_000 });
  const nameOf = (code: string, kind: 'bicycles' | 'accessories') => {
    const entry = categories.data?.data[kind].find((e) => e.bidexCode === code);
    return entry ? `${entry.name} (${code})` : code;
  };
  const row = (label: string, value: string | undefined) => (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium">{value || t('none')}</dd>
    </div>
  );
  const p = offer.product;
  return (
    <section aria-labelledby="data-heading" className="rounded-lg border border-slate-200 bg-white p-4">
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
        {row(t('withShipping'), offer.withShipping ? t('yes') : t('no'))}
        {offer.status.current.code === 'canceled' ? (
          <>
            {row(t('cancelReason'), offer.cancelReason ? cancelReasonLabel(offer.cancelReason, lang) : undefined)}
            {row(t('contactRequested'), offer.contactFromEmployeeRequested ? t('yes') : t('no'))}
          </>
        ) : null}
      </dl>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
        {row(t('modelYear'), p.modelYear)}
        {row(t('color'), p.color)}
        {row(t('size'), p.size)}
        {row(t('driveManufacturer'), p.driveManufacturer)}
        {row(t('batteryCapacity'), p.batteryCapacity)}
      </dl>
      {offer.notes ? (
        <div className="mt-3 text-sm">
          <p className="text-slate-600">{t('notes')}</p>
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

function changeValue(field: string, value: unknown, t: Translate, lang: Lang): string {
  if (value === undefined || value === null || value === '') return t('none');
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (field === 'cancelReason' && typeof value === 'string') return cancelReasonLabel(value, lang);
  if (/(priceGross|CostGross)$/.test(field) && typeof value === 'number') return formatMoney(value, lang);
  if (field === 'deliveryDate' && typeof value === 'string') return formatDate(value, lang);
  if (Array.isArray(value)) {
    return (
      value
        .map((v) => (v && typeof v === 'object' ? [(v as { bidexCode?: string }).bidexCode, (v as { brandName?: string }).brandName].filter(Boolean).join(' ') : String(v)))
        .join(', ') || t('none')
    );
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function History({ offer }: { offer: Offer }) {
  const { t, lang, environment } = usePortal();
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
  return (
    <section aria-labelledby="history-heading" className="rounded-lg border border-slate-200 bg-white p-4 print:hidden">
      <h2 id="history-heading" className="text-lg font-semibold">
        {t('history')}
      </h2>
      {history.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {t('loading')}
        </p>
      ) : history.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-900">
          {history.error.message}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('historyEmpty')}</p>
      ) : (
        <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-4" data-testid="history">
          {entries.map((h) => (
            <li key={h.id} className="relative">
              <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 size-3 rounded-full border-2 border-white bg-brand-600" />
              <p className="text-sm font-semibold text-slate-900">{actionLabel(h.action, lang)}</p>
              <p className="text-xs text-slate-600">
                <time dateTime={h.occurredAt}>{formatDateTime(h.occurredAt, lang)}</time> ·{' '}
                {t('by', { who: h.actor.name ?? h.actor.id ?? actorTypeLabel(h.actor.type, lang) })} ({actorTypeLabel(h.actor.type, lang)})
              </p>
              {h.fromStatus || h.toStatus ? (
                <p className="mt-1 flex flex-wrap items-center gap-1 text-xs">
                  {h.fromStatus ? <StatusBadge status={h.fromStatus} lang={lang} /> : null}
                  {h.fromStatus && h.toStatus ? <span>→</span> : null}
                  {h.toStatus ? <StatusBadge status={h.toStatus} lang={lang} /> : null}
                </p>
              ) : null}
              {h.changes.length > 0 ? (
                <ul className="mt-1 space-y-0.5 text-xs text-slate-800" aria-label={t('changedFields')}>
                  {h.changes.map((c, i) => (
                    <li key={i}>
                      <span className="font-medium">{fieldLabel(c.field, lang)}:</span>{' '}
                      {'old' in c || h.action === 'updated' ? (
                        <>
                          <del className="text-slate-600">{changeValue(c.field, c.old, t, lang)}</del> →{' '}
                        </>
                      ) : null}
                      <ins className="no-underline">{changeValue(c.field, c.new, t, lang)}</ins>
                    </li>
                  ))}
                </ul>
              ) : null}
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
