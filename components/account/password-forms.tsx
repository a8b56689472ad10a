'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import type { Lang } from '@/lib/i18n/messages';
import { createWords, type CompiledMessages, type Words } from '@/lib/i18n/words';
import { portalCall } from '@/lib/portal/browser/portal-call';
import type { TextKey, Translate } from '@/lib/portal/i18n';
import { PASSWORD_MIN } from '@/lib/shared/model';
import { AuthFrame } from './auth-frame';

// The password forms of every face: "Passwort vergessen" (asks for a reset link), the page of an
// invitation or reset link (chooses the password), and the signed-in password change. They call
// /api/account/** (same origin); the server's messages arrive in the page's language and are
// shown at the field they name. A client check's message is a text key.

/** The portal's words in the browser, from the compiled messages the page passes (`clientMessages`). */
export function useAccountWords(lang: Lang, messages: CompiledMessages) {
  return useMemo(() => {
    const words = createWords(lang, messages);
    return { words, t: words.translator<TextKey>('portal') };
  }, [lang, messages]);
}

/** Posts to /api/account/**: nothing on success, else the message (a sentence, not the browser's error, without a connection) and its field. */
async function post(path: string, words: Words, t: Translate, body: unknown): Promise<{ message: string; field?: string } | null> {
  const answer = await portalCall('POST', path, words, { body });
  if (answer.ok) return null;
  return answer.status === 0 ? { message: t('signInError') } : { message: answer.message, field: answer.field };
}

const frameOf = (lang: Lang, t: Translate) => ({ lang, brand: { app: t('appName'), face: t('portal') }, languageLegend: t('language') });

function Said({ tone, children, id }: { tone: 'error' | 'ok'; children: ReactNode; id?: string }) {
  return (
    <Notice id={id} role={tone === 'error' ? 'alert' : 'status'} tone={tone === 'error' ? 'danger' : 'success'}>
      {children}
    </Notice>
  );
}

const say = (t: Translate, message: string | undefined) => (message ? (message.startsWith('key:') ? t(message.slice(4) as TextKey, { min: PASSWORD_MIN }) : message) : null);

/** A password input in a Field, registered with the form; its error at it. */
function PasswordField({ id, label, hint, error, autoComplete, field }: { id: string; label: string; hint?: string; error: string | null; autoComplete: string; field: UseFormRegisterReturn }) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} type="password" autoComplete={autoComplete} required aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...field} />
    </Field>
  );
}

const emailSchema = z.object({ email: z.string().trim().min(1, 'key:forgotMissing') });

