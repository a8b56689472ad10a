import { getServerSession } from 'next-auth';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { findPortalUserContext, type PortalUserContext } from '@/db/repositories/portal-users';
import { authOptions } from '@/lib/auth/next-auth';
import { ENV_COOKIE, portalEnvironment } from '@/lib/auth/session';
import type { Environment } from '@/lib/auth/tokens';
import { LANG_COOKIE, portalLang, type Lang } from './i18n';

// Server-side checks of the portal's layouts and pages. The session decides who is signed in; the
// database decides what they may do now (a disabled user or a changed role counts at once).

export type PortalContext = {
  user: { id: string; name: string; email: string };
  dealerName: string;
  lang: Lang;
  environment: Environment;
  productionAccess: boolean;
};

export async function currentLang(): Promise<Lang> {
  return portalLang((await cookies()).get(LANG_COOKIE)?.value);
}

/** The signed-in user's current record, or null (no session, unknown or disabled user). */
export async function signedInUser(): Promise<PortalUserContext | null> {
  const session = await getServerSession(authOptions);
  if (!session?.user?.id) return null;
  const user = await findPortalUserContext(getDb(), session.user.id);
  return user && !user.disabled ? user : null;
}

/** Where a signed-in user belongs: dealers in the portal, operators in the console. */
export function homeOf(user: PortalUserContext): string {
  return user.role === 'dealer' && user.dealerId ? '/portal' : '/console';
}

/** For the portal's protected layout: the dealer user's context, or a redirect. */
export async function requirePortalContext(): Promise<PortalContext> {
  const user = await signedInUser();
  if (!user) redirect('/portal/sign-in');
  if (user.role !== 'dealer' || !user.dealerId) redirect('/console');
  const store = await cookies();
  return {
    user: { id: user.id, name: user.name, email: user.email },
    dealerName: user.dealerName ?? '',
    lang: portalLang(store.get(LANG_COOKIE)?.value),
    environment: portalEnvironment(store.get(ENV_COOKIE)?.value, user.productionEnabled),
    productionAccess: user.productionEnabled,
  };
}
