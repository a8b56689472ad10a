import { randomBytes } from 'node:crypto';
import { encode } from 'next-auth/jwt';
import { getDb } from '@/lib/database';
import { findPortalUserByEmail } from '@/db/repositories/portal-users';
import { portalUsers } from '@/db/schema';
import { SESSION_COOKIE } from '@/lib/auth/next-auth';
import { startSession } from '@/lib/auth/sessions';
import { hashSecret } from '@/lib/auth/secret-hash';
import { env } from '@/lib/env';
import type { Operator } from '@/lib/console/use-cases/operator';

// Sessions for the operator-console tests: real next-auth session tokens, encoded with the app's
// secret exactly as next-auth's sign-in does (a server-side session started for each), in the Cookie header of real route-handler calls.

export const ORIGIN = 'http://spoke.test';

type SessionUser = { id: string; role: 'dealer' | 'operator' | 'employer'; dealerId: string | null; name: string; email: string };

export async function sessionCookie(user: SessionUser): Promise<string> {
  const token = await encode({ token: { name: user.name, email: user.email, ...(await startSession(user)) }, secret: env.sessionSecret });
  return `${SESSION_COOKIE}=${token}`;
}

export async function demoUser(email: 'operator@example.com' | 'dealer@example.com'): Promise<SessionUser> {
  const user = await findPortalUserByEmail(getDb(), email);
  if (!user) throw new Error(`demo user ${email} missing`);
  return { id: user.id, role: user.role, dealerId: user.dealerId, name: user.name, email: user.email };
}

/** The demo operator as the console's domain functions take it. */
export async function demoOperator(): Promise<Operator> {
  const u = await demoUser('operator@example.com');
  return { id: u.id, name: u.name, email: u.email };
}

/** A second operator account (to tell operators apart in the history), optionally disabled. */
export async function newOperatorUser(options: { disabled?: boolean } = {}): Promise<SessionUser> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await getDb()
    .insert(portalUsers)
    .values({
      email: `op-${suffix}@example.com`,
      name: `Operator ${suffix}`,
      passwordHash: await hashSecret('secret-password'),
      role: 'operator',
      disabledAt: options.disabled ? new Date() : null,
    })
    .returning();
  return { id: row!.id, role: 'operator', dealerId: null, name: row!.name, email: row!.email };
}

/** Headers of a same-origin console call with the user's session. */
export async function consoleHeaders(user: SessionUser): Promise<Record<string, string>> {
  return { cookie: await sessionCookie(user), origin: ORIGIN };
}
