import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '@/lib/database';
import { insertOperatorAction } from '@/db/repositories/dealers';
import { uniqueViolation } from '@/db/errors';
import { insertAccountMail } from '@/db/repositories/notifications';
import { findEmployer } from '@/db/repositories/employers';
import { findDealer } from '@/db/repositories/operator-dealers';
import { findPortalUserByEmail, findPortalUserContext } from '@/db/repositories/portal-users';
import { deleteUserSessions } from '@/db/repositories/portal-sessions';
import {
  disableOwnedUser,
  findPasswordHash,
  findUsableToken,
  insertStaffUser,
  insertUserToken,
  listStaffUsers,
  setPasswordHash,
  useToken,
  type StaffUser,
  type TokenPurpose,
} from '@/db/repositories/staff';
import { ApiError, fieldError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { consume, createLimiter, isBlocked, rateLimitHeaders, type LimitResult } from '@/lib/rate-limit';
import { checkPassword } from './password-policy';
import { hashSecret, verifySecret } from './secret-hash';
import { PASSWORD_MAX, type StaffOwner, type UserRole } from '@/lib/shared/model';
import { answerTexts, format } from '@/lib/i18n/messages';

// Staff accounts of dealers and of employers (their HR staff) (docs/decisions.md, "Dealer staff
// logins", "Employer staff"): one machinery for both, told apart by the owner. The console invites a user
// (a one-time link, shown once to the operator and mailed through the notifications outbox) and
// disables one (every session ends); the user sets a password through the link, changes it when
// signed in, or asks for a reset link. Links are random 256-bit tokens stored as SHA-256 hashes,
// used once, and expire (invitation 7 days, reset 1 hour); a user has at most one open link, and a
// new password or disabling the user ends it. An operator never holds a usable link of a user who
// has a password: such a user gets a reset mail. Every change runs in one transaction.

export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TTL_SECONDS = 60 * 60;

type Operator = { id: string; name: string };

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A one-time link to the password page of the user's face (the employer face's for HR staff). */
function newLink(purpose: TokenPurpose, role: UserRole): { token: string; link: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  const page = role === 'employer' ? '/employer/password' : '/portal/password';
  return { token, hash: tokenHash(token), link: `${env.publicUrl}${page}?token=${token}${purpose === 'invite' ? '&welcome=1' : ''}` };
}

const roleOf = (owner: StaffOwner): UserRole => ('dealerId' in owner ? 'dealer' : 'employer');
const ownerText = (owner: StaffOwner) => ('dealerId' in owner ? `dealer ${owner.dealerId}` : `employer ${owner.employerId}`);

/** 429 with Retry-After, in the envelope. */
const tooMany = (limit: LimitResult) =>
  new ApiError('TOO_MANY_REQUESTS', {
    text: format(answerTexts.tooManyWrongAttempts, { minutes: Math.ceil(limit.resetSeconds / 60) }),
    headers: rateLimitHeaders(limit),
  });

export type { StaffUser };

/** A dealer's or an employer's staff logins. */
export async function staffOf(owner: StaffOwner): Promise<StaffUser[]> {
  return listStaffUsers(getDb(), owner);
}

/**
 * A new staff user of a dealer or an employer, without a password: the invitation link is in the
 * answer (shown once) and in the mail queued in the same transaction.
 */
export async function inviteStaffUser(
  operator: Operator,
  owner: StaffOwner,
  input: { email: string; name: string; lang: 'de' | 'en' },
): Promise<{ id: string; email: string; name: string; link: string; expiresInSeconds: number }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  try {
    return await getDb().transaction(async (tx) => {
      const exists = 'dealerId' in owner ? await findDealer(tx, owner.dealerId) : await findEmployer(tx, owner.employerId);
      if (!exists) throw new ApiError('NOT_FOUND', { details: `No ${ownerText(owner)}.` });
      const id = await insertStaffUser(tx, owner, { email, name, lang: input.lang });
      const link = newLink('invite', roleOf(owner));
      await insertUserToken(tx, { userId: id, purpose: 'invite', tokenHash: link.hash, ttlSeconds: INVITE_TTL_SECONDS });
      await insertAccountMail(tx, { userId: id, kind: 'invite', mailTo: email, link: link.link });
      await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'user_invited', ...owner, details: { email, name } });
      return { id, email, name, link: link.link, expiresInSeconds: INVITE_TTL_SECONDS };
    });
  } catch (err) {
    if (uniqueViolation(err) === 'portal_users_email_uq') {
      throw new ApiError('CONFLICT', {
        text: format(answerTexts.accountExists, { email }),
        details: 'email',
      });
    }
    throw err;
  }
}

