'use client';

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useAccountWords } from '@/components/account/password-forms';
import { Button } from '@/components/ui/button';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { Notice } from '@/components/ui/notice';
import type { Lang } from '@/lib/i18n/messages';
import type { CompiledMessages } from '@/lib/i18n/words';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { NOTIFIABLE_STATUSES, ORDER_PAID } from '@/lib/portal/notifications';

type NotifySettings = { statuses: string[]; lang: 'de' | 'en'; always: readonly string[] };
type Values = { statuses: string[]; mailLang: 'de' | 'en' };

/**
 * The signed-in user's notification settings: the statuses to be notified of besides rejections
 * (always on) and the mail language. Saved with PUT /api/portal/notification-settings, which
 * checks them.
 */
export function NotificationSettingsForm({ lang, messages, settings }: { lang: Lang; messages: CompiledMessages; settings: NotifySettings }) {
  const { words, t } = useAccountWords(lang, messages);
  const id = useId();
  const [done, setDone] = useState(false);
  const form = useForm<Values>({ defaultValues: { statuses: settings.statuses, mailLang: settings.lang } });
  const error = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async (v) => {
    setDone(false);
    const answer = await portalCall('PUT', '/api/portal/notification-settings', words, { body: { statuses: v.statuses, lang: v.mailLang } });
    if (!answer.ok) return form.setError('root', { message: answer.status === 0 ? t('notificationsNoConnection') : answer.message });
    setDone(true);
    toast.success(t('notificationSettingsSaved'));
  });

  return (
    <form id="notification-settings" className="max-w-lg space-y-4" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="notification-settings">
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {t('notificationSettingsTitle')}
        </h2>
        <p className="text-sm text-ink-muted">{t('notificationSettingsIntro')}</p>
      </div>
      {done ? (
        <Notice role="status" tone="success">
          {t('notificationSettingsSaved')}
        </Notice>
      ) : null}
      {error ? (
        <Notice role="alert" tone="danger">
          {error}
        </Notice>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{t('notificationStatusesLegend')}</legend>
        {settings.always.map((status) => (
          <label key={status} className="flex min-h-11 items-center gap-2 text-sm text-ink-muted">
            <NativeCheckbox checked disabled readOnly data-status={status} />
            {t('notificationAlwaysOn', { status: words.statusLabel(status) })}
          </label>
        ))}
        {NOTIFIABLE_STATUSES.map((status) => (
          <label key={status} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <NativeCheckbox value={status} data-status={status} {...form.register('statuses')} />
            {status === ORDER_PAID ? t('notificationOrderPaid') : words.statusLabel(status)}
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{t('notificationMailLang')}</legend>
        {(
          [
            ['de', t('german')],
            ['en', t('english')],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-5 accent-brand-700 focus-visible:focus-ring" {...form.register('mailLang')} />
            <span lang={value}>{label}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
        {t('notificationSettingsSave')}
      </Button>
    </form>
  );
}
