'use client';

import { toast } from 'sonner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ApiRequestError,
  apiErrorText,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@/lib/portal/browser/api';
import { formatDateTime } from '@/lib/i18n/words';
import type { TextKey } from '@/lib/portal/i18n';
import { FieldError } from '@/components/ui/field';
import { usePortal } from './providers';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { TableScroll } from '@/components/ui/table-scroll';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

// The dealer's webhook endpoints in the current environment: register (the secret is shown once),
// pause and activate, rotate the secret, delete, and each endpoint's recent deliveries with re-send.
// Everything through /v1/webhooks with the session, like a partner system would.

const EVENTS: { type: WebhookEventType; label: TextKey }[] = [
  { type: 'offer.created', label: 'webhookEventCreated' },
  { type: 'offer.status_changed', label: 'webhookEventStatusChanged' },
  { type: 'offer.customer_changed', label: 'webhookEventCustomerChanged' },
];
const DELIVERY_STATUS: Record<WebhookDeliveryStatus, TextKey> = {
  pending: 'deliveryStatusPending',
  delivered: 'deliveryStatusDelivered',
  failed: 'deliveryStatusFailed',
};
const DELIVERIES_SHOWN = 10;


function useErrorText() {
  const { lang } = usePortal();
  return (err: unknown) => apiErrorText(err, lang);
}

type Revealed = { url: string; secret: string; previousSecretExpiresAt?: string };

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
          <div role="alert" className="rounded-control border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700">
            {t('webhooksLoadFailed', { message: errorText(endpoints.error) })}{' '}
            <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void endpoints.refetch()}>
              {t('retry')}
            </button>
          </div>
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

/** The API's limit of an endpoint's description (lib/webhooks/schemas.ts). */
const DESCRIPTION_MAX = 255;

