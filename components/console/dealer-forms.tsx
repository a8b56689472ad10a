'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { SCOPES } from '@/lib/auth/scopes';
import { consoleCall } from '@/lib/console/browser/client';
import { formatDateTime, validationMessage } from '@/lib/i18n/words';
import { credentialsSchema, type ProductionBody } from '@/lib/console/schemas';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { CopyValue, OnceCard } from './copy-value';
import { overrideProblem, ProductionOverride, type OverrideValue } from './production-checklist';
import { useConsole } from './providers';
import { RecordTable, type Column } from './record-tables';
import { RequestFailed } from './request-failed';

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
export function ClientsPanel({
  dealerId,
  clients,
  productionEnabled,
  checklistMet,
}: {
  dealerId: string;
  clients: ClientView[];
  productionEnabled: boolean;
  /** Every item of the production checklist holds (else enabling needs an override). */
  checklistMet: boolean;
}) {
  const { t, lang } = useConsole();
  const [issued, setIssued] = useState<Issued | null>(null);
  const columns = useMemo<Column<ClientView>[]>(
    () => [
      {
        id: 'clientId',
        label: t('clientId'),
        primary: true,
        cell: (c) => (
          <>
            <code className="break-all font-mono text-sm">{c.clientId}</code>
            <span className="block text-xs font-normal text-ink-muted">{c.name}</span>
          </>
        ),
      },
      { id: 'environment', label: t('environment'), cell: (c) => (c.environment === 'production' ? t('production') : t('sandbox')) },
      { id: 'scopes', label: t('scopes'), cell: (c) => <span className="break-words font-mono text-xs">{c.scopes.join(' ')}</span> },
      {
        id: 'status',
        label: t('clientStatus'),
        cell: (c) =>
          c.disabledAt ? <Badge tone="neutral">{t('disabledSince', { date: formatDateTime(c.disabledAt, lang) })}</Badge> : <Badge tone="success">{t('active')}</Badge>,
      },
      {
        id: 'actions',
        label: t('actions'),
        align: 'right',
        cell: (c) =>
          c.disabledAt ? null : (
            <ClientActions
              client={c}
              onRotated={setIssued}
              // A disabled client's secret is of no use any more: stop showing it.
              onDisabled={(id) => setIssued((shown) => (shown?.clientId === id ? null : shown))}
            />
          ),
      },
    ],
    [t, lang],
  );
  return (
    <div className="space-y-section">
      {issued ? <SecretOnce issued={issued} onDismiss={() => setIssued(null)} /> : null}

      <Card aria-labelledby="clients-heading">
        <CardHeader id="clients-heading" title={t('clientsTitle')} />
        {clients.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('noClients')}</p>
        ) : (
          <RecordTable caption={t('clientsTitle')} columns={columns} rows={clients} testId="clients" rowId={(c) => c.clientId} rowAttributes={(c) => ({ 'data-client-id': c.clientId })} />
        )}
      </Card>

      <div className="grid gap-section md:grid-cols-2">
        <CredentialsForm dealerId={dealerId} environment="sandbox" productionEnabled={productionEnabled} checklistMet={checklistMet} onIssued={setIssued} />
        <CredentialsForm dealerId={dealerId} environment="production" productionEnabled={productionEnabled} checklistMet={checklistMet} onIssued={setIssued} />
      </div>
    </div>
  );
}

function SecretOnce({ issued, onDismiss }: { issued: Issued; onDismiss: () => void }) {
  const { t } = useConsole();
  return (
    <OnceCard
      as="section"
      headingId="secret-heading"
      shown={issued}
      level={2}
      title={t('secretTitle')}
      text={t('secretText')}
      testId="secret-once"
      dismissLabel={t('dismissSecret')}
      onDismiss={onDismiss}
    >
      <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="font-medium">{t('clientId')}</dt>
        <dd className="min-w-0">
          <code className="break-all font-mono" data-testid="issued-client-id">
            {issued.clientId}
          </code>{' '}
          ({issued.environment === 'production' ? t('production') : t('sandbox')})
        </dd>
        <dt className="font-medium">{t('secret')}</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-2">
          <CopyValue value={issued.secret} testId="issued-secret" />
        </dd>
      </dl>
    </OnceCard>
  );
}

