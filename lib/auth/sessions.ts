import { getDb } from '@/lib/database';
import { findPortalUserContext, type PortalUserContext } from '@/db/repositories/portal-users';
import { deleteSession, deleteUserSessions, findSession, insertSession } from '@/db/repositories/portal-sessions';
import type { UserRole } from '@/lib/shared/model';

// Server-side sessions behind the next-auth JWT cookie (docs/security.md, "Sessions"). The cookie
// names its session (`sid`); every request checks that the session still exists, so sign-out,
// a password change and disabling a user end sessions at once, not when the cookie expires.

/** How long a cookie lives after its last renewal (next-auth's session maxAge). */
export const SESSION_MAX_AGE = 8 * 60 * 60;
/** A session is marked as seen at most this often (one write per session every 5 minutes). */
export const SESSION_TOUCH_SECONDS = 5 * 60;

export type SessionUser = { id: string; role: UserRole; dealerId: string | null };

/** The claims a new session cookie carries besides next-auth's own (`sub` is the user id). */
export async function startSession(user: SessionUser): Promise<{ sub: string; role: SessionUser['role']; dealerId: string | null; sid: string }> {
  // Idle rows are pruned a little after their cookie can no longer be valid.
  const sid = await insertSession(getDb(), user.id, SESSION_MAX_AGE + 2 * SESSION_TOUCH_SECONDS);
  return { sub: user.id, role: user.role, dealerId: user.dealerId, sid };
}

export type SignedInUser = PortalUserContext & { sid: string; previousVisitAt: Date | null };

/**
 * The user of a session cookie's claims, or undefined when the session was ended (signed out,
 * revoked), the cookie predates server-side sessions, or the user is gone or disabled.
 */
export async function sessionUser(claims: { sub?: string | null; sid?: string | null } | null | undefined): Promise<SignedInUser | undefined> {
  if (!claims?.sub || !claims.sid) return undefined;
  const db = getDb();
  const session = await findSession(db, claims.sub, claims.sid, SESSION_TOUCH_SECONDS);
  if (!session) return undefined;
  const user = await findPortalUserContext(db, claims.sub);
  if (!user || user.disabled) return undefined;
  return { ...user, sid: claims.sid, previousVisitAt: session.previousVisitAt };
}

/** Sign-out: the session ends on the server, whatever happens to the cookie. */
export async function endSession(sid: string | null | undefined): Promise<void> {
  if (sid) await deleteSession(getDb(), sid);
}

/** Ends every session of a user (disabled), or all but `keep` (the user changed the password). */
export async function revokeUserSessions(userId: string, keep?: string): Promise<number> {
  return deleteUserSessions(getDb(), userId, keep);
}
