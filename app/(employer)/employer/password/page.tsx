import type { Metadata } from 'next';
import { SetPasswordForm } from '@/components/account/password-forms';
import { linkState } from '@/lib/auth/accounts';
import { clientMessages } from '@/lib/i18n/catalogue';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

// An HR staff member's invitation or reset link: the portal's form, signing in at the employer
// face afterwards. Looking at the page does not use the link.

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('passwordTitle'), referrer: 'no-referrer' };
}

export default async function EmployerPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const value = typeof token === 'string' ? token : '';
  const lang = await currentLang();
  return <SetPasswordForm lang={lang} messages={clientMessages(lang, ['common', 'portal'])} token={value} account={await linkState(value)} signInHref="/employer/sign-in" />;
}
