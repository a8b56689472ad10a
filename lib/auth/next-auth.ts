import type { NextAuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/db/client';
import { findPortalUserByEmail } from '@/db/repositories/portal-users';
import { clientAddress } from '@/lib/api/client-address';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { consume, createLimiter, isBlocked } from '@/lib/rate-limit';
import { dummySecretHash, verifySecret } from './secret-hash';

// The portal's sign-in: next-auth with e-mail and password (scrypt hashes in portal_users) and
// a JWT session cookie. The same cookie authenticates the portal's calls to /v1 (lib/auth/session.ts).

export type PortalRole = 'dealer' | 'operator';

declare module 'next-auth' {
  interface User {
    id: string;
    role: PortalRole;
    dealerId: string | null;
  }
  interface Session {
    user: { id: string; name: string; email: string; role: PortalRole; dealerId: string | null };
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    role?: PortalRole;
    dealerId?: string | null;
  }
}

/** Cookies are `Secure` (and `__Secure-` prefixed) when the app is served over https. */
export const secureCookies = env.publicUrl.startsWith('https://');
export const SESSION_COOKIE = secureCookies ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
export const SESSION_MAX_AGE = 8 * 60 * 60;

/** Sign-in error code when the attempt limit is reached (shown by the sign-in page). */
export const TOO_MANY_ATTEMPTS = 'TooManyAttempts';

// Failed sign-ins, per e-mail and per address: guessing a password is hopeless.
const failuresPerEmail = createLimiter({ keyPrefix: 'rl:login-fail:email', points: 10, duration: 15 * 60 });
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
  if ((await isBlocked(failuresPerEmail, email)) ?? (await isBlocked(failuresPerAddress, address))) {
    throw new Error(TOO_MANY_ATTEMPTS);
  }
  const user = await findPortalUserByEmail(getDb(), email);
  const valid = await verifySecret(password, user?.passwordHash ?? (await dummySecretHash()));
  if (!user || !valid || user.disabledAt) {
    await Promise.all([consume(failuresPerEmail, email), consume(failuresPerAddress, address)]);
    logger.warn({ email, address }, 'portal sign-in failed');
    return null;
  }
  return { id: user.id, name: user.name, email: user.email, role: user.role, dealerId: user.dealerId };
}

/** The claims the session cookie carries besides next-auth's own (`sub` is the user id). */
export function sessionClaims(user: Pick<User, 'id' | 'role' | 'dealerId'>) {
  return { sub: user.id, role: user.role, dealerId: user.dealerId };
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
    jwt({ token, user }) {
      return user ? { ...token, ...sessionClaims(user) } : token;
    },
    session({ session, token }) {
      session.user = {
        id: token.sub ?? '',
        name: token.name ?? '',
        email: token.email ?? '',
        role: token.role ?? 'dealer',
        dealerId: token.dealerId ?? null,
      };
      return session;
    },
  },
};
