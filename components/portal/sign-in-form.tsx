'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { translator, type Lang } from '@/lib/portal/i18n';
import { LanguageChoice } from './header-controls';

const TOO_MANY_ATTEMPTS = 'TooManyAttempts';

export function SignInForm({ lang, callbackUrl, initialError }: { lang: Lang; callbackUrl?: string; initialError?: string }) {
  const t = translator(lang);
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
            {t('appName')} <span className="font-medium text-slate-700">· {t('portal')}</span>
          </p>
          <LanguageChoice lang={lang} legend={t('language')} />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold">{t('signInTitle')}</h1>
          <p className="mt-1 text-sm text-slate-700">{t('signInIntro')}</p>
          <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
            {error ? (
              <p id="sign-in-error" role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
                {error}
              </p>
            ) : null}
            <div>
              <label htmlFor="email" className="block text-sm font-medium text-slate-800">
                {t('email')}
              </label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                autoFocus
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'sign-in-error' : undefined}
                className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="password" className="block text-sm font-medium text-slate-800">
                {t('password')}
              </label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'sign-in-error' : undefined}
                className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
              />
            </div>
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {busy ? t('signingIn') : t('signInButton')}
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}
