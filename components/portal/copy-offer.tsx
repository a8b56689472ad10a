'use client';

import { copyOfOffer } from '@/lib/portal/browser/offer-form';
import { OfferBuilder } from './offer-builder';
import { OfferUnavailable, useOffer } from './offer-query';
import { usePortal } from './providers';

/** A new offer prefilled from an existing one (same bicycle and accessories, a new customer). */
export function CopyOffer({ id }: { id: string }) {
  const { t, lang } = usePortal();
  const query = useOffer(id);
  if (!query.isSuccess) return <OfferUnavailable query={query} back={{ href: '/portal/offers/new', label: t('builderNewTitle') }} />;
  return <OfferBuilder key={id} copy={copyOfOffer(query.data, lang)} copiedFrom={query.data.offerNumber} />;
}
