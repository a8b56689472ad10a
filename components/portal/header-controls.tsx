'use client';

import { useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { ENV_COOKIE_NAME, setCookie } from '@/lib/portal/browser/cookies';
import type { Lang } from '@/lib/i18n/messages';
import { LANG_COOKIE } from '@/lib/i18n/words';
import { Button } from '@/components/ui/button';
import { Segmented } from '@/components/ui/segmented';
import { usePortal, type Environment } from './providers';

export function EnvironmentSwitch() {
  const { t, environment, productionAccess } = usePortal();
  const router = useRouter();
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  if (!productionAccess) {
    return (
      <p className="text-sm text-ink-muted">
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
  return <SignOutAction label={t('signOut')} signInPath="/portal/sign-in" />;
}

/** Signs out and goes to the face's sign-in page (the portal's and the employer face's header). */
export function SignOutAction({ label, signInPath }: { label: string; signInPath: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // Our own redirect: next-auth's would use NEXTAUTH_URL, which a deployment may leave unset.
        // next-auth's client loads on the click: it is no part of every page's first JavaScript.
        void import('next-auth/react')
          .then(({ signOut }) => signOut({ redirect: false }))
          .then(() => {
            queryClient.clear();
            router.replace(signInPath);
            router.refresh();
          });
      }}
    >
      {label}
    </Button>
  );
}
