'use client';

import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import type { Lang } from '@/lib/i18n/messages';
import { createWords, type CompiledMessages } from '@/lib/i18n/words';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import type { TextKey } from '@/lib/portal/i18n';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LanguageChoice } from './header-controls';
import { Notice } from '@/components/ui/notice';

const TOO_MANY_ATTEMPTS = 'TooManyAttempts';

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
  const [busy, setBusy] = useState(false);
  // The error is kept as a code, so switching the language translates it too.
  const [errorCode, setErrorCode] = useState<string | null>(initialError ?? null);
  const error = errorCode === null ? null : messageFor(errorCode);

  function messageFor(code: string): string {
    if (code === TOO_MANY_ATTEMPTS) return t('signInLocked');
    if (code === 'CredentialsSignin') return t('signInFailed');
    if (code === 'missing') return t('signInMissing');
    return t('signInError');
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) {
      setErrorCode('missing');
      return;
    }
    setBusy(true);
    setErrorCode(null);
    try {
      const res = await signIn('credentials', { email, password, redirect: false });
      if (!res || res.error || !res.ok) {
        setErrorCode(res?.error ?? 'unknown');
        setBusy(false);
        return;
      }
      router.replace(callbackUrl ?? '/portal');
      router.refresh();
    } catch {
      setErrorCode('unknown');
      setBusy(false);
    }
  }

  return (
    <div lang={lang} className="flex min-h-screen items-start justify-center px-4 py-16">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-between">
          <p className="text-lg font-bold text-brand-700">
            {t('appName')} <span className="font-medium text-ink-muted">· {faceName}</span>
          </p>
          <LanguageChoice lang={lang} legend={t('language')} />
        </div>
        <div className="rounded-card border border-line bg-surface p-6 shadow-sm">
          <h1 className="text-2xl font-bold">{t('signInTitle')}</h1>
          <p className="mt-1 text-sm text-ink-muted">{intro}</p>
          <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
            {error ? (
              <Notice id="sign-in-error" role="alert">
                {error}
              </Notice>
            ) : null}
            <Field id="email" label={t('email')}>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                autoFocus
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'sign-in-error' : undefined}
              />
            </Field>
            <Field id="password" label={t('password')}>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'sign-in-error' : undefined}
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
        </div>
      </main>
    </div>
  );
}