function RegisterForm({ onRegistered }: { onRegistered: (r: Revealed) => void }) {
  const { t, environment } = usePortal();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(EVENTS.map((e) => e.type));
  const [problem, setProblem] = useState<{ field: 'url' | 'events' | null; text: string } | null>(null);
  const register = useMutation({
    mutationFn: () => createWebhook({ url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) }),
    onSuccess: async (created) => {
      setUrl('');
      setDescription('');
      setEvents(EVENTS.map((e) => e.type));
      onRegistered({ url: created.url, secret: created.secret });
      await queryClient.invalidateQueries({ queryKey: ['webhooks', environment] });
    },
    onError: (err) => {
      const onUrl = err instanceof ApiRequestError && err.errors.some((e) => e.details === 'url');
      // The API names its field ("url must be an https URL"); the person reads the field's own words.
      setProblem(onUrl ? { field: 'url', text: t('webhookUrlInvalid') } : { field: null, text: t('webhookSaveFailed', { message: errorText(err) }) });
      if (onUrl) document.getElementById(`${ids}-url`)?.focus();
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!url.trim()) {
      setProblem({ field: 'url', text: t('webhookUrlMissing') });
      document.getElementById(`${ids}-url`)?.focus();
      return;
    }
    if (events.length === 0) {
      setProblem({ field: 'events', text: t('webhookChooseEvent') });
      return;
    }
    setProblem(null);
    register.mutate();
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-card border border-line bg-surface p-4">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {t('webhookRegister')}
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <label htmlFor={`${ids}-url`} className="block text-sm font-medium text-ink">
            {t('webhookUrl')} <span aria-hidden="true">*</span>
          </label>
          <Input
            id={`${ids}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-required="true"
            aria-invalid={problem?.field === 'url' || undefined}
            aria-describedby={`${ids}-url-hint${problem?.field === 'url' ? ` ${ids}-url-error` : ''}`}
            placeholder="https://"
            className="mt-1 font-mono"
          />
          <p id={`${ids}-url-hint`} className="mt-1 text-xs text-ink-muted">
            {t('webhookUrlHint')}
          </p>
          <FieldError id={`${ids}-url-error`} role="alert">
            {problem?.field === 'url' ? problem.text : null}
          </FieldError>
        </div>
        <div>
          <label htmlFor={`${ids}-description`} className="block text-sm font-medium text-ink">
            {t('webhookDescription')} <span className="font-normal text-ink-muted">({t('optional')})</span>
          </label>
          <Input
            id={`${ids}-description`}
            value={description}
            maxLength={DESCRIPTION_MAX}
            aria-describedby={`${ids}-description-hint`}
            onChange={(e) => setDescription(e.target.value)}
            className="mt-1"
          />
          <p id={`${ids}-description-hint`} className="mt-1 text-xs text-ink-muted">
            {t('webhookDescriptionHint', { max: DESCRIPTION_MAX, used: description.length })}
          </p>
        </div>
        <fieldset aria-describedby={problem?.field === 'events' ? `${ids}-problem` : undefined}>
          <legend className="text-sm font-medium text-ink">{t('webhookEvents')}</legend>
          <div className="mt-1 space-y-1">
            {EVENTS.map((ev) => (
              <div key={ev.type} className="flex items-center gap-2">
                <NativeCheckbox
                  id={`${ids}-${ev.type}`}
                  checked={events.includes(ev.type)}
                  onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, ev.type] : cur.filter((x) => x !== ev.type)))}
                />
                <label htmlFor={`${ids}-${ev.type}`} className="flex min-h-11 flex-1 cursor-pointer items-center text-sm text-ink">
                  {t(ev.label)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="md:col-span-2">
          <div role="alert" id={`${ids}-problem`}>
            {problem && problem.field !== 'url' ? <p className="mb-3 rounded-control border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700">{problem.text}</p> : null}
          </div>
          <Button type="submit" variant="primary" disabled={register.isPending}>
            {register.isPending ? t('webhookRegistering') : t('webhookRegister')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The secret of a registration or rotation: shown this once, with a copy button. */
function SecretReveal({ revealed, onDone }: { revealed: Revealed; onDone: () => void }) {
  const { t, lang } = usePortal();
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(revealed.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
      const input = document.getElementById(`${ids}-secret`) as HTMLInputElement | null;
      input?.select();
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} data-testid="webhook-secret" className="rounded-card border-2 border-warning-900 bg-warning-50 p-4">
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-warning-900">
        {t('webhookSecretTitle', { url: revealed.url })}
      </h2>
      <p className="mt-1 text-sm font-medium text-warning-900">{t('webhookSecretOnce')}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${ids}-secret`} className="block text-sm font-medium text-ink">
            {t('webhookSecretLabel')}
          </label>
          <Input
            id={`${ids}-secret`}
            readOnly
            value={revealed.secret}
            onFocus={(e) => e.target.select()}
            className="mt-1 font-mono"
          />
        </div>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('webhookCopy')}
        </Button>
        <Button variant="primary" onClick={onDone}>
          {t('webhookSecretDone')}
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-ink">
        {copied === 'yes' ? t('webhookCopied') : copied === 'failed' ? t('webhookCopyFailed') : ''}
      </p>
      {revealed.previousSecretExpiresAt ? (
        <p className="text-sm text-ink">{t('webhookPreviousSecret', { until: formatDateTime(revealed.previousSecretExpiresAt, lang) })}</p>
      ) : null}
    </section>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (r: Revealed) => void }) {
  const { t, lang, environment } = usePortal();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks', environment] });
  const onError = (err: unknown) => setError(t('webhookSaveFailed', { message: errorText(err) }));

  const toggle = useMutation({
    mutationFn: () => updateWebhook(endpoint.id, { active: !endpoint.active }),
    onSuccess: (updated) => {
      setError(null);
      toast.success(updated.active ? t('toastWebhookActivated') : t('toastWebhookPaused'));
      return refresh();
    },
    onError,
  });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(endpoint.id),
    onSuccess: (rotated) => {
      setError(null);
      onSecret({ url: rotated.url, secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt });
      return refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(endpoint.id),
    onSuccess: () => {
      toast.success(t('toastWebhookDeleted'));
      queryClient.removeQueries({ queryKey: ['webhook-deliveries', environment, endpoint.id] });
      return refresh();
    },
    onError,
  });
  const [tested, setTested] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: () => testWebhook(endpoint.id),
    onSuccess: (r) => {
      setError(null);
      const reason = r.responseStatus !== undefined ? `HTTP ${r.responseStatus}` : (r.error ?? '');
      const text = r.delivered ? t('webhookTestDelivered', { status: r.responseStatus ?? 200, ms: r.durationMs }) : t('webhookTestFailed', { reason });
      setTested(text);
      if (r.delivered) toast.success(text);
      else toast.error(text);
    },
    onError,
  });
  const busy = toggle.isPending || rotate.isPending || remove.isPending || test.isPending;

  return (
    <article aria-labelledby={`${ids}-url`} data-testid="webhook-endpoint" className="rounded-card border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${ids}-url`} className="break-all font-mono text-base font-semibold">
            {endpoint.url}
          </h3>
          {endpoint.description ? <p className="text-sm text-ink-muted">{endpoint.description}</p> : null}
          <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted">
            <div className="flex gap-1">
              <dt className="sr-only">{t('deliveryStatus')}</dt>
              <dd>
                <span
                  data-testid="webhook-state"
                  className={`rounded-control px-2 py-0.5 text-xs font-semibold ring-1 ${endpoint.active ? 'bg-brand-50 text-brand-900 ring-brand-100' : 'bg-canvas text-ink ring-line'}`}
                >
                  {endpoint.active ? t('webhookActive') : t('webhookPaused')}
                </span>
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('webhookEvents')}:</dt>
              <dd className="font-mono text-xs leading-5">{endpoint.events.join(', ')}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('webhookCreatedAt')}:</dt>
              <dd>{formatDateTime(endpoint.createdAt, lang)}</dd>
            </div>
          </dl>
          {endpoint.previousSecretExpiresAt ? (
            <p className="mt-1 text-xs text-ink-muted">{t('webhookPreviousSecret', { until: formatDateTime(endpoint.previousSecretExpiresAt, lang) })}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={busy} onClick={() => test.mutate()} aria-describedby={`${ids}-url`}>
            {t('webhookTest')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => toggle.mutate()} aria-describedby={`${ids}-url`}>
            {endpoint.active ? t('webhookDeactivate') : t('webhookActivate')}
          </Button>
          <ConfirmButton
            label={t('webhookRotate')}
            text={t('webhookRotateConfirm')}
            cancelLabel={t('webhookKeep')}
            describedBy={`${ids}-url`}
            busy={busy}
            onConfirm={() => rotate.mutate()}
          />
          <ConfirmButton
            label={t('webhookDelete')}
            title={t('webhookDeleteTitle')}
            text={t('webhookDeleteText', { url: endpoint.url })}
            confirmLabel={t('webhookDeleteConfirm')}
            cancelLabel={t('webhookKeep')}
            describedBy={`${ids}-url`}
            destructive
            busy={busy}
            onConfirm={() => remove.mutate()}
          />
        </div>
      </div>
      <div role="alert">{error ? <p className="mt-3 rounded-control border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700">{error}</p> : null}</div>
      <p role="status" data-testid="webhook-test-result" className="mt-2 break-words text-sm">
        {tested}
      </p>
      <Deliveries endpoint={endpoint} />
    </article>
  );
}