function ClientActions({ client, onRotated, onDisabled }: { client: ClientView; onRotated: (issued: Issued) => void; onDisabled: (clientId: string) => void }) {
  const { t, words } = useConsole();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: (what: 'rotate' | 'disable') =>
      consoleCall<{ clientId: string; secret?: string; environment?: 'sandbox' | 'production' }>('POST', `/api/console/clients/${encodeURIComponent(client.clientId)}/${what}`, words),
    onSuccess: (data, what) => {
      if (what === 'rotate' && data.secret) onRotated({ clientId: client.clientId, secret: data.secret, environment: client.environment });
      if (what === 'disable') onDisabled(client.clientId);
      router.refresh();
    },
  });
  return (
    <div className="inline-flex flex-wrap justify-end gap-2 max-sm:justify-start">
      <ConfirmButton
        label={t('rotate')}
        accessibleName={`${t('rotate')}: ${client.clientId}`}
        text={t('confirmRotate', { clientId: client.clientId })}
        cancelLabel={t('cancel')}
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate('rotate')}
      />
      <ConfirmButton
        label={t('disable')}
        accessibleName={`${t('disable')}: ${client.clientId}`}
        text={t('confirmDisable', { clientId: client.clientId })}
        cancelLabel={t('cancel')}
        destructive
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate('disable')}
      />
      <RequestFailed error={mutation.error} className="w-full text-left text-xs" />
    </div>
  );
}

type CredentialsValues = z.input<typeof credentialsSchema>;

function CredentialsForm({
  dealerId,
  environment,
  productionEnabled,
  checklistMet,
  onIssued,
}: {
  dealerId: string;
  environment: 'sandbox' | 'production';
  productionEnabled: boolean;
  checklistMet: boolean;
  onIssued: (issued: Issued) => void;
}) {
  const { t, words } = useConsole();
  const router = useRouter();
  const ids = useId();
  const enabling = environment === 'production' && !productionEnabled;
  const needsOverride = enabling && !checklistMet;
  const [override, setOverride] = useState<OverrideValue>({ on: false, reason: '' });
  const form = useForm<CredentialsValues>({ defaultValues: { name: '', scopes: [...SCOPES] } });
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: ProductionBody) =>
      consoleCall<Issued>('POST', `/api/console/dealers/${dealerId}/${environment === 'sandbox' ? 'sandbox-credentials' : 'production'}`, words, body),
    onSuccess: (issued) => {
      onIssued(issued);
      form.reset({ name: '', scopes: [...SCOPES] });
      setOverride({ on: false, reason: '' });
      router.refresh();
    },
  });
  const submit = form.handleSubmit((values) => {
    setProblem(null);
    const overridden = needsOverride ? overrideProblem(override, t) : null;
    if (overridden) {
      setProblem(overridden);
      return;
    }
    const parsed = credentialsSchema.safeParse({ name: values.name, scopes: values.scopes });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => `${i.path.join('.')}: ${validationMessage(i.message, t)}`).join(' '));
      return;
    }
    mutation.mutate({ name: parsed.data.name, scopes: parsed.data.scopes, ...(needsOverride ? { override: { reason: override.reason.trim() } } : {}) });
  });
  const title = environment === 'sandbox' ? t('createSandbox') : enabling ? t('enableProduction') : t('createProduction');
  const intro = environment === 'sandbox' ? t('createSandboxIntro') : t('enableProductionIntro');
  return (
    <Card aria-labelledby={`${ids}-title`} data-testid={`credentials-${environment}`}>
      <CardHeader id={`${ids}-title`} title={title} description={intro} />
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <Field
          id={`${ids}-name`}
          label={
            <>
              {t('credentialsName')} <span className="font-normal text-ink-muted">({t('optional')})</span>
            </>
          }
        >
          <Input id={`${ids}-name`} {...form.register('name')} />
        </Field>
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-ink">{t('scopes')}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {SCOPES.map((scope) => (
              <label key={scope} className="flex min-w-0 items-center gap-2 text-sm text-ink">
                <NativeCheckbox value={scope} {...form.register('scopes')} />
                <code className="break-all font-mono">{scope}</code>
              </label>
            ))}
          </div>
        </fieldset>
        {needsOverride ? <ProductionOverride value={override} onChange={setOverride} error={problem} /> : null}
        {needsOverride ? null : <FieldError role="alert">{problem}</FieldError>}
        <RequestFailed error={mutation.error} />
        <Button type="submit" variant={environment === 'sandbox' ? 'primary' : 'secondary'} disabled={mutation.isPending || (needsOverride && !override.on)}>
          {mutation.isPending ? t('working') : title}
        </Button>
      </form>
    </Card>
  );
}
