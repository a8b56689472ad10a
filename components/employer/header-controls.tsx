'use client';

import { LanguageChoice, SignOutAction } from '@/components/account/face-controls';
import { useEmployer } from './providers';

export function LanguageSwitch() {
  const { t, lang } = useEmployer();
  return <LanguageChoice lang={lang} legend={t('language')} />;
}

export function SignOutButton() {
  const { t } = useEmployer();
  return <SignOutAction label={t('signOut')} signInPath="/employer/sign-in" />;
}
