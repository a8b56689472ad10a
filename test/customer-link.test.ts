import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { dealers, employerRequests, employers, notifications, offerCustomerLinks, portalUsers, webhookDeliveries } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { customerOfferPage } from '@/lib/orders/customer-order';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { demoToken, newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer, offerBody } from './helpers/offers';
import { ORIGIN, sessionCookie } from './operator-session';

// The customer's link (docs/contract.md, "Customer link"): sent by the dealer, unguessable and stored
// hashed, opens its one offer, ends when replaced, changed, final or expired, throttled per
// address; the customer's two order steps keep the employer's rules and move nothing otherwise.

/** A fresh client address per test, so the per-address limits of one test do not touch another. */
const address = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(3).toString('hex')}`;

async function draftFor(token: string, overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(token, { customerEmail: await newEmployee(), ...overrides });
  await processOffers({ ids: [offer.id] });
  return offer;
}

async function send(id: string, token: string) {
  const res = await api.post(`/v1/offers/${id}/customer-link`, { token });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { url: string; expiresAt: string; sentAt: string; sentTo: string; offerId: string; mailed: boolean };
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

const orderStep = (token: string, action: string, from = address()) =>
  api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': from }, body: { token, action } });

describe('sending the link', () => {
  it('mails an unguessable link to the production customer alone, stores only its hash, and records the send', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const offer = await draftFor(dealer.token);
    const res = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
    expect(res.status, res.text).toBe(201);
    const sent = res.body.data as { sentTo: string; sentAt: string; expiresAt: string; mailed: boolean };
    expect(sent).toMatchObject({ offerId: offer.id, sentTo: offer.customerEmail, mailed: true });
    expect(Math.abs(new Date(sent.sentAt).getTime() - Date.now())).toBeLessThan(60_000);
    // The link is the customer's alone: never in the dealer's answer.
    expect(res.text).not.toContain('/order/');
    expect(res.body.data).not.toHaveProperty('url');

    const [mail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
    expect(mail).toMatchObject({ userId: null, mailTo: offer.customerEmail, mailName: 'Erika Mustermann', mailLink: expect.stringMatching(/\/order\/[A-Za-z0-9_-]{43}$/) });
    const token = tokenOf(mail!.mailLink!);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await getDb().select().from(offerCustomerLinks).where(eq(offerCustomerLinks.offerId, offer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const days = (new Date(sent.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    const { rows: history } = await listHistory(getDb(), offer.id, 10, 0);
    expect(history[0]).toMatchObject({ action: 'customer_link_sent', actorType: 'client', fromStatus: null, toStatus: null });
  });

  it('gives a sandbox offer’s link to the dealer and mails nobody', async () => {
    const dealerToken = await demoToken();
    const offer = await draftFor(dealerToken, { customerEmail: DEMO.employeeEmail });
    const sent = await send(offer.id, dealerToken);
    expect(sent).toMatchObject({ offerId: offer.id, sentTo: DEMO.employeeEmail, mailed: false });
    expect(sent.url).toMatch(/\/order\/[A-Za-z0-9_-]{43}$/);
    expect(await getDb().select().from(notifications).where(eq(notifications.offerId, offer.id))).toEqual([]);
    const page = await customerOfferPage(tokenOf(sent.url), address(), 'de');
    expect('view' in page && page.view.sandbox).toBe(true);
  });

  it('is refused outside draft and order_journey_started, and for another dealer’s offer', async () => {
    const dealerToken = await demoToken();
    const pending = await createOffer(dealerToken);
    const refused = await api.post(`/v1/offers/${pending.id}/customer-link`, { token: dealerToken });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'OFFER_NOT_MODIFIABLE', details: expect.stringContaining('pending') });
    const other = await newDealer();
    const offer = await draftFor(dealerToken);
    expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: other.token })).status).toBe(404);
    const readOnly = await api.post(`/v1/offers/${offer.id}/customer-link`, {
      token: await (await import('./helpers/auth')).tokenFor('demo-readonly', 'demo-readonly-secret'),
    });
    expect(readOnly.status).toBe(403);
    expect(await getDb().select().from(offerCustomerLinks).where(eq(offerCustomerLinks.offerId, offer.id))).toEqual([]);
  });
});

describe('opening the link', () => {
  it('shows its own offer only; an unknown token shows nothing', async () => {
    const dealerToken = await demoToken();
    const mine = await draftFor(dealerToken, { customerName: 'Erika Mustermann' });
    const theirs = await draftFor(dealerToken, { customerName: 'Jürgen Ölschläger' });
    const [a, b] = [await send(mine.id, dealerToken), await send(theirs.id, dealerToken)];
    const page = await customerOfferPage(tokenOf(a.url), address(), 'de');
    expect('view' in page && page.view).toMatchObject({
      offerNumber: mine.offerNumber,
      customerName: 'Erika Mustermann',
      dealer: { name: 'Radhaus Demo' },
      employer: 'Acme GmbH',
      bicycle: { brandName: 'Cube', category: expect.any(String) },
    });
    expect(JSON.stringify(page)).not.toContain(theirs.offerNumber);
    const other = await customerOfferPage(tokenOf(b.url), address(), 'en');
    expect('view' in other && other.view.offerNumber).toBe(theirs.offerNumber);
    expect(await customerOfferPage(randomBytes(32).toString('base64url'), address(), 'de')).toEqual({ end: 'unknown' });
    expect(await customerOfferPage('../../v1/offers', address(), 'de')).toEqual({ end: 'unknown' });
  });

  it('says a replaced, changed, expired or final link no longer works', async () => {
    const dealerToken = await demoToken();
    const offer = await draftFor(dealerToken);
    const first = tokenOf((await send(offer.id, dealerToken)).url);
    const second = tokenOf((await send(offer.id, dealerToken)).url);
    expect(await customerOfferPage(first, address(), 'de')).toMatchObject({ end: 'replaced' });
    expect('view' in (await customerOfferPage(second, address(), 'de'))).toBe(true);

    await getDb().update(offerCustomerLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(offerCustomerLinks.tokenHash, createHash('sha256').update(second).digest('hex')));
    expect(await customerOfferPage(second, address(), 'de')).toMatchObject({ end: 'expired' });

    const third = tokenOf((await send(offer.id, dealerToken)).url);
    const update = await api.put(`/v1/offers/${offer.id}`, { token: dealerToken, body: { ...offerBody({ customerEmail: offer.customerEmail }), notes: 'Changed' } });
    expect(update.status, update.text).toBe(202);
    expect(await customerOfferPage(third, address(), 'de')).toMatchObject({ end: 'changed' });
    const step = await orderStep(third, 'start_order');
    expect(step.status).toBe(404);
    expect(step.body.errors[0]).toMatchObject({ code: 'NOT_FOUND', details: 'changed' });

    await processOffers({ ids: [offer.id] });
    // A sandbox link counts toward no quota: a fourth within the hour is sent too.
    const fourth = tokenOf((await send(offer.id, dealerToken)).url);
    expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealerToken })).status).toBe(200);
    expect(await customerOfferPage(fourth, address(), 'de')).toMatchObject({ end: 'canceled' });
  });

  it('is throttled per address: after a few unknown tokens even a good link waits', async () => {
    const dealerToken = await demoToken();
    const offer = await draftFor(dealerToken);
    const good = tokenOf((await send(offer.id, dealerToken)).url);
    const from = address();
    for (let i = 0; i < 10; i++) expect(await customerOfferPage(randomBytes(32).toString('base64url'), from, 'de')).toEqual({ end: 'unknown' });
    expect(await customerOfferPage(good, from, 'de')).toEqual({ end: 'throttled' });
    const step = await orderStep(good, 'start_order', from);
    expect(step.status).toBe(429);
    expect('view' in (await customerOfferPage(good, address(), 'de'))).toBe(true);
  });
});

describe('the customer orders', () => {
  it('starts and submits: each step one change naming the customer, with its event; the employer gets the request', async () => {
    const dealer = await newDealer({ environment: 'production' });
    expect((await api.post('/v1/webhooks', { token: dealer.token, body: { url: 'https://hooks.example/hook' } })).status).toBe(201);
    const offer = await draftFor(dealer.token);
    expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token })).status).toBe(201);
    const [mail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
    const token = tokenOf(mail!.mailLink!);

    const started = await orderStep(token, 'start_order');
    expect(started.status, started.text).toBe(200);
    expect(started.body.data).toEqual({ status: 'order_journey_started' });
    expect((await orderStep(token, 'start_order')).status).toBe(409);
    const submitted = await orderStep(token, 'submit_order');
    expect(submitted.body.data).toEqual({ status: 'employer_decision_pending' });

    const { rows } = await listHistory(getDb(), offer.id, 10, 0);
    expect(rows.slice(0, 2).map((h) => [h.action, h.actorType, h.actorName])).toEqual([
      ['submit_order', 'customer', 'Erika Mustermann'],
      ['start_order', 'customer', 'Erika Mustermann'],
    ]);
    const events = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.offerId, offer.id));
    expect(events.map((e) => e.eventType)).toEqual(['offer.created', 'offer.status_changed', 'offer.status_changed', 'offer.status_changed']);
    const [request] = await getDb().select().from(employerRequests).where(eq(employerRequests.offerId, offer.id));
    expect(request).toMatchObject({ employerId: DEMO.employer.id, decidedAt: null, closedAt: null });
    expect(request!.snapshot).toMatchObject({ offerNumber: offer.offerNumber, employee: { name: 'Erika Mustermann', email: offer.customerEmail }, totalPriceGross: offer.totalPriceGross });
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.status.nextSteps).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'operator_decision_pending', actor: expect.objectContaining({ code: 'employer' }) })]),
    );
    // The link opens no other page and no other offer: a cookie-less /v1 call with it is unauthenticated.
    expect((await api.get(`/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('refuses an order the employer’s rules forbid, in words, and moves nothing', async () => {
    const dealerToken = await demoToken();
    // Not a registered employee.
    const stranger = await draftFor(dealerToken, { customerEmail: `nobody-${randomBytes(3).toString('hex')}@example.com` });
    const strangerLink = tokenOf((await send(stranger.id, dealerToken)).url);
    const page = await customerOfferPage(strangerLink, address(), 'de');
    expect('view' in page && page.view.checks).toEqual([{ rule: 'employee', passed: false, text: expect.stringContaining('bei keinem Arbeitgeber') }]);
    const refused = await orderStep(strangerLink, 'start_order');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ORDER_NOT_ALLOWED', details: 'employee' });

    // Above the employer's price limit (set for this test, then restored).
    const offer = await draftFor(dealerToken);
    const link = tokenOf((await send(offer.id, dealerToken)).url);
    await getDb().update(employers).set({ maxTotalPriceGross: '1000.00' }).where(eq(employers.id, DEMO.employer.id));
    try {
      const res = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': address(), 'accept-language': 'de' }, body: { token: link, action: 'start_order' } });
      expect(res.status).toBe(409);
      expect(res.body.errors[0].message).toContain('über der Grenze von Acme GmbH (1.000,00 €)');
    } finally {
      await getDb().update(employers).set({ maxTotalPriceGross: null }).where(eq(employers.id, DEMO.employer.id));
    }
    for (const o of [stranger, offer]) {
      const read = await api.get(`/v1/offers/${o.id}`, { token: dealerToken });
      expect(read.body.data.status.current.code).toBe('draft');
      const { rows } = await listHistory(getDb(), o.id, 10, 0);
      expect(rows.map((h) => h.action)).not.toContain('start_order');
    }
    expect((await orderStep(link, 'start_order')).status).toBe(200);
  });

  it('refuses calls from another site', async () => {
    const res = await api.post('/api/order/steps', { headers: { origin: 'https://evil.example' }, body: { token: 'x', action: 'start_order' } });
    expect(res.status).toBe(403);
  });
});

