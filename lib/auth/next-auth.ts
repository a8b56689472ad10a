import 'server-only';
import { createHash } from 'node:crypto';
import type { NextAuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/lib/database';
import { findPortalUserByEmail } from '@/db/repositories/portal-users';
import { clientAddress } from '@/lib/api/client-address';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { consume, createLimiter, isBlocked } from '@/lib/rate-limit';
import { dummySecretHash, verifySecret } from './secret-hash';
import { endSession, SESSION_MAX_AGE, startSession } from './sessions';
import type { UserRole } from '@/lib/shared/model';

// The portal's sign-in: next-auth with e-mail and password (scrypt hashes in portal_users) and
// a JWT session cookie. The same cookie authenticates the portal's calls to /v1 (lib/auth/session.ts).

export type PortalRole = UserRole;

declare module 'next-auth' {
  interface User {
    id: string;
    role: PortalRole;
    dealerId: string | null;
  }
  interface Session {
    user: { id: string; name: string; email: string; role: PortalRole; dealerId: string | null };
    /** The server-side session (lib/auth/sessions.ts). */
    sid?: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    role?: PortalRole;
    dealerId?: string | null;
    sid?: string;
  }
}

/** Cookies are `Secure` (and `__Secure-` prefixed) when the app is served over https. */
export const secureCookies = env.publicUrl.startsWith('https://');
export const SESSION_COOKIE = secureCookies ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
export { SESSION_MAX_AGE };

/** The names of next-auth's callback-URL cookie (without and with `__Secure-`). */
export const callbackUrlCookieNames = ['next-auth.callback-url', '__Secure-next-auth.callback-url'];

/**
 * Whether next-auth can follow a callback URL: a path on this site or an absolute http(s) URL (its
 * own check; where it fails next-auth answers 500). Where it leads is next-auth's redirect rule.
 */
export function isValidCallbackUrl(value: string): boolean {
  try {
    const url = new URL(value, value.startsWith('/') ? 'http://site.invalid' : undefined);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Sign-in error code when the attempt limit is reached (shown by the sign-in page). */
export const TOO_MANY_ATTEMPTS = 'TooManyAttempts';

// Failed sign-ins, per (e-mail, address) and per address. Not per e-mail alone: whoever knows an
// e-mail could then lock its owner out (docs/security.md, "Hardening").
const failuresPerEmail = createLimiter({ keyPrefix: 'rl:login-fail:email-addr', points: 10, duration: 15 * 60 });
const failuresPerAddress = createLimiter({ keyPrefix: 'rl:login-fail:addr', points: 50, duration: 15 * 60 });

type AuthorizeRequest = { headers?: Record<string, unknown> };

function addressOf(req: AuthorizeRequest): string {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return clientAddress(new Request(env.publicUrl, { headers }));
}

/** Checks e-mail and password; null on a wrong pair, throws TOO_MANY_ATTEMPTS when locked out. */
export async function authorizePortalUser(
  credentials: Record<string, unknown> | undefined,
  req: AuthorizeRequest,
): Promise<User | null> {
  const email = typeof credentials?.email === 'string' ? credentials.email.trim().toLowerCase() : '';
  const password = typeof credentials?.password === 'string' ? credentials.password : '';
  if (!email || !password || email.length > 255 || password.length > 1024) return null;

  const address = addressOf(req);
  const emailKey = `${email}\u0000${address}`;
  if ((await isBlocked(failuresPerEmail, emailKey)) ?? (await isBlocked(failuresPerAddress, address))) {
    throw new Error(TOO_MANY_ATTEMPTS);
  }
  const user = await findPortalUserByEmail(getDb(), email);
  const valid = await verifySecret(password, user?.passwordHash ?? (await dummySecretHash()));
  if (!user || !user.passwordHash || !valid || user.disabledAt) {
    await Promise.all([consume(failuresPerEmail, emailKey), consume(failuresPerAddress, address)]);
    // The account by a pseudonym, never the e-mail itself.
    logger.warn({ account: createHash('sha256').update(email).digest('hex').slice(0, 12), address }, 'portal sign-in failed');
    return null;
  }
  return { id: user.id, name: user.name, email: user.email, role: user.role, dealerId: user.dealerId };
}

export const authOptions: NextAuthOptions = {
  secret: env.sessionSecret,
  useSecureCookies: secureCookies,
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE },
  pages: { signIn: '/portal/sign-in', error: '/portal/sign-in' },
  providers: [
    CredentialsProvider({
      id: 'credentials',
      name: 'Spoke',
      credentials: {
        email: { label: 'E-Mail', type: 'email' },
        password: { label: 'Passwort', type: 'password' },
      },
      authorize: (credentials, req) => authorizePortalUser(credentials, req),
    }),
  ],
  callbacks: {
    // A sign-in starts a server-side session; the cookie names it (`sid`).
    async jwt({ token, user }) {
      return user ? { ...token, ...(await startSession(user)) } : token;
    },
    session({ session, token }) {
      session.user = {
        id: token.sub ?? '',
        name: token.name ?? '',
        email: token.email ?? '',
        role: token.role ?? 'dealer',
        dealerId: token.dealerId ?? null,
      };
      session.sid = token.sid;
      return session;
    },
  },
  events: {
    // Sign-out ends the session on the server: the old cookie is refused from now on.
    async signOut(message) {
      const token = 'token' in message ? message.token : null;
      await endSession(token?.sid);
    },
  },
};
