import { toast } from 'sonner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { deleteWebhook, rotateWebhookSecret, testWebhook, updateWebhook, type WebhookEndpoint } from '@/lib/portal/browser/api';
import { formatDateTime } from '@/lib/i18n/words';
import { usePortal } from '../providers';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Button } from '@/components/ui/button';
import { useErrorText, type Revealed } from './shared';
import { Deliveries } from './deliveries';
import { Notice } from '@/components/ui/notice';

export function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (r: Revealed) => void }) {
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
      <div role="alert">{error ? <Notice className="mt-3">{error}</Notice> : null}</div>
      <p role="status" data-testid="webhook-test-result" className="mt-2 break-words text-sm">
        {tested}
      </p>
      <Deliveries endpoint={endpoint} />
    </article>
  );
}