describe('a fresh link from the offer document’s QR code', () => {
  it('mails one only when the typed e-mail is the customer’s, and answers the same either way', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const offer = await draftFor(dealer.token);
    expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token })).status).toBe(201);
    const linkMails = () => getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
    const old = tokenOf((await linkMails())[0]!.mailLink!);
    const ask = (email: string) =>
      api.post('/api/order/link-request', { headers: { origin: ORIGIN, 'x-forwarded-for': address() }, body: { offer: offer.id, email } });
    const wrong = await ask('someone@example.com');
    const unknownOffer = await api.post('/api/order/link-request', { headers: { origin: ORIGIN, 'x-forwarded-for': address() }, body: { offer: crypto.randomUUID(), email: offer.customerEmail } });
    const right = await ask(offer.customerEmail.toUpperCase());
    for (const res of [wrong, unknownOffer, right]) {
      expect(res.status).toBe(202);
      expect(res.text).toBe(right.text);
    }
    expect(await linkMails()).toHaveLength(2);
    expect(await customerOfferPage(old, address(), 'de')).toMatchObject({ end: 'replaced' });
  });

  it('mails nothing for a sandbox offer', async () => {
    const dealerToken = await demoToken();
    const offer = await draftFor(dealerToken);
    const res = await api.post('/api/order/link-request', { headers: { origin: ORIGIN, 'x-forwarded-for': address() }, body: { offer: offer.id, email: offer.customerEmail } });
    expect(res.status).toBe(202);
    expect(await getDb().select().from(notifications).where(eq(notifications.offerId, offer.id))).toEqual([]);
    expect(await getDb().select().from(offerCustomerLinks).where(eq(offerCustomerLinks.offerId, offer.id))).toEqual([]);
  });
});

