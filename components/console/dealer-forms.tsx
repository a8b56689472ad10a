'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SCOPES } from '@/lib/auth/scopes';
import { consoleCall, messageOf } from '@/lib/console/client';
import { formatDateTime, validationMessage } from '@/lib/console/i18n';
import { credentialsSchema } from '@/lib/console/schemas';
import { useConsole } from './providers';
import { button, primary, secondary, small, input, label } from './styles';

// Dealers and their API clients: create a dealer, issue sandbox credentials, enable production,
// rotate and disable clients. A new secret is shown once, here, and is gone on reload.

export type ClientView = {
  clientId: string;
  name: string;
  environment: 'sandbox' | 'production';
  scopes: string[];
  createdAt: string;
  disabledAt: string | null;
};

type Issued = { clientId: string; secret: string; environment: 'sandbox' | 'production' };

/** The dealer's clients with their actions, the forms that issue credentials, and the secret shown once. */
export function ClientsPanel({ dealerId, clients, productionEnabled }: { dealerId: string; clients: ClientView[]; productionEnabled: boolean }) {
  const { t, lang } = useConsole();
  const [issued, setIssued] = useState<Issued | null>(null);
  return (
    <div className="space-y-6">
      {issued ? <SecretOnce issued={issued} onDismiss={() => setIssued(null)} /> : null}

      <section aria-labelledby="clients-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="clients-heading" className="text-lg font-semibold">
          {t('clientsTitle')}
        </h2>
        {clients.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t('noClients')}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="min-w-full text-left text-sm" data-testid="clients">
              <caption className="sr-only">{t('clientsTitle')}</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t('clientId')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('environment')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('scopes')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('clientStatus')}
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{t('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {clients.map((c) => (
                  <tr key={c.clientId} data-client-id={c.clientId}>
                    <td className="py-2 pr-3">
                      <code className="font-mono text-sm">{c.clientId}</code>
                      <span className="block text-xs text-slate-600">{c.name}</span>
                    </td>
                    <td className="py-2 pr-3">{c.environment === 'production' ? t('production') : t('sandbox')}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{c.scopes.join(' ')}</td>
                    <td className="py-2 pr-3">{c.disabledAt ? t('disabledSince', { date: formatDateTime(c.disabledAt, lang) }) : t('active')}</td>
                    <td className="py-2 text-right">
                      {c.disabledAt ? null : (
                        <ClientActions
                          client={c}
                          onRotated={setIssued}
                          // A disabled client's secret is of no use any more: stop showing it.
                          onDisabled={(id) => setIssued((shown) => (shown?.clientId === id ? null : shown))}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <CredentialsForm dealerId={dealerId} environment="sandbox" productionEnabled={productionEnabled} onIssued={setIssued} />
        <CredentialsForm dealerId={dealerId} environment="production" productionEnabled={productionEnabled} onIssued={setIssued} />
      </div>
    </div>
  );
}

function SecretOnce({ issued, onDismiss }: { issued: Issued; onDismiss: () => void }) {
  const { t } = useConsole();
  const [copied, setCopied] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Bring the one-time secret into view and to the screen reader's attention.
  useEffect(() => headingRef.current?.focus(), [issued]);
  return (
    <section
      aria-labelledby="secret-heading"
      className="rounded-lg border-2 border-amber-500 bg-amber-50 p-4"
      data-testid="secret-once"
    >
      <h2 id="secret-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-950">
        {t('secretTitle')}
      </h2>
      <p className="mt-1 text-sm text-amber-950">{t('secretText')}</p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium">{t('clientId')}</dt>
        <dd>
          <code className="break-all font-mono" data-testid="issued-client-id">
            {issued.clientId}
          </code>{' '}
          ({issued.environment === 'production' ? t('production') : t('sandbox')})
        </dd>
        <dt className="font-medium">{t('secret')}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code className="break-all rounded bg-white px-2 py-1 font-mono ring-1 ring-amber-300" data-testid="issued-secret">
            {issued.secret}
          </code>
          <button
            type="button"
            className={`${small} border-amber-700 bg-white text-amber-950`}
            onClick={() => {
              void navigator.clipboard?.writeText(issued.secret).then(() => setCopied(true));
            }}
          >
            {t('copy')}
          </button>
          <span aria-live="polite" className="text-xs">
            {copied ? t('copied') : ''}
          </span>
        </dd>
      </dl>
      <button type="button" className={`${secondary} mt-3`} onClick={onDismiss}>
        {t('dismissSecret')}
      </button>
    </section>
  );
}

function ClientActions({ client, onRotated, onDisabled }: { client: ClientView; onRotated: (issued: Issued) => void; onDisabled: (clientId: string) => void }) {
  const { t, lang } = useConsole();
  const router = useRouter();
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'disable'>('rotate');
  const mutation = useMutation({
    mutationFn: (what: 'rotate' | 'disable') =>
      consoleCall<{ clientId: string; secret?: string; environment?: 'sandbox' | 'production' }>('POST', `/api/console/clients/${encodeURIComponent(client.clientId)}/${what}`, lang),
    onSuccess: (data, what) => {
      if (what === 'rotate' && data.secret) onRotated({ clientId: client.clientId, secret: data.secret, environment: client.environment });
      if (what === 'disable') onDisabled(client.clientId);
      router.refresh();
    },
  });
  const ask = (what: 'rotate' | 'disable') => {
    setConfirming(what);
    dialogRef.current?.showModal();
  };
  return (
    <div className="inline-flex flex-wrap justify-end gap-2">
      <button type="button" className={`${small} border-slate-400 bg-white text-slate-900`} onClick={() => ask('rotate')} aria-label={`${t('rotate')}: ${client.clientId}`}>
        {t('rotate')}
      </button>
      <button type="button" className={`${small} border-red-800 bg-white text-red-900`} onClick={() => ask('disable')} aria-label={`${t('disable')}: ${client.clientId}`}>
        {t('disable')}
      </button>
      {mutation.error ? (
        <p role="alert" className="w-full text-left text-xs text-red-900">
          {t('requestFailed', { message: messageOf(mutation.error) })}
        </p>
      ) : null}
      <dialog ref={dialogRef} aria-labelledby={`${ids}-title`} className="m-auto w-full max-w-md rounded-lg p-0 text-left shadow-xl backdrop:bg-slate-900/50">
        <div className="space-y-4 p-5">
          <h2 id={`${ids}-title`} className="text-lg font-semibold">
            {confirming === 'rotate' ? t('rotate') : t('disable')}
          </h2>
          <p className="text-sm text-slate-800">
            {confirming === 'rotate' ? t('confirmRotate', { clientId: client.clientId }) : t('confirmDisable', { clientId: client.clientId })}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className={secondary} onClick={() => dialogRef.current?.close()}>
              {t('cancel')}
            </button>
            <button
              type="button"
              className={confirming === 'rotate' ? primary : `${button} border-red-800 bg-red-800 text-white hover:bg-red-900`}
              disabled={mutation.isPending}
              onClick={() => {
                dialogRef.current?.close();
                mutation.mutate(confirming);
              }}
            >
              {confirming === 'rotate' ? t('rotate') : t('disable')}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}

type CredentialsValues = z.input<typeof credentialsSchema> & { evaluated?: boolean };

function CredentialsForm({
  dealerId,
  environment,
  productionEnabled,
  onIssued,
}: {
  dealerId: string;
  environment: 'sandbox' | 'production';
  productionEnabled: boolean;
  onIssued: (issued: Issued) => void;
}) {
  const { t, lang } = useConsole();
  const router = useRouter();
  const ids = useId();
  const enabling = environment === 'production' && !productionEnabled;
  const form = useForm<CredentialsValues>({ defaultValues: { name: '', scopes: [...SCOPES], evaluated: false } });
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: z.input<typeof credentialsSchema>) =>
      consoleCall<Issued>('POST', `/api/console/dealers/${dealerId}/${environment === 'sandbox' ? 'sandbox-credentials' : 'production'}`, lang, body),
    onSuccess: (issued) => {
      onIssued(issued);
      form.reset({ name: '', scopes: [...SCOPES], evaluated: false });
      router.refresh();
    },
  });
  const submit = form.handleSubmit((values) => {
    setProblem(null);
    if (enabling && !values.evaluated) {
      setProblem(t('evaluatedRequired'));
      return;
    }
    const parsed = credentialsSchema.safeParse({ name: values.name, scopes: values.scopes });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => `${i.path.join('.')}: ${validationMessage(i.message, t)}`).join(' '));
      return;
    }
    mutation.mutate({ name: parsed.data.name, scopes: parsed.data.scopes });
  });
  const title = environment === 'sandbox' ? t('createSandbox') : enabling ? t('enableProduction') : t('createProduction');
  const intro = environment === 'sandbox' ? t('createSandboxIntro') : t('enableProductionIntro');
  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-lg border border-slate-200 bg-white p-4" data-testid={`credentials-${environment}`}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 space-y-3">
        <div>
          <label htmlFor={`${ids}-name`} className={label}>
            {t('credentialsName')} <span className="font-normal text-slate-600">({t('optional')})</span>
          </label>
          <input id={`${ids}-name`} className={input} {...form.register('name')} />
        </div>
        <fieldset>
          <legend className={label}>{t('scopes')}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={scope} className="size-4" {...form.register('scopes')} />
                <code className="font-mono">{scope}</code>
              </label>
            ))}
          </div>
        </fieldset>
        {enabling ? (
          <div className="flex items-center gap-2">
            <input id={`${ids}-evaluated`} type="checkbox" className="size-4" {...form.register('evaluated')} />
            <label htmlFor={`${ids}-evaluated`} className="text-sm text-slate-800">
              {t('evaluatedConfirm')}
            </label>
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm text-red-900">
            {problem}
          </p>
        ) : null}
        {mutation.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {t('requestFailed', { message: messageOf(mutation.error) })}
          </p>
        ) : null}
        <button type="submit" className={environment === 'sandbox' ? primary : secondary} disabled={mutation.isPending}>
          {mutation.isPending ? t('working') : title}
        </button>
      </form>
    </section>
  );
}
