import 'server-only';
import { getToken } from 'next-auth/jwt';
import { ApiError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { ENV_COOKIE_NAME } from '@/lib/shared/model';
import type { Principal } from './principal';
import { SESSION_COOKIE, secureCookies } from './next-auth';
import { SCOPES } from './scopes';
import { sessionUser } from './sessions';
import type { Environment } from './tokens';

// The portal's session cookie on /v1 (DESIGN.md, Authentication): a signed-in dealer user acts for
// their dealer in the environment chosen in the portal, with every scope. Writes by cookie must
// come from our own origin, so another site cannot make a signed-in browser change offers.

/** The portal's environment choice; production only counts when the dealer has production access. */
export const ENV_COOKIE = ENV_COOKIE_NAME;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    if (name && !(name in out)) out[name] = value;
  }
  return out;
}

export function portalEnvironment(requested: string | undefined | null, productionEnabled: boolean): Environment {
  return requested === 'production' && productionEnabled ? 'production' : 'sandbox';
}

/**
 * True when a request comes from a page of our own origin: its Origin header names the public URL
 * (or the origin the request was addressed to), or, without an Origin header, the browser marks
 * it Sec-Fetch-Site: same-origin.
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = req.headers.get('origin');
  if (origin !== null) {
    const allowed = new Set([new URL(env.publicUrl).origin, new URL(req.url).origin]);
    return allowed.has(origin);
  }
  return site === 'same-origin';
}

function hasSessionCookie(cookies: Record<string, string>): boolean {
  return Object.keys(cookies).some((name) => name === SESSION_COOKIE || name.startsWith(`${SESSION_COOKIE}.`));
}

/**
 * The principal of a request that carries the portal's session cookie, or null when it carries
 * none (or an invalid or expired one, one whose session was ended, or one of a user who no longer
 * exists or is disabled).
 * Throws 403 for a cross-origin write and for users without dealer access (operators).
 */
export async function sessionPrincipal(req: Request): Promise<Principal | null> {
  const cookies = parseCookies(req.headers.get('cookie'));
  if (!hasSessionCookie(cookies)) return null;
  const token = await getToken({
    // getToken reads `cookies` as a plain object; a Request's cookies are only in its header.
    req: { headers: req.headers, cookies } as unknown as Parameters<typeof getToken>[0]['req'],
    secret: env.sessionSecret,
    secureCookie: secureCookies,
    cookieName: SESSION_COOKIE,
  });
  if (!token?.sub) return null;

  if (WRITE_METHODS.has(req.method.toUpperCase()) && !isSameOrigin(req)) {
    throw new ApiError('FORBIDDEN', { details: 'Changes with the portal session must come from the portal itself (same origin).' });
  }

  const user = await sessionUser(token);
  if (!user) return null;
  if (user.role !== 'dealer' || !user.dealerId) {
    throw new ApiError('FORBIDDEN', { details: 'This account has no dealer access; operators use the operator console.' });
  }
  return {
    dealerId: user.dealerId,
    environment: portalEnvironment(cookies[ENV_COOKIE], user.productionEnabled),
    scopes: [...SCOPES],
    actor: { type: 'user', id: user.id, name: user.name },
    rateKey: `user:${user.id}`,
  };
}
