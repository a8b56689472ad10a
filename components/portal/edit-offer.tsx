'use client';

import Link from 'next/link';
import { updateRefusal } from '@/lib/offers/rules/lifecycle';
import { OfferBuilder } from './offer-builder';
import { OfferUnavailable, useOffer } from './offer-query';
import { usePortal } from './providers';
import { Notice } from '@/components/ui/notice';

/** The edit form of an offer, once loaded; says why not when the lifecycle forbids editing. */
export function EditOffer({ id, focus }: { id: string; focus?: string }) {
  const { t } = usePortal();
  const query = useOffer(id);
  if (!query.isSuccess) return <OfferUnavailable query={query} back={{ href: '/portal', label: t('backToList') }} />;
  const offer = query.data;
  const refusal = updateRefusal(offer.status.current.code);
  if (refusal) {
    return (
      <Notice tone="warning" size="card">
        <h1 className="text-xl font-bold">{t('builderEditTitle', { number: offer.offerNumber })}</h1>
        <p className="mt-2">{refusal === 'OFFER_IS_BEING_PROCESSED' ? t('editNotAllowedPending') : t('editNotAllowed')}</p>
        <Link href={`/portal/offers/${offer.id}`} className="mt-2 inline-block font-medium underline">
          {t('detailTitle', { number: offer.offerNumber })}
        </Link>
      </Notice>
    );
  }
  // Keyed by the offer's version: a newer offer (after a resubmission) starts a fresh form.
  return <OfferBuilder key={offer.updatedAt} offer={offer} focus={focus} />;
}
