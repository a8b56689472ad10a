'use client';

import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Lang } from '@/lib/i18n/messages';
import { createWords, type CompiledMessages } from '@/lib/i18n/words';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import type { TextKey } from '@/lib/portal/i18n';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AuthFrame } from './auth-frame';
import { Notice } from '@/components/ui/notice';

const TOO_MANY_ATTEMPTS = 'TooManyAttempts';
const credentials = z.object({ email: z.string().trim().min(1), password: z.string().min(1) });

export function SignInForm({
  lang,
  face = 'portal',
  messages,
  callbackUrl,
  initialError,
}: {
  lang: Lang;
  /** The face the page signs in to: its name and words (the console's at /console/sign-in, the employer face's at /employer/sign-in). */
  face?: 'portal' | 'console' | 'employer';
  messages: CompiledMessages;
  callbackUrl?: string;
  initialError?: string;
}) {
  const words = useMemo(() => createWords(lang, messages), [lang, messages]);
  const t = words.translator<TextKey>('portal');
  const c = words.translator<ConsoleTextKey>('console');
  const e = words.translator<'employerFace' | 'signInIntro'>('employer');
  const faceName = face === 'console' ? c('console') : face === 'employer' ? e('employerFace') : t('portal');
  const intro = face === 'console' ? c('signInIntro') : face === 'employer' ? e('signInIntro') : t('signInIntro');
  const router = useRouter();
  const form = useForm<{ email: string; password: string }>({ resolver: zodResolver(credentials), defaultValues: { email: '', password: '' } });
  // The error is kept as a code, so switching the language translates it too.
  const errors = form.formState.errors;
  const errorCode = errors.root?.message ?? (errors.email || errors.password ? 'missing' : (initialError ?? null));
  const error = errorCode === null ? null : messageFor(errorCode);
  const busy = form.formState.isSubmitting || form.formState.isSubmitSuccessful;

  function messageFor(code: string): string {
    if (code === TOO_MANY_ATTEMPTS) return t('signInLocked');
    if (code === 'CredentialsSignin') return t('signInFailed');
    if (code === 'missing') return t('signInMissing');
    return t('signInError');
  }

  const submit = form.handleSubmit(async ({ email, password }) => {
    const res = await signIn('credentials', { email, password, redirect: false }).catch(() => undefined);
    if (!res || res.error || !res.ok) {
      form.setError('root', { message: res?.error ?? 'unknown' });
      return;
    }
    router.replace(callbackUrl ?? '/portal');
    router.refresh();
  });

  return (
    <AuthFrame lang={lang} brand={{ app: t('appName'), face: faceName }} languageLegend={t('language')} title={t('signInTitle')} intro={intro}>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        {error ? (
          <Notice id="sign-in-error" role="alert">
            {error}
          </Notice>
        ) : null}
        <Field id="email" label={t('email')}>
          <Input
            id="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sign-in-error' : undefined}
            {...form.register('email')}
          />
        </Field>
        <Field id="password" label={t('password')}>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sign-in-error' : undefined}
            {...form.register('password')}
          />
        </Field>
        <Button type="submit" variant="primary" disabled={busy} className="w-full">
          {busy ? t('signingIn') : t('signInButton')}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        <Link href="/portal/forgot-password" className="font-medium text-brand-700 underline">
          {t('forgotLink')}
        </Link>
      </p>
    </AuthFrame>
  );
}
