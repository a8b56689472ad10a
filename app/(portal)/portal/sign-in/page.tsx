import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/portal/sign-in-form';
import { translator } from '@/lib/portal/i18n';
import { currentLang, homeOf, signedInUser } from '@/lib/portal/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('signInTitle') };
}

/** Only same-site paths: a sign-in link must not send the user elsewhere. */
function safeCallback(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  try {
    // Only the path is kept, so the target is always on this site.
    const url = new URL(v, 'http://spoke.invalid');
    return url.pathname.startsWith('/portal') && !url.pathname.startsWith('/portal/sign-in') ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await signedInUser();
  if (user) redirect(homeOf(user));
  const lang = await currentLang();
  const params = await searchParams;
  const error = typeof params.error === 'string' ? params.error : undefined;
  return <SignInForm lang={lang} callbackUrl={safeCallback(params.callbackUrl)} initialError={error} />;
}