describe('a step while the catalogue is due to be read again', () => {
  it('reads it in the step’s own transaction (the embedded database has one connection)', async () => {
    const dealerToken = await demoToken();
    const offer = await draftFor(dealerToken);
    const token = tokenOf((await send(offer.id, dealerToken)).url);
    const later = Date.now() + 5 * 60_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const res = await orderStep(token, 'start_order');
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ status: 'order_journey_started' });
    } finally {
      clock.mockRestore();
    }
  }, 20_000);
});

describe('sending from the portal', () => {
  async function portalUser(dealerId: string) {
    const suffix = randomBytes(4).toString('hex');
    const [user] = await getDb().insert(portalUsers).values({ email: `send-${suffix}@dealer.example`, name: 'Paula Portal', passwordHash: 'x', role: 'dealer', dealerId }).returning();
    return sessionCookie({ id: user!.id, role: 'dealer', dealerId, name: user!.name, email: user!.email });
  }

  it('mails a production link, answers to whom and when (never the link), names the user in the history, and refuses another dealer’s offer', async () => {
    const dealer = await newDealer({ environment: 'production' });
    await getDb().update(dealers).set({ productionEnabledAt: new Date() }).where(eq(dealers.id, dealer.dealerId));
    const offer = await draftFor(dealer.token);
    const cookie = `${await portalUser(dealer.dealerId)}; spoke-env=production`;
    const path = `/api/portal/offers/${offer.id}/customer-link`;

    expect((await api.post(path, { headers: { origin: 'https://evil.example', cookie } })).status).toBe(403);
    const res = await api.post(path, { headers: { origin: ORIGIN, cookie } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ sentTo: offer.customerEmail, mailed: true, sentAt: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain('/order/');
    const [mail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
    expect(mail?.mailLink).toMatch(/\/order\/[A-Za-z0-9_-]{43}$/);
    const { rows } = await listHistory(getDb(), offer.id, 5, 0);
    expect(rows[0]).toMatchObject({ action: 'customer_link_sent', actorType: 'user', actorName: 'Paula Portal' });

    const other = await newDealer({ environment: 'production' });
    const foreign = await draftFor(other.token);
    expect((await api.post(`/api/portal/offers/${foreign.id}/customer-link`, { headers: { origin: ORIGIN, cookie } })).status).toBe(404);
  }, 30_000);

  it('shows a sandbox offer’s link to the dealer and mails nobody', async () => {
    const dealer = await newDealer();
    const offer = await draftFor(dealer.token);
    const cookie = await portalUser(dealer.dealerId);
    const res = await api.post(`/api/portal/offers/${offer.id}/customer-link`, { headers: { origin: ORIGIN, cookie } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ mailed: false, url: expect.stringMatching(/\/order\/[A-Za-z0-9_-]{43}$/) });
    expect(await getDb().select().from(notifications).where(eq(notifications.offerId, offer.id))).toEqual([]);
  }, 30_000);
});
