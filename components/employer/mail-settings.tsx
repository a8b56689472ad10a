'use client';

import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/field';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import { Notice } from '@/components/ui/notice';
import type { MailSettings } from '@/lib/employer/schemas';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { useEmployer } from './providers';

/** Whether new requests are mailed to the staff member, and in which language (PUT /api/employer/mail-settings). */
export function MailSettingsForm({ settings }: { settings: MailSettings }) {
  const { t, words } = useEmployer();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { newRequests: form.get('newRequests') === 'on', lang: form.get('lang') === 'en' ? 'en' : 'de' };
    setBusy(true);
    setSaved(false);
    setError(null);
    const answer = await portalCall('PUT', '/api/employer/mail-settings', words, { body });
    setBusy(false);
    if (answer.ok) setSaved(true);
    else setError(answer.message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="max-w-md space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t('mailTitle')}
      </h2>
      <div className="flex min-h-11 items-center gap-3">
        <NativeCheckbox id={`${id}-new`} name="newRequests" defaultChecked={settings.newRequests} />
        <Label htmlFor={`${id}-new`}>{t('mailNewRequests')}</Label>
      </div>
      <div>
        <Label htmlFor={`${id}-lang`}>{t('mailLang')}</Label>
        <NativeSelect id={`${id}-lang`} name="lang" defaultValue={settings.lang} className="mt-1">
          <option value="de">{t('german')}</option>
          <option value="en">{t('english')}</option>
        </NativeSelect>
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? t('saving') : t('save')}
      </Button>
      <div aria-live="polite" className="text-sm">
        {saved ? <p data-testid="mail-settings-saved">{t('saved')}</p> : null}
      </div>
      {error ? <Notice role="alert">{error}</Notice> : null}
    </form>
  );
}
