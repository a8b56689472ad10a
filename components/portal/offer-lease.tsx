'use client';

import { LeaseTermsSummary } from '@/components/lease-terms-summary';
import { Notice } from '@/components/ui/notice';
import type { Offer } from '@/lib/portal/browser/api';
import { usePortal } from './providers';

// The offer's lease terms on the dealer's offer page (docs/contract.md, "Lease terms"), and the builder's
// warning that the typed customer is registered with no employer and so cannot order yet (the
// offer page says so as its next step, offer-next-step.tsx).

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
