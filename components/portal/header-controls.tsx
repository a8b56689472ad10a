'use client';

import { useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { LanguageChoice, SignOutAction } from '@/components/account/face-controls';
import { ENV_COOKIE_NAME, setCookie } from '@/lib/portal/browser/cookies';
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

export function SignOutButton() {
  const { t } = usePortal();
  return <SignOutAction label={t('signOut')} signInPath="/portal/sign-in" />;
}
