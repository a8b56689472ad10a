'use client';

import { useState } from 'react';
import { LanguageChoice } from '@/components/account/face-controls';
import { Button } from '@/components/ui/button';
import { useConsole } from './providers';

// The console header's language switch and sign-out: the portal's controls, the console's words.

export function LanguageSwitch() {
  const { t, lang } = useConsole();
  return <LanguageChoice lang={lang} legend={t('language')} />;
}

export function SignOutButton() {
  const { t } = useConsole();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // next-auth's client loads on the click, not with every console page.
        void import('next-auth/react').then(({ signOut }) => signOut({ callbackUrl: '/console/sign-in' }));
      }}
    >
      {t('signOut')}
    </Button>
  );
}
