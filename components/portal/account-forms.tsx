'use client';

import { toast } from 'sonner';
import Link from 'next/link';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { Notice } from '@/components/ui/notice';
import type { Lang } from '@/lib/i18n/messages';
import { createWords, type CompiledMessages, type Words } from '@/lib/i18n/words';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { NOTIFIABLE_STATUSES, ORDER_PAID } from '@/lib/portal/notifications';
import type { TextKey, Translate } from '@/lib/portal/i18n';

/** The portal's words in the browser, from the compiled messages the page passes (`clientMessages`). */
function usePortalWords(lang: Lang, messages: CompiledMessages) {
  const words = useMemo(() => createWords(lang, messages), [lang, messages]);
  return { words, t: words.translator<TextKey>('portal') };
}
import { LanguageChoice } from './header-controls';
import { PASSWORD_MIN } from '@/lib/shared/model';

// The portal's password forms: "Passwort vergessen" (asks for a reset link), the page of an
// invitation or reset link (chooses the password), and the signed-in password change. They call
// /api/account/** (same origin); the server's messages arrive in the page's language.

type Answer = { ok: true; data: unknown } | { ok: false; message: string; field?: string };

async function post(path: string, words: Words, body: unknown): Promise<Answer> {
  const answer = await portalCall('POST', path, words, { body });
  if (answer.ok) return answer;
  // No answer at all (network): a sentence, not the browser's error.
  if (answer.status === 0) return { ok: false, message: words.translator<TextKey>('portal')('signInError') };
  return { ok: false, message: answer.message, field: answer.field };
}

/** The frame of the pages outside the signed-in portal (as the sign-in page). */
export function AuthFrame({ lang, t, title, intro, children }: { lang: Lang; t: Translate; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div lang={lang} className="flex min-h-screen items-start justify-center px-4 py-16">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-between">
          <p className="text-lg font-bold text-brand-700">
            {t('appName')} <span className="font-medium text-ink-muted">· {t('portal')}</span>
          </p>
          <LanguageChoice lang={lang} legend={t('language')} />
        </div>
        <div className="rounded-card border border-line bg-surface p-6 shadow-sm">
          <h1 className="text-2xl font-bold">{title}</h1>
          {intro ? <p className="mt-1 text-sm text-ink-muted">{intro}</p> : null}
          {children}
        </div>
      </main>
    </div>
  );
}

function Alert({ tone, children, id }: { tone: 'error' | 'ok'; children: ReactNode; id?: string }) {
  return (
    <Notice id={id} role={tone === 'error' ? 'alert' : 'status'} tone={tone === 'error' ? 'danger' : 'success'}>
      {children}
    </Notice>
  );
}

