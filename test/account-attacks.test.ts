import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { insertUserToken } from '@/db/repositories/staff';
import { tokenHash } from '@/lib/auth/accounts';
import { notifications, portalUsers } from '@/db/schema';
import { authorizePortalUser, SESSION_COOKIE } from '@/lib/auth/next-auth';
import { startSession } from '@/lib/auth/sessions';
import { env } from '@/lib/env';
import { deliverMails, keptMails } from '@/lib/notifications/mailer';
import { api } from './helpers/api';
import { consoleHeaders, demoUser, ORIGIN } from './operator-session';

// Staff accounts against an attacker: an operator who would take over a user's account, links that
// outlive a password change, guessing the current password, unknown links that cost a password
// hash, and passwords anyone guesses — through the real route handlers.

const unique = () => `acct-${randomBytes(4).toString('hex')}@example.com`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** A fresh address per call: the per-address limits of one test do not reach the next. */
const fromAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
const same = (address = fromAddress()) => ({ origin: ORIGIN, 'x-forwarded-for': address });

async function cookieOf(userId: string): Promise<string> {
  const [u] = await getDb().select().from(portalUsers).where(eq(portalUsers.id, userId));
  const claims = await startSession({ id: u!.id, role: u!.role, dealerId: u!.dealerId });
  return `${SESSION_COOKIE}=${await encode({ token: { name: u!.name, email: u!.email, ...claims }, secret: env.sessionSecret })}`;
}

const operator = async () => consoleHeaders(await demoUser('operator@example.com'));

