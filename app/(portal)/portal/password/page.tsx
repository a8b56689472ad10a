import type { Metadata } from 'next';
import { SetPasswordForm } from '@/components/account/password-forms';
import { linkState } from '@/lib/auth/accounts';
import { clientMessages } from '@/lib/i18n/catalogue';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

// The page of an invitation or reset link: whose account it is (or that the link no longer
// holds), and the form that chooses the password. Looking at the page does not use the link.

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('passwordTitle'), referrer: 'no-referrer' };
}

export default async function PasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === 'string' ? params.token : '';
  const account = await linkState(token);
  const lang = await currentLang();
  return <SetPasswordForm lang={lang} messages={clientMessages(lang, ['common', 'portal'])} token={token} account={account} />;
}
