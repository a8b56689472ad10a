import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '@/lib/database';
import { insertOperatorAction } from '@/db/repositories/dealers';
import { uniqueViolation } from '@/db/errors';
import { insertAccountMail } from '@/db/repositories/notifications';
import { findDealer } from '@/db/repositories/operator';
import { findPortalUserByEmail, findPortalUserContext } from '@/db/repositories/portal-users';
import { deleteUserSessions } from '@/db/repositories/portal-sessions';
import {
  disableDealerUser,
  findPasswordHash,
  findUsableToken,
  insertDealerUser,
  insertUserToken,
  listDealerUsers,
  setPasswordHash,
  useToken,
  type StaffUser,
  type TokenPurpose,
} from '@/db/repositories/staff';
import { ApiError, fieldError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { consume, createLimiter } from '@/lib/rate-limit';
import { hashSecret, verifySecret } from './secret-hash';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/shared/model';

// Staff accounts of dealers (docs/decisions.md, "Dealer staff logins"): the console invites a user
// (a one-time link, shown once to the operator and mailed through the notifications outbox) and
// disables one (every session ends); the user sets a password through the link, changes it when
// signed in, or asks for a reset link. Links are random 256-bit tokens stored as SHA-256 hashes,
// used once, and expire (invitation 7 days, reset 1 hour). Every change runs in one transaction.

export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TTL_SECONDS = 60 * 60;

type Operator = { id: string; name: string };

const bilingual = (de: string, en: string) => ({ de, en });

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function newLink(purpose: TokenPurpose): { token: string; link: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token), link: `${env.publicUrl}/portal/password?token=${token}${purpose === 'invite' ? '&welcome=1' : ''}` };
}

/** 400 naming the password field when the password does not meet the rule. */
function checkPassword(password: unknown, field = 'password'): string {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new ApiError('INVALID_PARAMETER', {
      text: bilingual(
        `Das Passwort muss ${PASSWORD_MIN} bis ${PASSWORD_MAX} Zeichen lang sein.`,
        `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
      ),
      details: field,
    });
  }
  return password;
}

export type { StaffUser };

export async function dealerStaff(dealerId: string): Promise<StaffUser[]> {
  return listDealerUsers(getDb(), dealerId);
}

/**
 * A new staff user of a dealer, without a password: the invitation link is in the answer (shown
 * once) and in the mail queued in the same transaction.
 */
export async function inviteDealerUser(
  operator: Operator,
  dealerId: string,
  input: { email: string; name: string; lang: 'de' | 'en' },
): Promise<{ id: string; email: string; name: string; link: string; expiresInSeconds: number }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  try {
    return await getDb().transaction(async (tx) => {
      if (!(await findDealer(tx, dealerId))) throw new ApiError('NOT_FOUND', { details: `No dealer ${dealerId}.` });
      const id = await insertDealerUser(tx, { dealerId, email, name, lang: input.lang });
      const link = newLink('invite');
      await insertUserToken(tx, { userId: id, purpose: 'invite', tokenHash: link.hash, ttlSeconds: INVITE_TTL_SECONDS });
      await insertAccountMail(tx, { userId: id, kind: 'invite', mailTo: email, link: link.link });
      await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'user_invited', dealerId, details: { email, name } });
      return { id, email, name, link: link.link, expiresInSeconds: INVITE_TTL_SECONDS };
    });
  } catch (err) {
    if (uniqueViolation(err) === 'portal_users_email_uq') {
      throw new ApiError('CONFLICT', {
        text: bilingual(`Es gibt bereits einen Zugang mit der E-Mail ${email}.`, `There is already an account with the e-mail ${email}.`),
        details: 'email',
      });
    }
    throw err;
  }
}

/** A new invitation link for a user who has not set a password yet (the old link stops working). */
export async function reinviteDealerUser(operator: Operator, dealerId: string, userId: string) {
  return getDb().transaction(async (tx) => {
    const user = (await listDealerUsers(tx, dealerId)).find((u) => u.id === userId);
    if (!user || user.disabledAt) throw new ApiError('NOT_FOUND', { details: `No active user ${userId} of dealer ${dealerId}.` });
    const link = newLink('invite');
    await insertUserToken(tx, { userId, purpose: 'invite', tokenHash: link.hash, ttlSeconds: INVITE_TTL_SECONDS });
    await insertAccountMail(tx, { userId, kind: 'invite', mailTo: user.email, link: link.link });
    await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'user_invited', dealerId, details: { email: user.email, name: user.name, again: true } });
    return { id: userId, email: user.email, name: user.name, link: link.link, expiresInSeconds: INVITE_TTL_SECONDS };
  });
}

/** Disables a dealer's user: no more sign-ins, and every session of the user ends now. */
export async function disableStaffUser(operator: Operator, dealerId: string, userId: string): Promise<{ id: string; sessionsEnded: number }> {
  return getDb().transaction(async (tx) => {
    const user = await disableDealerUser(tx, dealerId, userId);
    if (!user) throw new ApiError('NOT_FOUND', { details: `No user ${userId} of dealer ${dealerId}.` });
    const sessionsEnded = await deleteUserSessions(tx, userId);
    await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'user_disabled', dealerId, details: { email: user.email, name: user.name } });
    return { id: userId, sessionsEnded };
  });
}

/** A signed-in user's new password; every other session of the user ends. */
export async function changePassword(user: { id: string; sid: string }, current: unknown, next: unknown): Promise<{ sessionsEnded: number }> {
  const password = checkPassword(next, 'newPassword');
  const db = getDb();
  const stored = await findPasswordHash(db, user.id);
  if (!stored || typeof current !== 'string' || current.length > PASSWORD_MAX || !(await verifySecret(current, stored))) {
    throw new ApiError('INVALID_PARAMETER', {
      text: bilingual('Das bisherige Passwort stimmt nicht.', 'The current password is not right.'),
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

/** Sets the password of a link's user and uses the link up; every session of the user ends. */
export async function setPasswordWithLink(token: unknown, password: unknown): Promise<{ email: string }> {
  const pw = checkPassword(password);
  const hash = await hashSecret(pw);
  const invalid = () =>
    new ApiError('INVALID_PARAMETER', {
      text: bilingual(
        'Dieser Link gilt nicht mehr (schon verwendet, abgelaufen oder unbekannt). Fordern Sie einen neuen an.',
        'This link is no longer valid (already used, expired or unknown). Ask for a new one.',
      ),
      details: 'token',
    });
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) throw invalid();
  return getDb().transaction(async (tx) => {
    const used = await useToken(tx, tokenHash(token));
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
  const link = newLink('reset');
  await getDb().transaction(async (tx) => {
    await insertUserToken(tx, { userId: user.id, purpose: 'reset', tokenHash: link.hash, ttlSeconds: RESET_TTL_SECONDS });
    await insertAccountMail(tx, { userId: user.id, kind: 'reset', mailTo: user.email, link: link.link });
  });
}
