import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/account/password-forms';
import { clientMessages } from '@/lib/i18n/catalogue';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('forgotTitle') };
}

export default async function ForgotPasswordPage() {
  const lang = await currentLang();
  return <ForgotPasswordForm lang={lang} messages={clientMessages(lang, ['common', 'portal'])} />;
}