export function ForgotPasswordForm({ lang, messages }: { lang: Lang; messages: CompiledMessages }) {
  const { words, t } = useAccountWords(lang, messages);
  const id = useId();
  const [sent, setSent] = useState(false);
  const form = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });
  const error = say(t, form.formState.errors.email?.message ?? form.formState.errors.root?.message);

  const submit = form.handleSubmit(async ({ email }) => {
    const refused = await post('/api/account/password-reset', words, t, { email });
    if (refused) form.setError('root', { message: refused.message });
    else setSent(true);
  });

  return (
    <AuthFrame {...frameOf(lang, t)} title={t('forgotTitle')} intro={t('forgotIntro')}>
      {sent ? (
        <div className="mt-6 space-y-4" data-testid="forgot-sent">
          <Said tone="ok">{t('forgotSent')}</Said>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          {error ? (
            <Said tone="error" id={`${id}-error`}>
              {error}
            </Said>
          ) : null}
          <Field id={`${id}-email`} label={t('email')}>
            <Input id={`${id}-email`} type="email" autoComplete="username" required autoFocus aria-invalid={error ? true : undefined} {...form.register('email')} />
          </Field>
          <Button type="submit" variant="primary" className="w-full" disabled={form.formState.isSubmitting}>
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

const newPassword = {
  newPassword: z.string().min(PASSWORD_MIN, 'key:passwordTooShort'),
  repeatPassword: z.string(),
};
const matching = <T extends { newPassword: string; repeatPassword: string }>(v: T) => v.newPassword === v.repeatPassword;
const setSchema = z.object(newPassword).refine(matching, { message: 'key:passwordMismatch', path: ['repeatPassword'] });
const changeSchema = z.object({ currentPassword: z.string(), ...newPassword }).refine(matching, { message: 'key:passwordMismatch', path: ['repeatPassword'] });

/** The server names the new password `password` or `newPassword`: both are the form's `newPassword`. */
const formField = (field: string | undefined) => (field === 'password' || field === 'newPassword' ? 'newPassword' : field === 'currentPassword' ? 'currentPassword' : 'root');

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
  const { words, t } = useAccountWords(lang, messages);
  const id = useId();
  const [done, setDone] = useState(false);
  const form = useForm<z.infer<typeof setSchema>>({ resolver: zodResolver(setSchema), defaultValues: { newPassword: '', repeatPassword: '' } });
  const errors = form.formState.errors;

  if (!account) {
    return (
      <AuthFrame {...frameOf(lang, t)} title={t('passwordTitle')}>
        <div className="mt-6 space-y-4">
          <Said tone="error">{t('linkInvalid')}</Said>
          <p className="text-sm">
            <Link href="/portal/forgot-password" className="font-medium text-brand-700 underline">
              {t('requestNewLink')}
            </Link>
          </p>
        </div>
      </AuthFrame>
    );
  }

  const submit = form.handleSubmit(async (v) => {
    const refused = await post('/api/account/password-link', words, t, { token, password: v.newPassword });
    if (!refused) return setDone(true);
    const field = formField(refused.field);
    form.setError(field === 'currentPassword' ? 'root' : field, { message: refused.message });
  });

  const intro = account.purpose === 'invite' ? t('passwordWelcome', { name: account.name, email: account.email }) : t('passwordResetIntro', { email: account.email });
  return (
    <AuthFrame {...frameOf(lang, t)} title={t('passwordTitle')} intro={intro}>
      {done ? (
        <div className="mt-6 space-y-4" data-testid="password-saved">
          <Said tone="ok">{t('passwordSaved')}</Said>
          <Button asChild variant="primary" className="w-full">
            <Link href={signInHref}>{t('signInButton')}</Link>
          </Button>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          {errors.root ? <Said tone="error">{errors.root.message}</Said> : null}
          <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
          <PasswordField id={`${id}-new`} label={t('newPassword')} hint={t('newPasswordHint', { min: PASSWORD_MIN })} error={say(t, errors.newPassword?.message)} autoComplete="new-password" field={form.register('newPassword')} />
          <PasswordField id={`${id}-repeat`} label={t('repeatPassword')} error={say(t, errors.repeatPassword?.message)} autoComplete="new-password" field={form.register('repeatPassword')} />
          <Button type="submit" variant="primary" className="w-full" disabled={form.formState.isSubmitting}>
            {t('passwordSave')}
          </Button>
        </form>
      )}
    </AuthFrame>
  );
}

export function ChangePasswordForm({ lang, messages, email }: { lang: Lang; messages: CompiledMessages; email: string }) {
  const { words, t } = useAccountWords(lang, messages);
  const id = useId();
  const [done, setDone] = useState(false);
  const empty = { currentPassword: '', newPassword: '', repeatPassword: '' };
  const form = useForm<z.infer<typeof changeSchema>>({ resolver: zodResolver(changeSchema), defaultValues: empty });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (v) => {
    setDone(false);
    const refused = await post('/api/account/password', words, t, { currentPassword: v.currentPassword, newPassword: v.newPassword });
    if (refused) return form.setError(formField(refused.field), { message: refused.message });
    setDone(true);
    toast.success(t('passwordChanged'));
    form.reset(empty);
  });

  return (
    <form className="max-w-sm space-y-4" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t('changePasswordTitle')}
      </h2>
      {done ? <Said tone="ok">{t('passwordChanged')}</Said> : null}
      {errors.root ? <Said tone="error">{errors.root.message}</Said> : null}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField id={`${id}-current`} label={t('currentPassword')} error={say(t, errors.currentPassword?.message)} autoComplete="current-password" field={form.register('currentPassword')} />
      <PasswordField id={`${id}-new`} label={t('newPassword')} hint={t('newPasswordHint', { min: PASSWORD_MIN })} error={say(t, errors.newPassword?.message)} autoComplete="new-password" field={form.register('newPassword')} />
      <PasswordField id={`${id}-repeat`} label={t('repeatPassword')} error={say(t, errors.repeatPassword?.message)} autoComplete="new-password" field={form.register('repeatPassword')} />
      <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
        {t('passwordSave')}
      </Button>
    </form>
  );
}