export function ForgotPasswordForm({ lang, messages }: { lang: Lang; messages: CompiledMessages }) {
  const { words, t } = usePortalWords(lang, messages);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!email) return setError(t('forgotMissing'));
    setBusy(true);
    setError(null);
    const answer = await post('/api/account/password-reset', words, { email });
    setBusy(false);
    if (answer.ok) setSent(true);
    else setError(answer.message);
  }

  return (
    <AuthFrame lang={lang} t={t} title={t('forgotTitle')} intro={t('forgotIntro')}>
      {sent ? (
        <div className="mt-6 space-y-4" data-testid="forgot-sent">
          <Alert tone="ok">{t('forgotSent')}</Alert>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          {error ? <Alert tone="error" id={`${id}-error`}>{error}</Alert> : null}
          <Field id={`${id}-email`} label={t('email')}>
            <Input id={`${id}-email`} name="email" type="email" autoComplete="username" required autoFocus aria-invalid={error ? true : undefined} />
          </Field>
          <Button type="submit" variant="primary" className="w-full" disabled={busy}>
            {t('forgotButton')}
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link href="/portal/sign-in" className="font-medium text-brand-700 underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </AuthFrame>
  );
}

/** Two password inputs with the rule; answers the password or a message. */
function NewPasswordFields({ t, id, error, field }: { t: Translate; id: string; error: string | null; field?: string }) {
  const hint = t('newPasswordHint', { min: PASSWORD_MIN });
  const err = field === 'password' || field === 'newPassword' ? error : null;
  return (
    <>
      <Field id={`${id}-new`} label={t('newPassword')} hint={hint} error={err}>
        <Input
          id={`${id}-new`}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          required
          aria-invalid={err ? true : undefined}
          aria-describedby={describedBy(`${id}-new`, hint, err)}
        />
      </Field>
      <Field id={`${id}-repeat`} label={t('repeatPassword')}>
        <Input id={`${id}-repeat`} name="repeatPassword" type="password" autoComplete="new-password" required />
      </Field>
    </>
  );
}

function readNewPassword(form: FormData, t: Translate): { password: string } | { message: string } {
  const password = String(form.get('newPassword') ?? '');
  const repeat = String(form.get('repeatPassword') ?? '');
  if (password.length < PASSWORD_MIN) return { message: t('passwordTooShort', { min: PASSWORD_MIN }) };
  if (password !== repeat) return { message: t('passwordMismatch') };
  return { password };
}

export function SetPasswordForm({
  lang,
  messages,
  token,
  account,
  signInHref = '/portal/sign-in',
}: {
  lang: Lang;
  messages: CompiledMessages;
  token: string;
  account: { purpose: 'invite' | 'reset'; email: string; name: string } | null;
  /** Where the account signs in once its password is set (the employer face's own sign-in for HR staff). */
  signInHref?: string;
}) {
  const { words, t } = usePortalWords(lang, messages);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  if (!account) {
    return (
      <AuthFrame lang={lang} t={t} title={t('passwordTitle')}>
        <div className="mt-6 space-y-4">
          <Alert tone="error">{t('linkInvalid')}</Alert>
          <p className="text-sm">
            <Link href="/portal/forgot-password" className="font-medium text-brand-700 underline">
              {t('requestNewLink')}
            </Link>
          </p>
        </div>
      </AuthFrame>
    );
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const read = readNewPassword(new FormData(e.currentTarget), t);
    if ('message' in read) return setError({ message: read.message, field: 'password' });
    setBusy(true);
    setError(null);
    const answer = await post('/api/account/password-link', words, { token, password: read.password });
    setBusy(false);
    if (answer.ok) setDone(true);
    else setError({ message: answer.message, field: answer.field });
  }

  const intro = account.purpose === 'invite' ? t('passwordWelcome', { name: account.name, email: account.email }) : t('passwordResetIntro', { email: account.email });
  return (
    <AuthFrame lang={lang} t={t} title={t('passwordTitle')} intro={intro}>
      {done ? (
        <div className="mt-6 space-y-4" data-testid="password-saved">
          <Alert tone="ok">{t('passwordSaved')}</Alert>
          <Button asChild variant="primary" className="w-full">
            <Link href={signInHref}>{t('signInButton')}</Link>
          </Button>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          {error && error.field !== 'password' ? <Alert tone="error">{error.message}</Alert> : null}
          <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
          <NewPasswordFields t={t} id={id} error={error?.message ?? null} field={error?.field} />
          <Button type="submit" variant="primary" className="w-full" disabled={busy}>
            {t('passwordSave')}
          </Button>
        </form>
      )}
    </AuthFrame>
  );
}

export function ChangePasswordForm({ lang, messages, email }: { lang: Lang; messages: CompiledMessages; email: string }) {
  const { words, t } = usePortalWords(lang, messages);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const read = readNewPassword(form, t);
    if ('message' in read) return setError({ message: read.message, field: 'newPassword' });
    setBusy(true);
    setError(null);
    setDone(false);
    const answer = await post('/api/account/password', words, { currentPassword: String(form.get('currentPassword') ?? ''), newPassword: read.password });
    setBusy(false);
    if (answer.ok) {
      setDone(true);
      toast.success(t('passwordChanged'));
      formEl.reset();
    } else setError({ message: answer.message, field: answer.field });
  }

  const currentError = error?.field === 'currentPassword' ? error.message : null;
  return (
    <form className="max-w-sm space-y-4" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t('changePasswordTitle')}
      </h2>
      {done ? <Alert tone="ok">{t('passwordChanged')}</Alert> : null}
      {error && !['currentPassword', 'newPassword', 'password'].includes(error.field ?? '') ? <Alert tone="error">{error.message}</Alert> : null}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id={`${id}-current`} label={t('currentPassword')} error={currentError}>
        <Input
          id={`${id}-current`}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={currentError ? true : undefined}
          aria-describedby={describedBy(`${id}-current`, undefined, currentError)}
        />
      </Field>
      <NewPasswordFields t={t} id={id} error={error?.message ?? null} field={error?.field} />
      <Button type="submit" variant="primary" disabled={busy}>
        {t('passwordSave')}
      </Button>
    </form>
  );
}

type NotifySettings = { statuses: string[]; lang: 'de' | 'en'; always: readonly string[] };

/**
 * The signed-in user's notification settings: the statuses to be notified of besides rejections
 * (always on) and the mail language. Saved with PUT /api/portal/notification-settings.
 */
export function NotificationSettingsForm({ lang, messages, settings }: { lang: Lang; messages: CompiledMessages; settings: NotifySettings }) {
  const { words, t } = usePortalWords(lang, messages);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = {
      statuses: form.getAll('statuses').map(String),
      lang: String(form.get('mailLang') ?? 'de'),
    };
    setBusy(true);
    setError(null);
    setDone(false);
    const answer = await portalCall('PUT', '/api/portal/notification-settings', words, { body });
    setBusy(false);
    if (answer.ok) {
      setDone(true);
      toast.success(t('notificationSettingsSaved'));
    } else setError(answer.status === 0 ? t('notificationsNoConnection') : answer.message);
  }

  return (
    <form id="notification-settings" className="max-w-lg space-y-4" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="notification-settings">
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {t('notificationSettingsTitle')}
        </h2>
        <p className="text-sm text-ink-muted">{t('notificationSettingsIntro')}</p>
      </div>
      {done ? <Alert tone="ok">{t('notificationSettingsSaved')}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
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
            <NativeCheckbox name="statuses" value={status} defaultChecked={settings.statuses.includes(status)} data-status={status} />
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
            <input type="radio" name="mailLang" value={value} defaultChecked={settings.lang === value} className="size-5 accent-brand-700 focus-visible:focus-ring" />
            <span lang={value}>{label}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" disabled={busy}>
        {t('notificationSettingsSave')}
      </Button>
    </form>
  );
}