/** A staff user of dealer A with a password (set through the invitation link). */
async function userWithPassword(password = 'Wiesenweg-Kastanie-17') {
  const email = unique();
  const invited = await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users`, { body: { email, name: 'Jana Kowalczyk', lang: 'de' }, headers: await operator() });
  expect(invited.status, invited.text).toBe(201);
  const set = await api.post('/api/account/password-link', { body: { token: tokenOf(invited.body.data.link), password }, headers: same() });
  expect(set.status, set.text).toBe(200);
  return { id: invited.body.data.id as string, email, password };
}

/** The newest reset link mailed to the user (read from the outbox, as only the mail server would). */
async function newestResetLink(userId: string): Promise<string> {
  const mails = await getDb().select().from(notifications).where(eq(notifications.userId, userId));
  return tokenOf(mails.filter((m) => m.kind === 'reset').sort((a, b) => a.id - b.id).at(-1)!.mailLink!);
}

describe('an operator cannot take over a staff account', () => {
  it('refuses a new invitation for a user who has a password (409, no link), and the console offers a reset mail whose link the answer never holds', async () => {
    const user = await userWithPassword();
    const headers = await operator();
    const again = await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users/${user.id}/invitation`, { headers });
    expect(again.status, again.text).toBe(409);
    expect(again.body.errors[0].code).toBe('CONFLICT');
    expect(again.text).not.toMatch(/token=/);

    const reset = await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users/${user.id}/password-reset`, { headers });
    expect(reset.status, reset.text).toBe(202);
    expect(reset.body.data).toEqual({ id: user.id, email: user.email, expiresInSeconds: 3600 });
    expect(reset.text).not.toMatch(/token=|\/portal\/password/);
    // The password holds until the user follows the mailed link.
    expect(await authorizePortalUser({ email: user.email, password: user.password }, { headers: { 'x-forwarded-for': fromAddress() } })).toMatchObject({ id: user.id });
    // A production mailbox (what operators read without SMTP_URL) shows the reset mail without its link.
    await deliverMails({ smtpUrl: null });
    const kept = (await keptMails(100, { showResetLinks: false })).filter((m) => m.to === user.email && /zurücksetzen/i.test(m.subject));
    expect(kept.length).toBeGreaterThan(0);
    for (const m of kept) expect(m.text).not.toMatch(/token=/);
    // Another dealer's id does not reach the user.
    expect((await api.post(`/api/console/dealers/${DEMO.dealerB.id}/users/${user.id}/password-reset`, { headers })).status).toBe(404);
  });

  it('an invitation link never sets the password of a user who has one (as when the user sets it while an invitation is written)', async () => {
    const user = await userWithPassword();
    // The state a re-invitation racing the user's own password would leave: an open invitation link.
    const token = randomBytes(32).toString('base64url');
    await insertUserToken(getDb(), { userId: user.id, purpose: 'invite', tokenHash: tokenHash(token), ttlSeconds: 3600 });
    const res = await api.post('/api/account/password-link', { body: { token, password: 'Operator-Chose-This-1' }, headers: same() });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].details).toBe('token');
    expect(await authorizePortalUser({ email: user.email, password: user.password }, { headers: { 'x-forwarded-for': fromAddress() } })).toMatchObject({ id: user.id });
  });
});

describe('one-time links end when the password changes another way', () => {
  it('a reset link requested before a signed-in change no longer sets a password', async () => {
    const user = await userWithPassword();
    expect((await api.post('/api/account/password-reset', { body: { email: user.email }, headers: same() })).status).toBe(202);
    const early = await newestResetLink(user.id);
    const cookie = await cookieOf(user.id);
    const changed = await api.post('/api/account/password', { body: { currentPassword: user.password, newPassword: 'Lindenallee-Bergahorn-23' }, headers: { ...same(), cookie } });
    expect(changed.status, changed.text).toBe(200);
    const late = await api.post('/api/account/password-link', { body: { token: early, password: 'Attacker-Picked-This-9' }, headers: same() });
    expect(late.status).toBe(400);
    expect(late.body.errors[0].details).toBe('token');
    expect(await authorizePortalUser({ email: user.email, password: 'Lindenallee-Bergahorn-23' }, { headers: { 'x-forwarded-for': fromAddress() } })).toMatchObject({ id: user.id });
  });

  it('a newer link of any purpose, a password set by another link, and disabling the user end every open link', async () => {
    const user = await userWithPassword();
    const ask = () => api.post('/api/account/password-reset', { body: { email: user.email }, headers: same() });
    await ask();
    const first = await newestResetLink(user.id);
    await ask();
    const second = await newestResetLink(user.id);
    // The newer link ends the older one.
    expect((await api.post('/api/account/password-link', { body: { token: first, password: 'Attacker-Picked-This-9' }, headers: same() })).status).toBe(400);
    // An operator's reset mail is a newer link too.
    expect((await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users/${user.id}/password-reset`, { headers: await operator() })).status).toBe(202);
    const third = await newestResetLink(user.id);
    expect((await api.post('/api/account/password-link', { body: { token: second, password: 'Attacker-Picked-This-9' }, headers: same() })).status).toBe(400);

    // Disabling the user ends the open link.
    const disabled = await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users/${user.id}/disable`, { headers: await operator() });
    expect(disabled.status).toBe(200);
    await getDb().update(portalUsers).set({ disabledAt: null }).where(eq(portalUsers.id, user.id));
    expect((await api.post('/api/account/password-link', { body: { token: third, password: 'Attacker-Picked-This-9' }, headers: same() })).status).toBe(400);
  });
});

describe('guessing limits', () => {
  it('wrong current passwords count per user: after 10 the answer is 429 with Retry-After, even for the right password', async () => {
    const user = await userWithPassword();
    const cookie = await cookieOf(user.id);
    for (let i = 0; i < 10; i++) {
      const res = await api.post('/api/account/password', { body: { currentPassword: `wrong-guess-${i}`, newPassword: 'Lindenallee-Bergahorn-23' }, headers: { ...same(), cookie } });
      expect(res.status, `guess ${i}: ${res.text}`).toBe(400);
    }
    const right = await api.post('/api/account/password', { body: { currentPassword: user.password, newPassword: 'Lindenallee-Bergahorn-23' }, headers: { ...same(), cookie } });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
    expect(await authorizePortalUser({ email: user.email, password: user.password }, { headers: { 'x-forwarded-for': fromAddress() } })).toMatchObject({ id: user.id });
  });

  it('wrong current passwords count per address too, across users', async () => {
    const address = fromAddress();
    const users = await Promise.all(Array.from({ length: 6 }, () => userWithPassword()));
    let last = 0;
    for (const [n, user] of users.entries()) {
      const cookie = await cookieOf(user.id);
      for (let i = 0; i < 9 && n * 9 + i < 51; i++) {
        last = (await api.post('/api/account/password', { body: { currentPassword: `wrong-${i}`, newPassword: 'Lindenallee-Bergahorn-23' }, headers: { ...same(address), cookie } })).status;
      }
    }
    expect(last).toBe(429);
  });

  it('an unknown link is refused before the password is looked at, and unknown links are throttled per address', async () => {
    const address = fromAddress();
    // Order: the link first — a password that would be refused is not even checked for an unknown link.
    const first = await api.post('/api/account/password-link', { body: { token: randomBytes(32).toString('base64url'), password: 'x' }, headers: same(address) });
    expect(first.status).toBe(400);
    expect(first.body.errors[0].details).toBe('token');
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) {
      status = (await api.post('/api/account/password-link', { body: { token: randomBytes(32).toString('base64url'), password: 'Wiesenweg-Kastanie-17' }, headers: same(address) })).status;
    }
    expect(status).toBe(429);
    // A usable link still works from that address (only its holder has it).
    const email = unique();
    const invited = await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users`, { body: { email, name: 'Jana', lang: 'de' }, headers: await operator() });
    expect((await api.post('/api/account/password-link', { body: { token: tokenOf(invited.body.data.link), password: 'Wiesenweg-Kastanie-17' }, headers: same(address) })).status).toBe(200);
    // Another address is not affected.
    const elsewhere = await api.post('/api/account/password-link', { body: { token: 'unknown', password: 'Wiesenweg-Kastanie-17' }, headers: same() });
    expect(elsewhere.status).toBe(400);
  });
});

describe('passwords anyone guesses', () => {
  it.each([
    ['aaaaaaaaaa', /wiederholt nur Zeichen/],
    ['1234567890', /häufig verwendeter Passwörter|einfache Folge/],
    ['password12', /häufig verwendeter Passwörter/],
    ['qwertzuiop', /Tastenreihe|häufig verwendeter/],
  ])('refuses %s with the reason', async (password, reason) => {
    const email = unique();
    const invited = await api.post(`/api/console/dealers/${DEMO.dealerA.id}/users`, { body: { email, name: 'Jana', lang: 'de' }, headers: await operator() });
    const res = await api.post('/api/account/password-link', { body: { token: tokenOf(invited.body.data.link), password }, headers: { ...same(), 'accept-language': 'de' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'password' });
    expect(res.body.errors[0].message).toMatch(reason);
    // The link still works for a good password.
    expect((await api.post('/api/account/password-link', { body: { token: tokenOf(invited.body.data.link), password: 'Wiesenweg-Kastanie-17' }, headers: same() })).status).toBe(200);
  });

  it('refuses a password made of the user’s own e-mail', async () => {
    const user = await userWithPassword();
    const cookie = await cookieOf(user.id);
    const res = await api.post('/api/account/password', { body: { currentPassword: user.password, newPassword: `${user.email.split('@')[0]}1` }, headers: { ...same(), cookie, 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ details: 'newPassword' });
    expect(res.body.errors[0].message).toMatch(/too weak/);
  });
});
