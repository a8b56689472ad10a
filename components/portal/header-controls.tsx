'use client';

import { useQueryClient } from '@tanstack/react-query';
import { signOut } from 'next-auth/react';
import { usePathname, useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { ENV_COOKIE_NAME, setCookie } from '@/lib/portal/cookies';
import { LANG_COOKIE, type Lang } from '@/lib/portal/i18n';
import { usePortal, type Environment } from './providers';

const segment =
  'cursor-pointer px-3 py-1 text-sm font-medium text-slate-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 has-[:focus-visible]:outline-offset-2';

function Segmented<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string; lang?: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex items-center gap-2" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <span aria-hidden="true" className="text-xs text-slate-600">
        {legend}
      </span>
      <div className="flex overflow-hidden rounded-md border border-slate-300 bg-white">
        {options.map((o) => (
          <label key={o.value} className={segment} lang={o.lang}>
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function EnvironmentSwitch() {
  const { t, environment, productionAccess } = usePortal();
  const router = useRouter();
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  if (!productionAccess) {
    return (
      <p className="text-sm text-slate-700">
        {t('environment')}: <span className="font-semibold">{t('sandbox')}</span>
      </p>
    );
  }
  const change = (next: Environment) => {
    setCookie(ENV_COOKIE_NAME, next);
    queryClient.clear();
    startTransition(() => {
      // An offer belongs to one environment: leave pages of single offers for the list. The list
      // and the webhooks page show the other environment's own.
      if (pathname.startsWith('/portal/offers')) router.push('/portal');
      router.refresh();
    });
  };
  return (
    <Segmented
      legend={t('environment')}
      name="environment"
      value={environment}
      disabled={pending}
      onChange={change}
      options={[
        { value: 'sandbox', label: t('sandbox') },
        { value: 'production', label: t('production') },
      ]}
    />
  );
}

export function LanguageSwitch() {
  const { t, lang } = usePortal();
  return <LanguageChoice lang={lang} legend={t('language')} />;
}

/** The language choice; also used on the sign-in page, outside the portal's provider. */
export function LanguageChoice({ lang, legend }: { lang: Lang; legend: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Segmented
      legend={legend}
      name="language"
      value={lang}
      disabled={pending}
      onChange={(next) => {
        setCookie(LANG_COOKIE, next);
        startTransition(() => router.refresh());
      }}
      options={[
        { value: 'de', label: 'DE', lang: 'de' },
        { value: 'en', label: 'EN', lang: 'en' },
      ]}
    />
  );
}

export function SignOutButton() {
  const { t } = usePortal();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // Our own redirect: next-auth's would use NEXTAUTH_URL, which a deployment may leave unset.
        void signOut({ redirect: false }).then(() => {
          queryClient.clear();
          router.replace('/portal/sign-in');
          router.refresh();
        });
      }}
      className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
    >
      {t('signOut')}
    </button>
  );
}
