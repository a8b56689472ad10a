import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/account/sign-in-form';
import { clientMessages } from '@/lib/i18n/catalogue';
import { consoleTranslator } from '@/lib/console/i18n';
import { translator } from '@/lib/portal/i18n';
import { currentLang, homeOf, signedInUser } from '@/lib/portal/http/server';

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The face this sign-in page speaks for: the console's (/console/sign-in) or the portal's. */
const faceOf = (params: Record<string, string | string[] | undefined>): 'portal' | 'console' => (params.face === 'console' ? 'console' : 'portal');

export async function generateMetadata({ searchParams }: { searchParams: Search }): Promise<Metadata> {
  const lang = await currentLang();
  const face = faceOf(await searchParams);
  const faceName = face === 'console' ? consoleTranslator(lang)('console') : translator(lang)('portal');
  return { title: `${translator(lang)('signInTitle')} · ${faceName}` };
}

/** Only same-site paths: a sign-in link must not send the user elsewhere. */
function safeCallback(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  try {
    // Only the path is kept, so the target is always on this site.
    const url = new URL(v, 'http://spoke.invalid');
    const inFace = url.pathname.startsWith('/portal') || url.pathname.startsWith('/console');
    return inFace && !url.pathname.endsWith('/sign-in') ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const user = await signedInUser();
  if (user) redirect(homeOf(user));
  const lang = await currentLang();
  const params = await searchParams;
  const error = typeof params.error === 'string' ? params.error : undefined;
  const face = faceOf(params);
  return (
    <SignInForm
      lang={lang}
      face={face}
      messages={clientMessages(lang, face === 'console' ? ['common', 'portal', 'console'] : ['common', 'portal'])}
      callbackUrl={safeCallback(params.callbackUrl) ?? (face === 'console' ? '/console' : undefined)}
      initialError={error}
    />
  );
}
