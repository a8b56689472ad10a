import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { employerReturnPath } from '@/lib/employer/http/auth';
import { employerLang, employerTranslator } from '@/lib/employer/i18n';
import { SignInForm } from '@/components/account/sign-in-form';
import { clientMessages } from '@/lib/i18n/catalogue';
import { LANG_COOKIE } from '@/lib/i18n/words';
import { homeOf, signedInUser } from '@/lib/portal/http/server';
import { translator } from '@/lib/portal/i18n';

// The employer face's own sign-in (the same accounts and form as the portal's, in the face's name).

export async function generateMetadata(): Promise<Metadata> {
  const lang = employerLang((await cookies()).get(LANG_COOKIE)?.value);
  return { title: `${translator(lang)('signInTitle')} · ${employerTranslator(lang)('employerFace')}` };
}

export default async function EmployerSignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await signedInUser();
  if (user) redirect(homeOf(user));
  const lang = employerLang((await cookies()).get(LANG_COOKIE)?.value);
  const params = await searchParams;
  const error = params.error;
  return (
    <SignInForm
      lang={lang}
      face="employer"
      messages={clientMessages(lang, ['common', 'portal', 'employer'])}
      callbackUrl={employerReturnPath(params.callbackUrl) ?? '/employer'}
      initialError={typeof error === 'string' ? error : undefined}
    />
  );
}
