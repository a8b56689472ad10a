import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { employees, employers, notifications, portalUsers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { authorizePortalUser, SESSION_COOKIE } from '@/lib/auth/next-auth';
import { startSession } from '@/lib/auth/sessions';
import { env } from '@/lib/env';
import { deliverMails, keptMails } from '@/lib/notifications/mailer';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { findOpenRequest } from '@/db/repositories/employer-requests';
import { newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser, ORIGIN } from './operator-session';

// An employer's HR staff accounts: invited, reset and disabled by the console with the dealer
// staff's machinery; signed in, they decide their own employer's requests at /api/employer/** and
// nothing of another employer's; new requests are mailed to those who follow them.

const address = () => ({ headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}` } });
const unique = () => `hr-${randomBytes(4).toString('hex')}@acme.example`;
const sameOrigin = { origin: ORIGIN };

async function cookieOf(userId: string): Promise<string> {
  const [u] = await getDb().select().from(portalUsers).where(eq(portalUsers.id, userId));
  const claims = await startSession({ id: u!.id, role: u!.role, dealerId: u!.dealerId });
  return `${SESSION_COOKIE}=${await encode({ token: { name: u!.name, email: u!.email, ...claims }, secret: env.sessionSecret })}`;
}

/** Invites an HR staff member of `employerId` and lets them set a password; their id. */
async function hrUser(employerId: string, email = unique(), name = 'Hanna Hübner'): Promise<string> {
  const operator = await consoleHeaders(await demoUser('operator@example.com'));
  const res = await api.post(`/api/console/employers/${employerId}/users`, { body: { email, name, lang: 'de' }, headers: operator });
  expect(res.status, res.text).toBe(201);
  const token = new URL(res.body.data.link).searchParams.get('token')!;
  const set = await api.post('/api/account/password-link', { body: { token, password: 'Fahrrad-Leasing-2026!' }, headers: sameOrigin });
  expect(set.status, set.text).toBe(200);
  return res.body.data.id;
}

/** An offer of Acme's employee waiting for Acme's decision. */
async function waitingForAcme() {
  const dealer = await newDealer({ environment: 'production' });
  const offer = await createOffer(dealer.token, { customerEmail: await newEmployee() });
  await processOffers({ ids: [offer.id] });
  expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token })).status).toBe(201);
  const [mail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
  const token = new URL(mail!.mailLink!).pathname.split('/').pop()!;
  for (const action of ['start_order', 'submit_order']) {
    const res = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': '192.0.2.44' }, body: { token, action } });
    expect(res.status, res.text).toBe(200);
  }
  const request = await findOpenRequest(getDb(), offer.id);
  return { dealer, offer: { ...offer, requestId: request!.id } };
}

const decide = async (requestId: string, cookie: string | null, body: unknown, origin = ORIGIN) =>
  api.post(`/api/employer/requests/${requestId}/decision`, { headers: { origin, ...(cookie ? { cookie } : {}) }, body });

describe('employer HR staff accounts', () => {
  it('the console invites HR staff: the link leads to the employer face, the mail names the employer, and they sign in as employer staff', async () => {
    const email = unique();
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    const res = await api.post(`/api/console/employers/${DEMO.employer.id}/users`, { body: { email, name: 'Hanna Hübner', lang: 'de' }, headers: operator });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.link).toMatch(/\/employer\/password\?token=[A-Za-z0-9_-]{43}&welcome=1$/);
    await deliverMails({ smtpUrl: null });
    const mail = (await keptMails()).find((m) => m.to === email);
    expect(mail?.subject).toBe('Ihr Zugang zu Spoke für Arbeitgeber (Acme GmbH)');
    expect(mail?.text).toContain(res.body.data.link);

    const list = await api.get(`/api/console/employers/${DEMO.employer.id}/users`, { headers: operator });
    expect(list.body.data.map((u: { email: string }) => u.email)).toContain(email);
    // Not a user of a dealer: the dealer's list does not show it.
    const dealers = await api.get(`/api/console/dealers/${DEMO.dealerA.id}/users`, { headers: operator });
    expect(dealers.body.data.map((u: { email: string }) => u.email)).not.toContain(email);

    const token = new URL(res.body.data.link).searchParams.get('token')!;
    expect((await api.post('/api/account/password-link', { body: { token, password: 'Fahrrad-Leasing-2026!' }, headers: sameOrigin })).status).toBe(200);
    expect(await authorizePortalUser({ email, password: 'Fahrrad-Leasing-2026!' }, address())).toMatchObject({ role: 'employer', dealerId: null });

    const reset = await api.post(`/api/console/employers/${DEMO.employer.id}/users/${res.body.data.id}/password-reset`, { headers: operator });
    expect(reset.status, reset.text).toBe(202);
    expect(JSON.stringify(reset.body)).not.toContain('token=');
    await deliverMails({ smtpUrl: null });
    const resetMail = (await keptMails()).find((m) => m.to === email && m.subject.includes('zurücksetzen'));
    expect(resetMail?.text).toMatch(/\/employer\/password\?token=/);
  });

  it('decides its own employer’s requests only; dealers, strangers and other sites are refused first', async () => {
    const acme = await hrUser(DEMO.employer.id);
    const [beta] = await getDb().insert(employers).values({ name: `Beta AG ${randomBytes(3).toString('hex')}` }).returning();
    const betaHr = await hrUser(beta!.id);
    const { dealer, offer } = await waitingForAcme();

    expect((await decide(offer.requestId, null, { decision: 'approve' })).status).toBe(401);
    expect((await decide(offer.requestId, await cookieOf((await demoUser('dealer@example.com')).id), { decision: 'approve' })).status).toBe(403);
    expect((await decide(offer.requestId, await cookieOf(acme), { decision: 'approve' }, 'https://evil.example')).status).toBe(403);
    const foreign = await decide(offer.requestId, await cookieOf(betaHr), { decision: 'approve' });
    expect(foreign.status).toBe(404);
    expect((await decide(offer.requestId, await cookieOf(acme), { decision: 'decline' })).status).toBe(400);

    const res = await decide(offer.requestId, await cookieOf(acme), { decision: 'decline', reason: 'Nur ein Rad pro Jahr' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ status: 'rejected' });
    const read = await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token });
    expect(read.body.data[0]).toMatchObject({ action: 'employer_decline', actor: { type: 'employer', name: 'Hanna Hübner (Acme GmbH)' } });
  });

  it('mails a new request to the employer’s staff who follow new requests, in their language', async () => {
    const follower = await hrUser(DEMO.employer.id);
    const quiet = await hrUser(DEMO.employer.id);
    const cookie = await cookieOf(quiet);
    const off = await api.put('/api/employer/mail-settings', { headers: { ...sameOrigin, cookie }, body: { newRequests: false, lang: 'en' } });
    expect(off.status, off.text).toBe(200);
    expect((await api.get('/api/employer/mail-settings', { headers: { ...sameOrigin, cookie } })).body.data).toEqual({ newRequests: false, lang: 'en' });
    const disabled = await hrUser(DEMO.employer.id);
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    expect((await api.post(`/api/console/employers/${DEMO.employer.id}/users/${disabled}/disable`, { headers: operator })).status).toBe(200);
    expect((await api.get('/api/employer/mail-settings', { headers: { ...sameOrigin, cookie: await cookieOf(disabled) } })).status).toBe(401);

    const { offer } = await waitingForAcme();
    const rows = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'employer_request')));
    const told = rows.map((r) => r.userId);
    expect(told).toContain(follower);
    expect(told).not.toContain(quiet);
    expect(told).not.toContain(disabled);
    await deliverMails({ smtpUrl: null });
    const [user] = await getDb().select().from(portalUsers).where(eq(portalUsers.id, follower));
    const mail = (await keptMails()).find((m) => m.to === user!.email && m.subject.includes('Neue Anfrage'));
    expect(mail?.subject).toBe(`Neue Anfrage: Erika Mustermann (${offer.offerNumber})`);
    expect(mail?.text).toContain(`/employer/requests/${offer.requestId}`);
  });

  it('refuses an employee of another employer in Acme’s list and keeps employees apart', async () => {
    const [beta] = await getDb().insert(employers).values({ name: `Gamma KG ${randomBytes(3).toString('hex')}` }).returning();
    await getDb().insert(employees).values({ email: `g-${randomBytes(3).toString('hex')}@gamma.example`, employerId: beta!.id });
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    const list = await api.get(`/api/console/employers/${beta!.id}/users`, { headers: operator });
    expect(list.body.data).toEqual([]);
    expect((await api.post(`/api/console/employers/${crypto.randomUUID()}/users`, { body: { email: unique(), name: 'X', lang: 'de' }, headers: operator })).status).toBe(404);
  });
});
