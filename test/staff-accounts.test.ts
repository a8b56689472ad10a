import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { findPortalUserByEmail } from '@/db/repositories/portal-users';
import { DEMO } from '@/db/seed';
import { notifications, portalUsers, portalUserTokens } from '@/db/schema';
import { tokenHash } from '@/lib/auth/accounts';
import { authorizePortalUser, SESSION_COOKIE } from '@/lib/auth/next-auth';
import { startSession } from '@/lib/auth/sessions';
import { env } from '@/lib/env';
import { deliverMails, keptMails } from '@/lib/notifications/mailer';
import { api } from './helpers/api';
import { consoleHeaders, demoUser, ORIGIN } from './operator-session';

// Dealer staff logins: invitation by the console, the link that sets the password (once, hashed,
// expiring), disabling (sessions end), the signed-in password change and "Passwort vergessen" —
// through the real route handlers, with real session cookies.

const address = () => ({ headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}` } });
const unique = () => `staff-${randomBytes(4).toString('hex')}@example.com`;

async function cookieOf(userId: string): Promise<string> {
  const [u] = await getDb().select().from(portalUsers).where(eq(portalUsers.id, userId));
  const claims = await startSession({ id: u!.id, role: u!.role, dealerId: u!.dealerId });
  return `${SESSION_COOKIE}=${await encode({ token: { name: u!.name, email: u!.email, ...claims }, secret: env.sessionSecret })}`;
}

async function invite(email: string, name = 'Nora Neu') {
  const operator = await consoleHeaders(await demoUser('operator@example.com'));
  return api.post(`/api/console/dealers/${DEMO.dealerA.id}/users`, { body: { email, name, lang: 'de' }, headers: operator });
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const sameOrigin = { origin: ORIGIN };

describe('dealer staff logins', () => {
  it('the console invites a user: the link is answered once, mailed through the outbox, stored only hashed, and sets the password once', async () => {
    const email = unique();
    const res = await invite(email);
    expect(res.status, res.text).toBe(201);
    const { id, link } = res.body.data;
    expect(link).toMatch(/\/portal\/password\?token=[A-Za-z0-9_-]{43}/);
    const token = tokenOf(link);

    // Stored: the hash, never the token.
    const rows = await getDb().select().from(portalUserTokens).where(eq(portalUserTokens.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // The invitation mail is in the outbox (no SMTP server here: kept for the development mailbox).
    await deliverMails({ smtpUrl: null });
    const mail = (await keptMails()).find((m) => m.to === email);
    expect(mail?.subject).toContain('Spoke-Portal');
    expect(mail?.text).toContain(link);
    // Not an in-app notification of an offer.
    const inApp = await api.get('/api/console/dealers/' + DEMO.dealerA.id + '/users', { headers: await consoleHeaders(await demoUser('operator@example.com')) });
    expect(inApp.body.data.find((u: { id: string }) => u.id === id)).toMatchObject({ email, hasPassword: false, disabledAt: null });

    // Without a password nobody signs in as the new user.
    expect(await authorizePortalUser({ email, password: 'anything-long' }, address())).toBeNull();

    const short = await api.post('/api/account/password-link', { body: { token, password: 'short' }, headers: sameOrigin });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].details).toBe('password');

    const set = await api.post('/api/account/password-link', { body: { token, password: 'a-good-password' }, headers: sameOrigin });
    expect(set.status, set.text).toBe(200);
    expect(await authorizePortalUser({ email, password: 'a-good-password' }, address())).toMatchObject({ id, role: 'dealer', dealerId: DEMO.dealerA.id });

    const again = await api.post('/api/account/password-link', { body: { token, password: 'another-password' }, headers: sameOrigin });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].details).toBe('token');
    expect(await authorizePortalUser({ email, password: 'another-password' }, address())).toBeNull();
  });

  it('refuses a second account with the same e-mail (409) and a link from another origin (403)', async () => {
    const email = unique();
    expect((await invite(email)).status).toBe(201);
    const twice = await invite(email.toUpperCase());
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('CONFLICT');
    const foreign = await api.post('/api/account/password-link', { body: { token: 'x', password: 'a-good-password' }, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('disabling a user ends every session of the user at once and stops sign-in', async () => {
    const email = unique();
    const { id, link } = (await invite(email)).body.data;
    await api.post('/api/account/password-link', { body: { token: tokenOf(link), password: 'a-good-password' }, headers: sameOrigin });
    const phone = await cookieOf(id);
    const desk = await cookieOf(id);
    expect((await api.get('/v1/offers', { headers: { cookie: phone } })).status).toBe(200);

    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    const res = await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users/${id}/disable`, { headers: operator });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.sessionsEnded).toBe(2);
    for (const cookie of [phone, desk]) expect((await api.get('/v1/offers', { headers: { cookie } })).status).toBe(401);
    expect(await authorizePortalUser({ email, password: 'a-good-password' }, address())).toBeNull();
    // Only a user of that dealer: another dealer's id answers 404.
    const other = await api.post(`/api/console/dealers/${DEMO.dealerB.id}/users/${id}/disable`, { headers: operator });
    expect(other.status).toBe(404);
  });

  it('a signed-in user changes the password: the current one is asked for, other sessions end, this one stays', async () => {
    const email = unique();
    const { id, link } = (await invite(email)).body.data;
    await api.post('/api/account/password-link', { body: { token: tokenOf(link), password: 'first-password' }, headers: sameOrigin });
    const mine = await cookieOf(id);
    const other = await cookieOf(id);

    const unsigned = await api.post('/api/account/password', { body: { currentPassword: 'first-password', newPassword: 'second-password' }, headers: sameOrigin });
    expect(unsigned.status).toBe(401);
    const wrong = await api.post('/api/account/password', { body: { currentPassword: 'not-it-at-all', newPassword: 'second-password' }, headers: { ...sameOrigin, cookie: mine } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].details).toBe('currentPassword');

    const changed = await api.post('/api/account/password', { body: { currentPassword: 'first-password', newPassword: 'second-password' }, headers: { ...sameOrigin, cookie: mine } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.sessionsEnded).toBe(1);
    expect((await api.get('/v1/offers', { headers: { cookie: mine } })).status).toBe(200);
    expect((await api.get('/v1/offers', { headers: { cookie: other } })).status).toBe(401);
    expect(await authorizePortalUser({ email, password: 'first-password' }, address())).toBeNull();
    expect(await authorizePortalUser({ email, password: 'second-password' }, address())).toMatchObject({ id });
  });

  it('"Passwort vergessen" answers the same for a known and an unknown e-mail; the link works once and expires', async () => {
    const email = unique();
    const { id, link } = (await invite(email)).body.data;
    await api.post('/api/account/password-link', { body: { token: tokenOf(link), password: 'first-password' }, headers: sameOrigin });
    const session = await cookieOf(id);

    const known = await api.post('/api/account/password-reset', { body: { email }, headers: sameOrigin });
    const unknown = await api.post('/api/account/password-reset', { body: { email: unique() }, headers: sameOrigin });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);

    const mails = await getDb().select().from(notifications).where(eq(notifications.userId, id));
    const reset = mails.find((m) => m.kind === 'reset');
    expect(reset?.mailLink).toMatch(/\/portal\/password\?token=/);
    const token = tokenOf(reset!.mailLink!);
    const [stored] = await getDb().select().from(portalUserTokens).where(eq(portalUserTokens.tokenHash, tokenHash(token)));
    expect(stored?.purpose).toBe('reset');
    // Expires within the hour.
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const used = await api.post('/api/account/password-link', { body: { token, password: 'reset-password' }, headers: sameOrigin });
    expect(used.status, used.text).toBe(200);
    expect(await authorizePortalUser({ email, password: 'reset-password' }, address())).toMatchObject({ id });
    // A reset ends the sessions that were open (whoever had the old password is out).
    expect((await api.get('/v1/offers', { headers: { cookie: session } })).status).toBe(401);

    // An expired link is refused.
    await api.post('/api/account/password-reset', { body: { email }, headers: sameOrigin });
    const latest = (await getDb().select().from(notifications).where(eq(notifications.userId, id))).filter((m) => m.kind === 'reset').at(-1)!;
    const late = tokenOf(latest.mailLink!);
    await getDb().update(portalUserTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(portalUserTokens.tokenHash, tokenHash(late)));
    const expired = await api.post('/api/account/password-link', { body: { token: late, password: 'late-password' }, headers: sameOrigin });
    expect(expired.status).toBe(400);
    expect((await findPortalUserByEmail(getDb(), email))?.passwordHash).toBeTruthy();
  });
});