/** A delivery's cell: in a table row, or on a phone a labelled line of its card (the label from `data-label`). */
const cell =
  'py-1.5 pr-3 max-sm:py-0 max-sm:before:block max-sm:before:text-xs max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]';

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, lang, environment } = usePortal();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const key = ['webhook-deliveries', environment, endpoint.id];
  const deliveries = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listWebhookDeliveries(endpoint.id, { perPage: DELIVERIES_SHOWN }, signal),
    // Pending deliveries change within seconds (the processor runs every few); finished ones rarely.
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending') ? 2_000 : 5_000),
  });
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) => resendWebhookDelivery(endpoint.id, delivery.id),
    onSuccess: () => {
      setNotice(t('deliveryResent'));
      toast.success(t('deliveryResent'));
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setNotice(t('webhookSaveFailed', { message: errorText(err) })),
  });

  let content: ReactNode;
  if (deliveries.isPending) content = <p className="text-sm text-ink-muted">{t('webhookDeliveriesLoading')}</p>;
  else if (deliveries.isError)
    content = (
      <p role="alert" className="text-sm text-danger-700">
        {t('webhookDeliveriesFailed', { message: errorText(deliveries.error) })}{' '}
        <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void deliveries.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  else if (deliveries.data.data.length === 0) content = <p className="text-sm text-ink-muted">{t('webhookDeliveriesEmpty')}</p>;
  else
    content = (
      // On a phone each delivery is a card (its cells stacked, each with its heading); wider, a table.
      <TableScroll>
        <table className="w-full text-left text-sm max-sm:block" aria-labelledby={`${ids}-title`}>
          <thead className="border-b border-line text-ink-muted max-sm:sr-only">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryEvent')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryOffer')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryStatus')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t('deliveryAttempts')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryResponse')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('deliveryWhen')}
              </th>
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">{t('deliveryActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {deliveries.data.data.map((d) => (
              <tr
                key={d.id}
                data-testid="webhook-delivery"
                data-status={d.status}
                className="border-b border-line align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2"
              >
                <td className="py-1.5 pr-3 font-mono text-xs leading-5 max-sm:col-span-2 max-sm:py-0">
                  {d.eventType}
                  {d.resendOf ? <span className="ml-1 font-sans text-ink-muted">({t('deliveryResendOf')})</span> : null}
                </td>
                <td className={cell} data-label={t('deliveryOffer')}>
                  <Link href={`/portal/offers/${d.offerId}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 sm:min-h-0">
                    {d.offerNumber}
                  </Link>
                </td>
                <td className={cell} data-label={t('deliveryStatus')} data-testid="delivery-status">
                  {t(DELIVERY_STATUS[d.status])}
                </td>
                <td className={`${cell} text-right tabular-nums max-sm:text-left`} data-label={t('deliveryAttempts')}>
                  {d.attempts}
                </td>
                <td className={`${cell} break-words max-sm:min-w-0`} data-label={t('deliveryResponse')}>
                  {d.lastResponseStatus ? `HTTP ${d.lastResponseStatus}` : (d.lastError ?? '—')}
                </td>
                <td className={`${cell} max-sm:col-span-2`} data-label={t('deliveryWhen')}>
                  {d.deliveredAt
                    ? t('deliveryDelivered', { when: formatDateTime(d.deliveredAt, lang) })
                    : d.nextAttemptAt
                      ? t('deliveryNext', { when: formatDateTime(d.nextAttemptAt, lang) })
                      : '—'}
                </td>
                <td className="py-1.5 max-sm:col-span-2 max-sm:py-0">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(d)}
                    aria-label={t('deliveryResendLabel', { event: d.eventType, offer: d.offerNumber })}
                    className="max-sm:min-h-11 max-sm:w-full"
                  >
                    {t('deliveryResend')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${ids}-title`} className="text-sm font-semibold text-ink">
          {t('webhookDeliveries')}
        </h4>
        <Button variant="secondary" size="sm" onClick={() => void deliveries.refetch()} aria-describedby={`${ids}-title`}>
          {t('refresh')}
        </Button>
      </div>
      <p role="status" className="text-sm text-ink">
        {notice ?? ''}
      </p>
      {content}
    </section>
  );
}
