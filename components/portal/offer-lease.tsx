'use client';

import { LeaseTermsSummary } from '@/components/lease-terms-summary';
import { Notice } from '@/components/ui/notice';
import type { Offer } from '@/lib/portal/browser/api';
import type { OfferStatus } from '@/lib/shared/model';
import { usePortal } from './providers';

// The offer's lease terms on the dealer's offer page (docs/contract.md, "Lease terms"), and — before
// anything is sent — the warning that its customer is registered with no employer and so cannot
// order yet (an offer answered without leaseTerms).

/** The statuses before the order, in which the dealer still sends or corrects the offer. */
const BEFORE_ORDER: readonly OfferStatus[] = ['pending', 'draft', 'order_journey_started', 'rejected'];

export function NoEmployerNotice({ offer }: { offer: Offer }) {
  const { t } = usePortal();
  if (offer.leaseTerms || offer.personalData || !BEFORE_ORDER.includes(offer.status.current.code as OfferStatus)) return null;
  return (
    <Notice tone="warning" role="note" data-testid="no-employer-notice" className="space-y-1">
      <p className="font-semibold">{t('leaseNoEmployer')}</p>
      <p>{t('leaseNoEmployerWhat', { email: offer.customerEmail })}</p>
    </Notice>
  );
}

export function OfferLease({ offer }: { offer: Offer }) {
  const { t, lang } = usePortal();
  if (!offer.leaseTerms) return null;
  return (
    <section aria-labelledby="lease-heading" className="rounded-card border border-line bg-surface p-4" data-testid="offer-lease">
      <h2 id="lease-heading" className="mb-2 text-lg font-semibold">
        {t('leaseTitle')}
      </h2>
      <LeaseTermsSummary terms={offer.leaseTerms} audience="dealer" lang={lang} t={t} />
    </section>
  );
}

/** The builder's warning, once the catalogue said the typed address is no registered employee's. */
export function NoEmployerHint({ email }: { email: string }) {
  const { t } = usePortal();
  return (
    <Notice tone="warning" role="status" className="mt-3 space-y-1" data-testid="no-employer-hint">
      <p className="font-semibold">{t('leaseNoEmployer')}</p>
      <p>{t('leaseNoEmployerWhat', { email })}</p>
    </Notice>
  );
}
