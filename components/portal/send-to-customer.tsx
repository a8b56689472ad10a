'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/i18n/words';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { usePortal } from './providers';

// "Send to customer": Spoke mails the offer's customer a new link to the offer's page, where they
// order (an older link stops working); the portal says to whom and when, never the link. A sandbox
// offer's link is mailed to nobody and shown here, so the dealer walks the customer's pages.
// Offered in draft and order_journey_started: first (primary) where sending is the next step,
// among the other actions where it is a resend; the server decides again.

type Sent = { mailed: boolean; sentTo: string; sentAt: string; expiresAt: string; url?: string };

export function SendToCustomer({ offerId, variant = 'primary' }: { offerId: string; variant?: 'primary' | 'secondary' }) {
  const { t, lang, environment, words } = usePortal();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setBusy(true);
    setError(null);
    setSent(null);
    const answer = await portalCall<Sent>('POST', `/api/portal/offers/${offerId}/customer-link`, words);
    setBusy(false);
    if (!answer.ok) return setError(t('sendToCustomerFailed', { message: answer.message }));
    setSent(answer.data);
    // The send is in the offer's history, and changes its next step.
    void queryClient.invalidateQueries({ queryKey: ['history', environment, offerId] });
    void queryClient.invalidateQueries({ queryKey: ['customer-link', environment, offerId] });
  }

  return (
    <div className="flex w-full flex-col items-start gap-2">
      <Button variant={variant} onClick={() => void send()} disabled={busy} aria-describedby={`${offerId}-send-hint`} data-testid="send-to-customer">
        {busy ? t('sendingToCustomer') : t('sendToCustomer')}
      </Button>
      <p id={`${offerId}-send-hint`} className="text-sm text-ink-muted">
        {environment === 'sandbox' ? t('sendToCustomerHintSandbox') : t('sendToCustomerHint')}
      </p>
      <div aria-live="polite" className="w-full">
        {sent && sent.url ? (
          <Notice tone="neutral" role="status" data-testid="customer-link-sent" className="text-left">
            <p>{t('sandboxLinkSent', { date: formatDateTime(sent.expiresAt, lang) })}</p>
            <p className="mt-1 break-all">
              <a href={sent.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline underline-offset-2" data-testid="sandbox-customer-link">
                {sent.url}
              </a>
            </p>
          </Notice>
        ) : sent ? (
          <Notice tone="neutral" role="status" data-testid="customer-link-sent" className="text-left">
            {t('customerLinkSent', { sentAt: formatDateTime(sent.sentAt, lang), email: sent.sentTo, date: formatDateTime(sent.expiresAt, lang) })}
          </Notice>
        ) : null}
      </div>
      {error ? (
        <Notice role="alert" className="w-full text-left">
          {error}
        </Notice>
      ) : null}
    </div>
  );
}
