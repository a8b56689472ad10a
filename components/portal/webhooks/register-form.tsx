import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client/browser/call';
import { useId, useState, type FormEvent } from 'react';
import { createWebhook, type WebhookEventType } from '@/lib/portal/browser/api';
import { Field } from '@/components/ui/field';
import { usePortal } from '../providers';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { EVENTS, useErrorText, type Revealed } from './shared';
import { Notice } from '@/components/ui/notice';

/** The API's limit of an endpoint's description (lib/webhooks/schemas.ts). */
const DESCRIPTION_MAX = 255;

export function RegisterForm({ onRegistered }: { onRegistered: (r: Revealed) => void }) {
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
        <Field
          id={`${ids}-url`}
          className="md:col-span-2"
          label={
            <>
              {t('webhookUrl')} <span aria-hidden="true">*</span>
            </>
          }
          hint={t('webhookUrlHint')}
          error={problem?.field === 'url' ? problem.text : null}
          errorRole="alert"
        >
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
            className="font-mono"
          />
        </Field>
        <Field
          id={`${ids}-description`}
          label={
            <>
              {t('webhookDescription')} <span className="font-normal text-ink-muted">({t('optional')})</span>
            </>
          }
          hint={t('webhookDescriptionHint', { max: DESCRIPTION_MAX, used: description.length })}
        >
          <Input
            id={`${ids}-description`}
            value={description}
            maxLength={DESCRIPTION_MAX}
            aria-describedby={`${ids}-description-hint`}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
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
            {problem && problem.field !== 'url' ? <Notice className="mb-3">{problem.text}</Notice> : null}
          </div>
          <Button type="submit" variant="primary" disabled={register.isPending}>
            {register.isPending ? t('webhookRegistering') : t('webhookRegister')}
          </Button>
        </div>
      </form>
    </section>
  );
}
