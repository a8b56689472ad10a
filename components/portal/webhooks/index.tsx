'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listWebhooks } from '@/lib/portal/browser/api';
import { usePortal } from '../providers';
import { useErrorText, type Revealed } from './shared';
import { RegisterForm } from './register-form';
import { SecretReveal } from './secret-reveal';
import { EndpointCard } from './endpoint-card';
import { Notice } from '@/components/ui/notice';

// The dealer's webhook endpoints in the current environment: register (the secret is shown once),
// pause and activate, rotate the secret, delete, and each endpoint's recent deliveries with re-send.
// Everything through /v1/webhooks with the session, like a partner system would.

export function Webhooks() {
  const { t, environment } = usePortal();
  const errorText = useErrorText();
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const endpoints = useQuery({ queryKey: ['webhooks', environment], queryFn: ({ signal }) => listWebhooks(signal) });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('webhooksTitle')}</h1>
        <p className="max-w-3xl text-sm text-ink-muted">{t('webhooksIntro')}</p>
      </div>

      {revealed ? <SecretReveal key={revealed.secret} revealed={revealed} onDone={() => setRevealed(null)} /> : null}

      <RegisterForm onRegistered={setRevealed} />

      <section aria-labelledby="webhooks-list-title" className="space-y-4">
        <h2 id="webhooks-list-title" className="text-lg font-semibold">
          {t('webhooksList')}
        </h2>
        {endpoints.isPending ? (
          <p role="status" className="text-sm text-ink-muted">
            {t('webhooksLoading')}
          </p>
        ) : endpoints.isError ? (
          <Notice role="alert">
            {t('webhooksLoadFailed', { message: errorText(endpoints.error) })}{' '}
            <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void endpoints.refetch()}>
              {t('retry')}
            </button>
          </Notice>
        ) : endpoints.data.length === 0 ? (
          <p className="rounded-control border border-dashed border-line bg-surface px-3 py-4 text-sm text-ink-muted">{t('webhooksEmpty')}</p>
        ) : (
          <ul className="space-y-4">
            {endpoints.data.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard endpoint={endpoint} onSecret={setRevealed} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
