import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { portalUsers, portalUserTokens } from '../schema';
import type { StaffOwner } from '@/lib/shared/model';

// Staff accounts — a dealer's (portal users of role `dealer`) and an employer's HR staff (role
// `employer`) — and their one-time links (invitation, password reset). Tokens are stored as SHA-256 hashes only. A user has at most one open link: a
// new link, a new password and disabling the user end every open link of the user.

export type StaffUser = {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  disabledAt: Date | null;
  lastSeenAt: Date | null;
  hasPassword: boolean;
};

/** The users of a dealer or an employer: its column and its role. */
function ofOwner(owner: StaffOwner) {
  return 'dealerId' in owner
    ? and(eq(portalUsers.dealerId, owner.dealerId), eq(portalUsers.role, 'dealer'))
    : and(eq(portalUsers.employerId, owner.employerId), eq(portalUsers.role, 'employer'));
}

/** A dealer's or an employer's staff users, oldest first. */
export async function listStaffUsers(db: Executor, owner: StaffOwner): Promise<StaffUser[]> {
  const rows = await db
    .select({
      id: portalUsers.id,
      email: portalUsers.email,
      name: portalUsers.name,
      createdAt: portalUsers.createdAt,
      disabledAt: portalUsers.disabledAt,
      lastSeenAt: portalUsers.lastSeenAt,
      hasPassword: sql<boolean>`${portalUsers.passwordHash} is not null`,
    })
    .from(portalUsers)
    .where(ofOwner(owner))
    .orderBy(asc(portalUsers.createdAt), asc(portalUsers.email));
  return rows.map((r) => ({ ...r, hasPassword: Boolean(r.hasPassword) }));
}

/**
 * A new staff user without a password (an invitation sets it). Throws on a taken e-mail (unique
 * index). An employer's HR staff follow new requests by mail from the start; a dealer's users the
 * order received (`done`, the purchase order attached) and its payout (`paid`).
 */
export async function insertStaffUser(db: Executor, owner: StaffOwner, user: { email: string; name: string; lang: 'de' | 'en' }): Promise<string> {
  const [row] = await db
    .insert(portalUsers)
    .values({
      ...('dealerId' in owner
        ? { dealerId: owner.dealerId, role: 'dealer' as const, notifyStatuses: ['done', 'paid'] }
        : { employerId: owner.employerId, role: 'employer' as const, notifyStatuses: ['employer_decision_pending'] }),
      email: user.email,
      name: user.name,
      passwordHash: null,
      notifyLang: user.lang,
    })
    .returning({ id: portalUsers.id });
  return row!.id;
}

/** Disables a staff user (only one of that owner) and ends the user's open links; the user's e-mail and name, or undefined. */
export async function disableOwnedUser(db: Executor, owner: StaffOwner, userId: string): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db
    .update(portalUsers)
    .set({ disabledAt: sql`coalesce(${portalUsers.disabledAt}, now())` })
    .where(and(eq(portalUsers.id, userId), ofOwner(owner)))
    .returning({ email: portalUsers.email, name: portalUsers.name });
  if (row) await endOpenLinks(db, userId);
  return row;
}

/** A user's new password; every open link of the user ends with it. */
export async function setPasswordHash(db: Executor, userId: string, hash: string): Promise<void> {
  await db.update(portalUsers).set({ passwordHash: hash }).where(eq(portalUsers.id, userId));
  await endOpenLinks(db, userId);
}

/** Ends every unused link of the user, whatever its purpose. */
async function endOpenLinks(db: Executor, userId: string): Promise<void> {
  await db
    .update(portalUserTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(portalUserTokens.userId, userId), isNull(portalUserTokens.usedAt)));
}

export type TokenPurpose = 'invite' | 'reset';

/** Stores a one-time link's hash; every earlier unused link of the user stops working. */
export async function insertUserToken(db: Executor, token: { userId: string; purpose: TokenPurpose; tokenHash: string; ttlSeconds: number }): Promise<void> {
  await endOpenLinks(db, token.userId);
  await db.insert(portalUserTokens).values({
    userId: token.userId,
    purpose: token.purpose,
    tokenHash: token.tokenHash,
    expiresAt: sql`now() + (${token.ttlSeconds}::int * interval '1 second')`,
  });
}

/**
 * A link that can be used: unused, not expired, its user active — and, for an invitation, without
 * a password yet (a user who has one gets a reset link, which only the user receives).
 */
const usable = (tokenHash: string) =>
  and(
    eq(portalUserTokens.tokenHash, tokenHash),
    isNull(portalUserTokens.usedAt),
    sql`${portalUserTokens.expiresAt} > now()`,
    sql`exists (select 1 from ${portalUsers} where ${portalUsers.id} = ${portalUserTokens.userId} and ${portalUsers.disabledAt} is null
                and (${portalUserTokens.purpose} <> 'invite' or ${portalUsers.passwordHash} is null))`,
  );

/** A link's state without using it: for the page that asks for the new password. */
export async function findUsableToken(db: Executor, tokenHash: string): Promise<{ purpose: TokenPurpose; email: string; name: string } | undefined> {
  const [row] = await db
    .select({ purpose: portalUserTokens.purpose, email: portalUsers.email, name: portalUsers.name })
    .from(portalUserTokens)
    .innerJoin(portalUsers, eq(portalUsers.id, portalUserTokens.userId))
    .where(usable(tokenHash))
    .limit(1);
  return row ? { ...row, purpose: row.purpose as TokenPurpose } : undefined;
}

/** Uses a usable link: answers its user's id, or undefined. A link is used once, even by two requests at the same time. */
export async function useToken(db: Executor, tokenHash: string): Promise<{ userId: string; purpose: TokenPurpose } | undefined> {
  const [row] = await db
    .update(portalUserTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: portalUserTokens.userId, purpose: portalUserTokens.purpose });
  return row ? { userId: row.userId, purpose: row.purpose as TokenPurpose } : undefined;
}

/** A user's password hash (null before an invited user has chosen one), or undefined for no user. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ hash: portalUsers.passwordHash }).from(portalUsers).where(eq(portalUsers.id, userId)).limit(1);
  return row ? row.hash : undefined;
}
