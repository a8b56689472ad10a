import { and, eq, ne, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { portalSessions, portalUsers } from '../schema';

// Portal and console sessions (db/schema/accounts.ts): a session is valid while its row exists.

/** Starts a session of a user: its row, remembering the user's last activity as the previous visit. */
export async function insertSession(db: Executor, userId: string, idleSeconds: number): Promise<string> {
  // Sessions idle longer than a cookie lives can no longer be used: pruned here, on sign-in.
  await db.delete(portalSessions).where(sql`${portalSessions.lastSeenAt} < now() - (${idleSeconds}::int * interval '1 second')`);
  const [row] = await db
    .insert(portalSessions)
    .values({
      userId,
      previousVisitAt: sql`(select ${portalUsers.lastSeenAt} from ${portalUsers} where ${portalUsers.id} = ${userId})`,
    })
    .returning({ id: portalSessions.id });
  return row!.id;
}

export type SessionState = { previousVisitAt: Date | null };

/**
 * The session `sid` of user `userId` if it exists (else undefined: signed out or revoked). Marks
 * the session and its user as seen when that is older than `touchSeconds` (one write every few
 * minutes per session, not one per request).
 */
export async function findSession(db: Executor, userId: string, sid: string, touchSeconds: number): Promise<SessionState | undefined> {
  const rows = rowsOf<{ previous_visit_at: Date | string | null; stale: boolean }>(
    await db.execute(sql`
      select ${portalSessions.previousVisitAt} as previous_visit_at,
             ${portalSessions.lastSeenAt} < now() - (${touchSeconds}::int * interval '1 second') as stale
      from ${portalSessions}
      where ${portalSessions.id} = ${sid} and ${portalSessions.userId} = ${userId}`),
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) {
    await db.update(portalSessions).set({ lastSeenAt: sql`now()` }).where(eq(portalSessions.id, sid));
    await db.update(portalUsers).set({ lastSeenAt: sql`now()` }).where(eq(portalUsers.id, userId));
  }
  const prev = row.previous_visit_at;
  return { previousVisitAt: prev === null ? null : new Date(prev) };
}

/** Ends one session (sign-out). */
export async function deleteSession(db: Executor, sid: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.id, sid));
}

/** Ends every session of a user, or every one but `keep` (password change keeps the changer's own). */
export async function deleteUserSessions(db: Executor, userId: string, keep?: string): Promise<number> {
  const rows = await db
    .delete(portalSessions)
    .where(keep ? and(eq(portalSessions.userId, userId), ne(portalSessions.id, keep)) : eq(portalSessions.userId, userId))
    .returning({ id: portalSessions.id });
  return rows.length;
}
