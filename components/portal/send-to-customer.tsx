'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/i18n/words';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { usePortal } from './providers';

// "Send to customer": Spoke mails the offer's customer a new link to the offer's page, where they
// order (an older link stops working). Offered in draft and order_journey_started; the server
// decides again.

export function SendToCustomer({ offerId }: { offerId: string }) {
  const { t, lang, environment } = usePortal();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ sentTo: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setBusy(true);
    setError(null);
    setSent(null);
    const answer = await portalCall<{ sentTo: string; expiresAt: string }>('POST', `/api/portal/offers/${offerId}/customer-link`, lang);
    setBusy(false);
    if (!answer.ok) return setError(t('sendToCustomerFailed', { message: answer.message }));
    setSent(answer.data);
    // The send is in the offer's history.
    void queryClient.invalidateQueries({ queryKey: ['history', environment, offerId] });
  }

  return (
    <div className="flex w-full flex-col items-end gap-2">
      <Button variant="primary" onClick={() => void send()} disabled={busy} aria-describedby={`${offerId}-send-hint`} data-testid="send-to-customer">
        {busy ? t('sendingToCustomer') : t('sendToCustomer')}
      </Button>
      <p id={`${offerId}-send-hint`} className="text-right text-sm text-ink-muted">
        {t('sendToCustomerHint')}
      </p>
      <div aria-live="polite" className="w-full text-right">
        {sent ? (
          <Notice tone="neutral" role="status" data-testid="customer-link-sent" className="text-left">
            {t('customerLinkSent', { email: sent.sentTo, date: formatDateTime(sent.expiresAt, lang) })}
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
