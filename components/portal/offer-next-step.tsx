'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { formatDateTime } from '@/lib/i18n/words';
import type { Offer } from '@/lib/portal/browser/api';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { nextStepOf, type NextStep } from '@/lib/portal/next-step';
import { buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { isDeclinedOffer } from './offer-status-panel';
import { usePortal } from './providers';
import { SendToCustomer } from './send-to-customer';

// The offer page's one next step (lib/portal/next-step.ts), in one place: what happens now, who
// acts, and the action that stands first (sending the link while it is the next step, else a
// resend, secondary). The other actions are the header's group, all secondary.

type LinkState = { sentTo: string | null; sentAt: string; expiresAt: string; working: boolean } | null;

/** The newest link sent for the offer (GET /api/portal/offers/{id}/customer-link); asked only while the dealer may send one. */
export function useLinkState(offer: Offer) {
  const { environment, words } = usePortal();
  const asked = offer.status.current.code === 'draft' && !!offer.leaseTerms;
  return useQuery({
    queryKey: ['customer-link', environment, offer.id, offer.updatedAt],
    queryFn: async () => {
      const answer = await portalCall<LinkState>('GET', `/api/portal/offers/${offer.id}/customer-link`, words);
      if (!answer.ok) throw new Error(answer.message);
      return answer.data;
    },
    enabled: asked,
  });
}

/** The offer's next step, as the page and its actions both read it. */
export function useNextStep(offer: Offer): { step: NextStep; link: LinkState | undefined } {
  const link = useLinkState(offer);
  const state = link.isError ? null : link.data;
  return {
    link: state,
    step: nextStepOf({ status: offer.status.current.code, declined: isDeclinedOffer(offer), hasEmployer: !!offer.leaseTerms || !!offer.personalData, link: state }),
  };
}

export function OfferNextStep({ offer }: { offer: Offer }) {
  const { t, lang, environment } = usePortal();
  const { step, link } = useNextStep(offer);
  const code = offer.status.current.code;
  const mayResend = (code === 'draft' || code === 'order_journey_started') && step.kind !== 'unknown';
  const date = link ? formatDateTime(link.sentAt, lang) : '';
  const text =
    step.kind === 'unknown'
      ? t('loading')
      : step.kind === 'sent'
        ? t(environment === 'sandbox' ? 'nextStep_sentSandbox' : 'nextStep_sent', { date, email: link?.sentTo ?? offer.customerEmail })
        : step.kind === 'resend'
          ? t('nextStep_resend', { date })
          : step.kind === 'fix'
            ? t('nextStep_rejected')
            : t(`nextStep_${step.kind}`);
  return (
    <Notice tone={step.kind === 'noEmployer' ? 'warning' : 'neutral'} size="card" className="space-y-2 print:hidden" data-testid="offer-next-step" data-kind={step.kind}>
      <h2 className="text-base font-semibold text-ink">{t('whatNext')}</h2>
      {step.kind === 'noEmployer' ? (
        <div className="space-y-1" data-testid="no-employer-notice">
          <p className="font-semibold">{t('leaseNoEmployer')}</p>
          <p>{t('leaseNoEmployerWhat', { email: offer.customerEmail })}</p>
        </div>
      ) : null}
      <p className="text-sm text-ink" data-testid="next-step" aria-live="polite">
        {text}
      </p>
      {/* Sending stays here (a resend after it, secondary), so what was just sent stays in view. */}
      {mayResend ? (
        <SendToCustomer offerId={offer.id} variant={step.primary === 'send' ? 'primary' : 'secondary'} />
      ) : step.primary === 'edit' ? (
        <Link href={`/portal/offers/${offer.id}/edit`} className={buttonVariants({ variant: 'primary' })}>
          {t('edit')}
        </Link>
      ) : step.primary === 'copy' ? (
        <Link href={`/portal/offers/new?from=${offer.id}`} className={buttonVariants({ variant: 'primary' })} data-testid="copy-offer">
          {t('newOfferFromDeclined')}
        </Link>
      ) : null}
    </Notice>
  );
}
