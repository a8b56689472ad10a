import 'server-only';
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { PortalUserContext } from '@/db/repositories/portal-users';
import { ApiError } from '@/lib/api/errors';
import { authOptions } from '@/lib/auth/next-auth';
import { crossOriginRefusal, isSameOrigin, requestUser } from '@/lib/auth/session';
import { sessionUser } from '@/lib/auth/sessions';
import type { Operator } from '@/lib/console/use-cases/operator';

// Who may use the operator console: a signed-in portal user whose role is `operator` *now* (the
// database decides on every request, so a disabled user or a changed role counts at once). Pages
// check it in the console layout and again in each page; every console endpoint checks it itself.

function asOperator(user: PortalUserContext | undefined): Operator | 'none' | 'forbidden' {
  if (!user || user.disabled) return 'none';
  if (user.role !== 'operator') return 'forbidden';
  return { id: user.id, name: user.name, email: user.email };
}

/** The signed-in operator of this request, or who else it is ('none', 'forbidden'). Cached per request. */
const pageVisitor = cache(async (): Promise<Operator | 'none' | 'forbidden'> => {
  const session = await getServerSession(authOptions);
  return asOperator(await sessionUser(session ? { sub: session.user?.id, sid: session.sid } : null));
});

/**
 * For the console's layout and pages: the signed-in operator, else a redirect — to the sign-in
 * without a session, to the dealer's portal for a dealer user.
 */
export async function requireOperator(): Promise<Operator> {
  const who = await pageVisitor();
  if (who === 'none') redirect('/console/sign-in');
  if (who === 'forbidden') redirect('/portal');
  return who;
}

/**
 * For a console page's metadata, which Next.js renders beside the layout's check, not after it:
 * the signed-in operator or null. A page names a record in its title only for an operator, so a
 * stranger learns nothing of a record — not even whether its id exists.
 */
export async function operatorOrNull(): Promise<Operator | null> {
  const who = await pageVisitor();
  return typeof who === 'string' ? null : who;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * For the console's route handlers: the operator behind the request's session cookie. 401 without
 * a (valid) session, 403 for anyone but an operator and for a write from another origin.
 */
export async function operatorFromRequest(req: Request): Promise<Operator> {
  const who = asOperator(await requestUser(req));
  if (who === 'none') throw new ApiError('UNAUTHORIZED', { details: 'Sign in to the console with an operator account.' });
  if (who === 'forbidden') throw new ApiError('FORBIDDEN', { details: 'The operator console is for operator accounts only.' });
  if (WRITE_METHODS.has(req.method.toUpperCase()) && !isSameOrigin(req)) throw crossOriginRefusal(req, 'console');
  return who;
}