/** An active staff user of the owner, or 404. */
async function activeStaffUser(db: Parameters<typeof listStaffUsers>[0], owner: StaffOwner, userId: string): Promise<StaffUser> {
  const user = (await listStaffUsers(db, owner)).find((u) => u.id === userId);
  if (!user || user.disabledAt) throw new ApiError('NOT_FOUND', { details: `No active user ${userId} of ${ownerText(owner)}.` });
  return user;
}

/**
 * A new invitation link for a user who has not set a password yet (the old link stops working).
 * A user who has one is refused (409): the operator sends a reset mail instead, whose link only the
 * user sees.
 */
export async function reinviteStaffUser(operator: Operator, owner: StaffOwner, userId: string) {
  return getDb().transaction(async (tx) => {
    const user = await activeStaffUser(tx, owner, userId);
    if (user.hasPassword) {
      throw new ApiError('CONFLICT', {
        text: format(answerTexts.alreadyHasPassword, { email: user.email }),
        details: 'userId',
      });
    }
    const link = newLink('invite', roleOf(owner));
    await insertUserToken(tx, { userId, purpose: 'invite', tokenHash: link.hash, ttlSeconds: INVITE_TTL_SECONDS });
    await insertAccountMail(tx, { userId, kind: 'invite', mailTo: user.email, link: link.link });
    await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'user_invited', ...owner, details: { email: user.email, name: user.name, again: true } });
    return { id: userId, email: user.email, name: user.name, link: link.link, expiresInSeconds: INVITE_TTL_SECONDS };
  });
}

/**
 * A password reset mail to an active staff user, sent by an operator: the link goes into the mail
 * only (never into the answer); at most 3 reset mails per e-mail an hour, as for "Passwort vergessen".
 */
export async function sendStaffPasswordReset(operator: Operator, owner: StaffOwner, userId: string): Promise<{ id: string; email: string; expiresInSeconds: number }> {
  const user = await activeStaffUser(getDb(), owner, userId);
  const limit = await consume(resetsPerEmail, user.email);
  if (!limit.allowed) throw new ApiError('TOO_MANY_REQUESTS', { headers: rateLimitHeaders(limit) });
  await getDb().transaction(async (tx) => {
    await queueResetMail(tx, { ...user, role: roleOf(owner) });
    await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'password_reset_sent', ...owner, details: { email: user.email, name: user.name } });
  });
  return { id: user.id, email: user.email, expiresInSeconds: RESET_TTL_SECONDS };
}

/** Disables a staff user: no more sign-ins, and every session of the user ends now. */
export async function disableStaffUser(operator: Operator, owner: StaffOwner, userId: string): Promise<{ id: string; sessionsEnded: number }> {
  return getDb().transaction(async (tx) => {
    const user = await disableOwnedUser(tx, owner, userId);
    if (!user) throw new ApiError('NOT_FOUND', { details: `No user ${userId} of ${ownerText(owner)}.` });
    const sessionsEnded = await deleteUserSessions(tx, userId);
    await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'user_disabled', ...owner, details: { email: user.email, name: user.name } });
    return { id: userId, sessionsEnded };
  });
}

// Wrong current passwords, per user and per address: the same bounds as sign-in (lib/auth/next-auth.ts).
const wrongCurrentPerUser = createLimiter({ keyPrefix: 'rl:password-current:user', points: 10, duration: 15 * 60 });
const wrongCurrentPerAddress = createLimiter({ keyPrefix: 'rl:password-current:addr', points: 50, duration: 15 * 60 });

/**
 * A signed-in user's new password; every other session of the user ends. Wrong current passwords
 * count per user and per address; beyond the limit the answer is 429, whatever is sent.
 */
