'use client';

import { LanguageChoice, SignOutAction } from '@/components/account/face-controls';
import { useConsole } from './providers';

// The console header's language switch and sign-out: the faces' controls, the console's words.

export function LanguageSwitch() {
  const { t, lang } = useConsole();
  return <LanguageChoice lang={lang} legend={t('language')} />;
}

export function SignOutButton() {
  const { t } = useConsole();
  return <SignOutAction label={t('signOut')} signInPath="/console/sign-in" />;
}
