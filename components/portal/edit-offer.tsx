'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { updateRefusal } from '@/lib/offers/lifecycle';
import { ApiRequestError, getOffer } from '@/lib/portal/api';
import { OfferBuilder } from './offer-builder';
import { usePortal } from './providers';

/** The edit form of an offer, once loaded; says why not when the lifecycle forbids editing. */
export function EditOffer({ id, focus }: { id: string; focus?: string }) {
  const { t, environment } = usePortal();
  const query = useQuery({ queryKey: ['offer', environment, id], queryFn: ({ signal }) => getOffer(id, signal) });
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
        <Link href="/portal" className="mt-2 inline-block font-medium underline">
          {t('backToList')}
        </Link>
      </div>
    );
  }
  const offer = query.data;
  const refusal = updateRefusal(offer.status.current.code);
  if (refusal) {
    return (
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
        <h1 className="text-xl font-bold">{t('builderEditTitle', { number: offer.offerNumber })}</h1>
        <p className="mt-2">{refusal === 'OFFER_IS_BEING_PROCESSED' ? t('editNotAllowedPending') : t('editNotAllowed')}</p>
        <Link href={`/portal/offers/${offer.id}`} className="mt-2 inline-block font-medium underline">
          {t('detailTitle', { number: offer.offerNumber })}
        </Link>
      </div>
    );
  }
  // Keyed by the offer's version: a newer offer (after a resubmission) starts a fresh form.
  return <OfferBuilder key={offer.updatedAt} offer={offer} focus={focus} />;
}
