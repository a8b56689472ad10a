'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LanguageChoice } from '@/components/portal/header-controls';
import { useEmployer } from './providers';

export function LanguageSwitch() {
  const { t, lang } = useEmployer();
  return <LanguageChoice lang={lang} legend={t('language')} />;
}

export function SignOutButton() {
  const { t } = useEmployer();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // Our own redirect, as the portal's: next-auth's would use NEXTAUTH_URL.
        void import('next-auth/react')
          .then(({ signOut }) => signOut({ redirect: false }))
          .then(() => {
            queryClient.clear();
            router.replace('/employer/sign-in');
            router.refresh();
          });
      }}
    >
      {t('signOut')}
    </Button>
  );
}
