import { randomBytes, randomUUID } from 'node:crypto';
import { decode, encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { findPortalUserByEmail } from '@/db/repositories/portal-users';
import { dealers, portalUsers } from '@/db/schema';
import { authOptions, authorizePortalUser, SESSION_COOKIE, TOO_MANY_ATTEMPTS } from '@/lib/auth/next-auth';
import { revokeUserSessions, startSession } from '@/lib/auth/sessions';
import { hashSecret } from '@/lib/auth/secret-hash';
import { env } from '@/lib/env';
import { api } from './helpers/api';
import { demoToken, tokenFor } from './helpers/auth';
import { offerBody } from './helpers/offers';

// The portal's session cookie on /v1: a real next-auth session token (encoded with the app's
// secret exactly as next-auth's sign-in does) in the Cookie header of real route-handler calls.

const ORIGIN = 'http://spoke.test';

type SessionUser = { id: string; role: 'dealer' | 'operator' | 'employer'; dealerId: string | null; name?: string; email?: string };

async function sessionCookie(user: SessionUser, options: { maxAge?: number } = {}): Promise<string> {
  const token = await encode({
    token: { name: user.name ?? 'Test', email: user.email ?? 'test@example.com', ...(await startSession(user)) },
    secret: env.sessionSecret,
    maxAge: options.maxAge,
  });
  return `${SESSION_COOKIE}=${token}`;
}

async function demoUser(email: string): Promise<SessionUser> {
  const user = await findPortalUserByEmail(getDb(), email);
  if (!user) throw new Error(`demo user ${email} missing`);
  return { id: user.id, role: user.role, dealerId: user.dealerId, name: user.name, email: user.email };
}

/** A new dealer (without production access unless asked) with one dealer user. */
async function newDealerUser(options: { production?: boolean } = {}): Promise<SessionUser> {
  const suffix = randomBytes(4).toString('hex');
  const [dealer] = await getDb()
    .insert(dealers)
    .values({ name: `Session dealer ${suffix}`, productionEnabledAt: options.production ? new Date() : null })
    .returning({ id: dealers.id });
  const [user] = await getDb()
    .insert(portalUsers)
    .values({
      email: `user-${suffix}@example.com`,
      name: `User ${suffix}`,
      passwordHash: await hashSecret('secret-password'),
      role: 'dealer',
      dealerId: dealer!.id,
    })
    .returning();
  return { id: user!.id, role: 'dealer', dealerId: dealer!.id, name: user!.name, email: user!.email };
}

describe('the portal session on /v1', () => {
  it('accepts the session cookie for reads and same-origin writes, acting as the user for their dealer', async () => {
    const user = await demoUser('dealer@example.com');
    const cookie = await sessionCookie(user);

    const created = await api.post('/v1/offers', { body: offerBody(), headers: { cookie, origin: ORIGIN } });
    expect(created.status, created.text).toBe(202);
    expect(created.body.data.environment).toBe('sandbox');
    expect(created.headers.get('ratelimit-limit')).toBeTruthy();

    // The same offer is the dealer's sandbox offer: the dealer's sandbox API client sees it too.
    const viaClient = await api.get(`/v1/offers/${created.body.data.id}`, { token: await demoToken() });
    expect(viaClient.status).toBe(200);

    const list = await api.get('/v1/offers', { headers: { cookie }, query: { perPage: 100 } });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((o: any) => o.id)).toContain(created.body.data.id);

    const history = await api.get(`/v1/offers/${created.body.data.id}/history`, { headers: { cookie } });
    expect(history.status).toBe(200);
    expect(history.body.data[0].actor).toEqual({ type: 'user', id: user.id, name: 'Dana Dealer' });

    const categories = await api.get('/v1/offers/categories', { headers: { cookie } });
    expect(categories.status).toBe(200);
  });

  it('accepts a write without Origin when the browser marks it Sec-Fetch-Site: same-origin', async () => {
    const cookie = await sessionCookie(await demoUser('dealer@example.com'));
    const res = await api.post('/v1/offers', { body: offerBody(), headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(res.status, res.text).toBe(202);
  });

  it('refuses cross-origin writes with 403 FORBIDDEN and changes nothing', async () => {
    const user = await demoUser('dealer@example.com');
    const cookie = await sessionCookie(user);
    const external = `XORIGIN-${randomBytes(4).toString('hex')}`;
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://spoke.test.evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
      {}, // neither Origin nor Sec-Fetch-Site: not provably our own page
    ];
    for (const headers of attempts) {
      const res = await api.post('/v1/offers', { body: offerBody({ externalOfferId: external }), headers: { cookie, ...headers } });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.errors[0].code).toBe('FORBIDDEN');
    }
    const list = await api.get('/v1/offers', { headers: { cookie }, query: { externalOfferId: external } });
    expect(list.body.meta.totalCount).toBe(0);

    // PUT and cancel are writes as well.
    const offer = (await api.post('/v1/offers', { body: offerBody(), headers: { cookie, origin: ORIGIN } })).body.data;
    const put = await api.put(`/v1/offers/${offer.id}`, { body: offerBody(), headers: { cookie, origin: 'https://evil.example' } });
    expect(put.status).toBe(403);
    const cancel = await api.post(`/v1/offers/${offer.id}/cancel`, { headers: { cookie, origin: 'https://evil.example' } });
    expect(cancel.status).toBe(403);
    // Reads are not writes: a cross-origin GET is answered (the browser's CORS rules keep it unreadable).
    const read = await api.get(`/v1/offers/${offer.id}`, { headers: { cookie, origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });

  it('uses production only when the cookie asks for it and the dealer has production access', async () => {
    const demo = await demoUser('dealer@example.com'); // dealer A has production access
    const cookie = await sessionCookie(demo);

    const prod = await api.post('/v1/offers', { body: offerBody(), headers: { cookie: `${cookie}; spoke-env=production`, origin: ORIGIN } });
    expect(prod.status, prod.text).toBe(202);
    expect(prod.body.data.environment).toBe('production');
    // Visible to dealer A's production client, not to its sandbox client, not in the sandbox session.
    const prodToken = await tokenFor('demo-production', 'demo-production-secret');
    expect((await api.get(`/v1/offers/${prod.body.data.id}`, { token: prodToken })).status).toBe(200);
    expect((await api.get(`/v1/offers/${prod.body.data.id}`, { token: await demoToken() })).status).toBe(404);
    expect((await api.get(`/v1/offers/${prod.body.data.id}`, { headers: { cookie } })).status).toBe(404);
    expect((await api.get(`/v1/offers/${prod.body.data.id}`, { headers: { cookie: `${cookie}; spoke-env=sandbox` } })).status).toBe(404);

    // Sandbox steps stay a sandbox thing, also for the session.
    const advance = await api.post(`/v1/sandbox/offers/${prod.body.data.id}/advance`, {
      headers: { cookie: `${cookie}; spoke-env=production`, origin: ORIGIN },
    });
    expect(advance.status).toBe(403);

    // A dealer without production access asking for production stays in the sandbox.
    const sandboxOnly = await newDealerUser();
    const sandboxCookie = await sessionCookie(sandboxOnly);
    const res = await api.post('/v1/offers', { body: offerBody(), headers: { cookie: `${sandboxCookie}; spoke-env=production`, origin: ORIGIN } });
    expect(res.status).toBe(202);
    expect(res.body.data.environment).toBe('sandbox');

    // Another dealer's session never sees dealer A's offers.
    expect((await api.get(`/v1/offers/${prod.body.data.id}`, { headers: { cookie: `${sandboxCookie}; spoke-env=production` } })).status).toBe(404);
  });

  it('gives operator users no dealer access', async () => {
    const operator = await demoUser('operator@example.com');
    expect(operator.role).toBe('operator');
    const cookie = await sessionCookie(operator);
    for (const res of [
      await api.get('/v1/offers', { headers: { cookie } }),
      await api.get('/v1/offers/categories', { headers: { cookie } }),
      await api.post('/v1/offers', { body: offerBody(), headers: { cookie, origin: ORIGIN } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 for a forged, expired or orphaned session cookie', async () => {
    const user = await demoUser('dealer@example.com');
    const forged = await encode({ token: { name: 'x', ...(await startSession(user)) }, secret: 'not-the-secret-of-this-app' });
    const expired = await sessionCookie(user, { maxAge: -60 });
    // A user who does not exist (no session can be started for one), and a cookie of the time
    // before server-side sessions (no `sid`).
    const orphanToken = await encode({
      token: { name: 'x', sub: '00000000-0000-4000-8000-000000000000', role: 'dealer', dealerId: user.dealerId, sid: randomUUID() },
      secret: env.sessionSecret,
    });
    const sessionless = await encode({ token: { name: 'x', sub: user.id, role: 'dealer', dealerId: user.dealerId }, secret: env.sessionSecret });
    for (const cookie of [`${SESSION_COOKIE}=${forged}`, `${SESSION_COOKIE}=garbage`, expired, `${SESSION_COOKIE}=${orphanToken}`, `${SESSION_COOKIE}=${sessionless}`]) {
      const res = await api.get('/v1/offers', { headers: { cookie } });
      expect(res.status).toBe(401);
      expect(res.body.errors[0].code).toBe('UNAUTHORIZED');
    }
  });

  it('ends the session on sign-out: the same cookie is refused afterwards, other sessions stay', async () => {
    const user = await newDealerUser();
    const cookie = await sessionCookie(user);
    const other = await sessionCookie(user);
    expect((await api.get('/v1/offers', { headers: { cookie } })).status).toBe(200);

    // What POST /api/auth/signout does with the cookie's decoded token (next-auth's signOut event).
    const token = await decode({ token: cookie.slice(cookie.indexOf('=') + 1), secret: env.sessionSecret });
    expect(token?.sid).toBeTruthy();
    await authOptions.events!.signOut!({ token: token!, session: undefined as never });

    const after = await api.get('/v1/offers', { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.body.errors[0].code).toBe('UNAUTHORIZED');
    expect((await api.post('/v1/offers', { body: offerBody(), headers: { cookie, origin: ORIGIN } })).status).toBe(401);
    // Signing out on one device does not end the user's other sessions.
    expect((await api.get('/v1/offers', { headers: { cookie: other } })).status).toBe(200);
  });

  it('ends every session of a user when they are revoked (disabled user, changed password)', async () => {
    const user = await newDealerUser();
    const first = await sessionCookie(user);
    const second = await sessionCookie(user);
    const keptToken = await decode({ token: second.slice(second.indexOf('=') + 1), secret: env.sessionSecret });
    expect(await revokeUserSessions(user.id, keptToken!.sid)).toBe(1);
    expect((await api.get('/v1/offers', { headers: { cookie: first } })).status).toBe(401);
    expect((await api.get('/v1/offers', { headers: { cookie: second } })).status).toBe(200);
    expect(await revokeUserSessions(user.id)).toBe(1);
    expect((await api.get('/v1/offers', { headers: { cookie: second } })).status).toBe(401);
  });

  it('answers 401 without a session cookie and keeps the bearer path when both are sent', async () => {
    expect((await api.get('/v1/offers', { headers: { cookie: 'spoke-env=production' } })).status).toBe(401);
    const cookie = await sessionCookie(await demoUser('operator@example.com'));
    // The bearer token decides; the (operator) cookie is not looked at.
    const res = await api.get('/v1/offers', { token: await demoToken(), headers: { cookie } });
    expect(res.status).toBe(200);
  });
});

describe('portal sign-in (next-auth credentials)', () => {
  const req = (address: string) => ({ headers: { 'x-forwarded-for': address } });

  it('signs in with the right password, case-insensitive e-mail', async () => {
    const user = await authorizePortalUser({ email: 'Dealer@Example.com', password: 'demo1234' }, req('203.0.113.10'));
    expect(user).toMatchObject({ email: 'dealer@example.com', role: 'dealer', name: 'Dana Dealer' });
    expect(await authorizePortalUser({ email: 'dealer@example.com', password: 'wrong' }, req('203.0.113.10'))).toBeNull();
    expect(await authorizePortalUser({ email: 'nobody@example.com', password: 'demo1234' }, req('203.0.113.10'))).toBeNull();
    expect(await authorizePortalUser({}, req('203.0.113.10'))).toBeNull();
  });

  it('locks an e-mail out from an address after repeated failures from it, but not its owner elsewhere', async () => {
    const user = await newDealerUser();
    for (let i = 0; i < 10; i++) {
      expect(await authorizePortalUser({ email: user.email, password: `guess-${i}` }, req('203.0.113.20'))).toBeNull();
    }
    await expect(authorizePortalUser({ email: user.email, password: 'secret-password' }, req('203.0.113.20'))).rejects.toThrow(TOO_MANY_ATTEMPTS);
    // Whoever knows the e-mail cannot lock its owner out (issue 15, point 5).
    expect(await authorizePortalUser({ email: user.email, password: 'secret-password' }, req('203.0.113.99'))).not.toBeNull();
  });

  it('failures from many addresses do not lock the owner out', async () => {
    const user = await newDealerUser();
    for (let i = 0; i < 20; i++) {
      expect(await authorizePortalUser({ email: user.email, password: `guess-${i}` }, req(`198.51.100.${20 + i}`))).toBeNull();
    }
    expect(await authorizePortalUser({ email: user.email, password: 'secret-password' }, req('203.0.113.98'))).not.toBeNull();
  });

  it('locks an address out after many failures across e-mails', async () => {
    const address = '203.0.113.200';
    for (let i = 0; i < 50; i++) {
      await authorizePortalUser({ email: `spray-${i}@example.com`, password: 'guess' }, req(address));
    }
    await expect(authorizePortalUser({ email: 'dealer@example.com', password: 'demo1234' }, req(address))).rejects.toThrow(TOO_MANY_ATTEMPTS);
    expect(await authorizePortalUser({ email: 'dealer@example.com', password: 'demo1234' }, req('203.0.113.201'))).not.toBeNull();
  });
});
