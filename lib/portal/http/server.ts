import 'server-only';
import { getServerSession } from 'next-auth';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { PortalUserContext } from '@/db/repositories/portal-users';
import { authOptions } from '@/lib/auth/next-auth';
import { ENV_COOKIE, parseCookies, portalEnvironment, requestUser } from '@/lib/auth/session';
import { sessionUser, type SignedInUser } from '@/lib/auth/sessions';
import type { Environment } from '@/lib/auth/tokens';
import { LANG_COOKIE, portalLang, type Lang } from '@/lib/portal/i18n';

// Server-side checks of the portal's layouts and pages. The session decides who is signed in; the
// database decides what they may do now (a disabled user or a changed role counts at once).

export type PortalContext = {
  user: { id: string; name: string; email: string };
  dealerId: string;
  /** The user's last activity before this session began (null on a first sign-in). */
  previousVisitAt: Date | null;
  dealerName: string;
  lang: Lang;
  environment: Environment;
  productionAccess: boolean;
};

export async function currentLang(): Promise<Lang> {
  return portalLang((await cookies()).get(LANG_COOKIE)?.value);
}

/**
 * The signed-in user's current record, or null (no session, an ended session, unknown or disabled
 * user). Read once per request: a page and its layout both ask (React's `cache`).
 */
export const signedInUser = cache(async (): Promise<SignedInUser | null> => {
  const session = await getServerSession(authOptions);
  if (!session?.user?.id) return null;
  return (await sessionUser({ sub: session.user.id, sid: session.sid })) ?? null;
});

/** Where a signed-in user belongs: dealers in the portal, employers' HR staff at /employer, operators in the console. */
export function homeOf(user: PortalUserContext): string {
  if (user.role === 'dealer' && user.dealerId) return '/portal';
  if (user.role === 'employer' && user.employerId) return '/employer';
  return '/console';
}

/** For the portal's protected layout: the dealer user's context, or a redirect. */
export async function requirePortalContext(): Promise<PortalContext> {
  const user = await signedInUser();
  if (!user) redirect('/portal/sign-in');
  if (user.role !== 'dealer' || !user.dealerId) redirect(homeOf(user));
  const store = await cookies();
  return {
    user: { id: user.id, name: user.name, email: user.email },
    dealerId: user.dealerId,
    previousVisitAt: user.previousVisitAt,
    dealerName: user.dealerName ?? '',
    lang: portalLang(store.get(LANG_COOKIE)?.value),
    environment: portalEnvironment(store.get(ENV_COOKIE)?.value, user.productionEnabled),
    productionAccess: user.productionEnabled,
  };
}

/** The signed-in dealer user's tenant (dealer and the environment chosen in the portal), or null. */
export async function portalTenant(): Promise<{ dealerId: string; environment: Environment; lang: Lang } | null> {
  const user = await signedInUser();
  if (!user || user.role !== 'dealer' || !user.dealerId) return null;
  const store = await cookies();
  return { dealerId: user.dealerId, environment: portalEnvironment(store.get(ENV_COOKIE)?.value, user.productionEnabled), lang: portalLang(store.get(LANG_COOKIE)?.value) };
}

export type PortalViewer = { userId: string; sid: string; lang: Lang; tenant: { dealerId: string; environment: Environment } };

/**
 * For the portal's own route handlers (export, document, events): the signed-in dealer user of
 * the request — their session (for answers that outlive the request's check), tenant and
 * language — or null.
 */
export async function portalViewerOf(req: Request): Promise<PortalViewer | null> {
  const user = await requestUser(req);
  if (!user || user.role !== 'dealer' || !user.dealerId) return null;
  const cookies = parseCookies(req.headers.get('cookie'));
  return {
    userId: user.id,
    sid: user.sid,
    lang: portalLang(cookies[LANG_COOKIE]),
    tenant: { dealerId: user.dealerId, environment: portalEnvironment(cookies[ENV_COOKIE], user.productionEnabled) },
  };
}
