'use client';

import { signOut } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { LANG_COOKIE, type Lang } from '@/lib/console/i18n';
import { useConsole } from './providers';

// The console header's language switch and sign-out: the portal's look (components/portal/
// header-controls.tsx), duplicated minimally because the portal's file is still being worked on.

const segment =
  'cursor-pointer px-3 py-1 text-sm font-medium text-slate-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 has-[:focus-visible]:outline-offset-2';

function setCookie(name: string, value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

export function LanguageSwitch() {
  const { t, lang } = useConsole();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const options: { value: Lang; label: string }[] = [
    { value: 'de', label: 'DE' },
    { value: 'en', label: 'EN' },
  ];
  return (
    <fieldset className="flex items-center gap-2" disabled={pending}>
      <legend className="sr-only">{t('language')}</legend>
      <span aria-hidden="true" className="text-xs text-slate-600">
        {t('language')}
      </span>
      <div className="flex overflow-hidden rounded-md border border-slate-300 bg-white">
        {options.map((o) => (
          <label key={o.value} className={segment} lang={o.value}>
            <input
              type="radio"
              className="sr-only"
              name="language"
              value={o.value}
              checked={lang === o.value}
              onChange={() => {
                setCookie(LANG_COOKIE, o.value);
                startTransition(() => router.refresh());
              }}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SignOutButton() {
  const { t } = useConsole();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ callbackUrl: '/portal/sign-in' });
      }}
      className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
    >
      {t('signOut')}
    </button>
  );
}