export async function changePassword(user: { id: string; sid: string; email?: string; name?: string }, current: unknown, next: unknown, address: string): Promise<{ sessionsEnded: number }> {
  const blocked = (await isBlocked(wrongCurrentPerUser, user.id)) ?? (await isBlocked(wrongCurrentPerAddress, address));
  if (blocked) throw tooMany(blocked);
  const password = checkPassword(next, 'newPassword', user);
  const db = getDb();
  const stored = await findPasswordHash(db, user.id);
  if (!stored || typeof current !== 'string' || current.length > PASSWORD_MAX || !(await verifySecret(current, stored))) {
    const [byUser, byAddress] = await Promise.all([consume(wrongCurrentPerUser, user.id), consume(wrongCurrentPerAddress, address)]);
    if (!byUser.allowed || !byAddress.allowed) throw tooMany(byUser.allowed ? byAddress : byUser);
    throw new ApiError('INVALID_PARAMETER', {
      text: answerTexts.wrongCurrentPassword,
      details: 'currentPassword',
    });
  }
  const hash = await hashSecret(password);
  return db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, hash);
    return { sessionsEnded: await deleteUserSessions(tx, user.id, user.sid) };
  });
}

/** What the password page shows for a link: whose account, or nothing (used, expired, unknown). */
export async function linkState(token: string): Promise<{ purpose: TokenPurpose; email: string; name: string } | null> {
  if (!token || token.length > 100) return null;
  return (await findUsableToken(getDb(), tokenHash(token))) ?? null;
}

// Links nobody holds, per address: guessing one is hopeless (256 bits), but each try costs a query.
const unknownLinksPerAddress = createLimiter({ keyPrefix: 'rl:link-unknown:addr', points: 20, duration: 15 * 60 });

/**
 * Sets the password of a link's user and uses the link up; every session and open link of the user
 * ends. The link is looked up before anything costly: a password is checked and hashed only for a
 * usable link. Unknown links count per address; beyond the limit they are answered 429 (a usable
 * link still works from that address: only its holder has it).
 */
export async function setPasswordWithLink(token: unknown, password: unknown, address: string): Promise<{ email: string }> {
  const invalid = () =>
    new ApiError('INVALID_PARAMETER', {
      text: answerTexts.passwordLinkInvalid,
      details: 'token',
    });
  const link = typeof token === 'string' && token.length > 0 && token.length <= 100 ? await findUsableToken(getDb(), tokenHash(token)) : undefined;
  if (!link) {
    const limit = await consume(unknownLinksPerAddress, address);
    if (!limit.allowed) throw tooMany(limit);
    throw invalid();
  }
  const hash = await hashSecret(checkPassword(password, 'password', link));
  return getDb().transaction(async (tx) => {
    const used = await useToken(tx, tokenHash(token as string));
    if (!used) throw invalid();
    await setPasswordHash(tx, used.userId, hash);
    await deleteUserSessions(tx, used.userId);
    const user = await findPortalUserContext(tx, used.userId);
    return { email: user?.email ?? '' };
  });
}

// Reset requests: at most 3 mails per e-mail an hour, 20 requests per address in 15 minutes;
// beyond that the answer is the same and nothing is sent.
const resetsPerEmail = createLimiter({ keyPrefix: 'rl:reset:email', points: 3, duration: 60 * 60 });
const resetsPerAddress = createLimiter({ keyPrefix: 'rl:reset:addr', points: 20, duration: 15 * 60 });

/**
 * "Passwort vergessen": queues a reset link for an active user with that e-mail. The caller
 * answers the same whether or not the e-mail exists; the time taken does not tell either (the
 * work is the same apart from the insert).
 */
export async function requestPasswordReset(emailInput: unknown, address: string): Promise<void> {
  const email = typeof emailInput === 'string' ? emailInput.trim().toLowerCase() : '';
  if (!email || email.length > 255 || !email.includes('@')) {
    throw new ApiError('INVALID_PARAMETER', { entries: [fieldError('INVALID_PARAMETER', 'email', 'email')] });
  }
  const [byAddress, byEmail] = [await consume(resetsPerAddress, address), await consume(resetsPerEmail, email)];
  const user = await findPortalUserByEmail(getDb(), email);
  if (!byAddress.allowed || !byEmail.allowed || !user || user.disabledAt) {
    logger.info({ account: createHash('sha256').update(email).digest('hex').slice(0, 12) }, 'password reset not sent');
    return;
  }
  await getDb().transaction((tx) => queueResetMail(tx, user));
}

/** A new reset link (every older link of the user ends) in a mail queued in the same transaction. */
async function queueResetMail(tx: Parameters<typeof insertUserToken>[0], user: { id: string; email: string; role: UserRole }): Promise<void> {
  const link = newLink('reset', user.role);
  await insertUserToken(tx, { userId: user.id, purpose: 'reset', tokenHash: link.hash, ttlSeconds: RESET_TTL_SECONDS });
  await insertAccountMail(tx, { userId: user.id, kind: 'reset', mailTo: user.email, link: link.link });
}
