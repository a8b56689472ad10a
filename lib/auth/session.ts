import 'server-only';
import { getToken, type JWT } from 'next-auth/jwt';
import { ApiError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { ENV_COOKIE_NAME } from '@/lib/shared/model';
import type { Principal } from './principal';
import { SESSION_COOKIE, secureCookies } from './next-auth';
import { SCOPES } from './scopes';
import { sessionUser, type SignedInUser } from './sessions';
import type { Environment } from './tokens';
import { answerTexts, format } from '@/lib/i18n/messages';

// The portal's session cookie on /v1 (docs/contract.md, "Authentication"): a signed-in dealer user acts for
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
 * The site's own origin for a request: PUBLIC_URL's when it is set — then no other — else the one
 * the request was addressed to (its Host, with the scheme it arrived by), so the site opened at
 * http://127.0.0.1:3000 and at http://localhost:3000 is itself at either address.
 */
export function ownOrigin(req: Request, publicUrl: string | null = env.publicUrlSet ? env.publicUrl : null): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const url = new URL(req.url);
  const host = req.headers.get('host');
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  if (!host || !/^(https?)$/.test(proto)) return url.origin;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return url.origin;
  }
}

/**
 * True when a request comes from a page of the site's own origin (ownOrigin): its Origin header
 * names it, or, without an Origin header, the browser marks it Sec-Fetch-Site: same-origin.
 */
export function isSameOrigin(req: Request, publicUrl: string | null = env.publicUrlSet ? env.publicUrl : null): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = req.headers.get('origin');
  if (origin !== null) return origin === ownOrigin(req, publicUrl);
  return site === 'same-origin';
}

/** 403 for a change from another origin, saying in the reader's language which address to open. */
export function crossOriginRefusal(req: Request, face: 'portal' | 'console' | 'employer'): ApiError {
  const page = `${ownOrigin(req)}/${face}`;
  return new ApiError('FORBIDDEN', {
    text: format(answerTexts.crossOrigin, { page }),
  });
}

function hasSessionCookie(cookies: Record<string, string>): boolean {
  return Object.keys(cookies).some((name) => name === SESSION_COOKIE || name.startsWith(`${SESSION_COOKIE}.`));
}

/** The claims of a request's session cookie (next-auth's JWT), or null. */
export async function sessionClaims(req: Request): Promise<JWT | null> {
  const cookies = parseCookies(req.headers.get('cookie'));
  if (!hasSessionCookie(cookies)) return null;
  return getToken({
    // getToken reads `cookies` as a plain object; a Request's cookies are only in its header.
    req: { headers: req.headers, cookies } as unknown as Parameters<typeof getToken>[0]['req'],
    secret: env.sessionSecret,
    secureCookie: secureCookies,
    cookieName: SESSION_COOKIE,
  });
}

/** The signed-in user behind a request's session cookie, or undefined (none, invalid, ended, user disabled). */
export async function requestUser(req: Request): Promise<SignedInUser | undefined> {
  return sessionUser(await sessionClaims(req));
}

/**
 * The principal of a request that carries the portal's session cookie, or null when it carries
 * none (or an invalid or expired one, one whose session was ended, or one of a user who no longer
 * exists or is disabled).
 * Throws 403 for a cross-origin write and for users without dealer access (operators).
 */
export async function sessionPrincipal(req: Request): Promise<Principal | null> {
  const token = await sessionClaims(req);
  if (!token?.sub) return null;
  const cookies = parseCookies(req.headers.get('cookie'));

  if (WRITE_METHODS.has(req.method.toUpperCase()) && !isSameOrigin(req)) throw crossOriginRefusal(req, 'portal');

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
