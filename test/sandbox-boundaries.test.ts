import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { dealers, employerRequests, notifications, offerCustomerLinks, portalUsers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { deliverMails, keptMails } from '@/lib/notifications/mailer';
import { customerOfferPage } from '@/lib/orders/customer-order';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { demoToken, newDealer, type TestDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer } from './helpers/offers';
import { ORIGIN, sessionCookie } from './operator-session';

// The fourth round's boundaries (docs/contract.md, "Sandbox boundaries"): a sandbox offer reaches
// nobody real; a production customer link is the customer's alone (never in the dealer's answer
// nor on the console's mailbox); customer-link mails are counted per offer and per dealer and
// recipient an hour on every surface, from the stored links.

const address = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(3).toString('hex')}`;
const orderStep = (token: string, action: string) =>
  api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': address() }, body: { token, action } });
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

async function draft(token: string, customerEmail: string) {
  const offer = await createOffer(token, { customerEmail });
  await processOffers({ ids: [offer.id] });
  return offer;
}

const mailsOf = (offerId: string) => getDb().select().from(notifications).where(eq(notifications.offerId, offerId));
const linkMails = (offerId: string) => getDb().select().from(notifications).where(and(eq(notifications.offerId, offerId), eq(notifications.kind, 'customer_link')));

async function productionDealer(): Promise<TestDealer> {
  const dealer = await newDealer({ environment: 'production' });
  await getDb().update(dealers).set({ productionEnabledAt: new Date() }).where(eq(dealers.id, dealer.dealerId));
  return dealer;
}

async function portalCookie(dealerId: string, environment: 'sandbox' | 'production') {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await getDb().insert(portalUsers).values({ email: `quota-${suffix}@dealer.example`, name: 'Paula Portal', passwordHash: 'x', role: 'dealer', dealerId }).returning();
  const session = await sessionCookie({ id: user!.id, role: 'dealer', dealerId, name: user!.name, email: user!.email });
  return environment === 'production' ? `${session}; spoke-env=production` : session;
}

function expectQuotaAnswer(res: { status: number; headers: Headers; body: { errors: { code: string }[] } }) {
  expect(res.status).toBe(429);
  expect(res.body.errors[0]!.code).toBe('TOO_MANY_REQUESTS');
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(3600);
}

describe('the sandbox reaches nobody real', () => {
  it('a sandbox offer for a registered employee mails nobody and opens no employer request, ordered through its link', async () => {
    const dealerToken = await demoToken();
    const offer = await draft(dealerToken, DEMO.employeeEmail);
    const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealerToken });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.data).toMatchObject({ mailed: false, sentTo: DEMO.employeeEmail });
    const token = tokenOf(sent.body.data.url);
    const page = await customerOfferPage(token, address(), 'en');
    expect('view' in page && page.view).toMatchObject({ sandbox: true, employer: 'Acme GmbH' });

    for (const action of ['start_order', 'submit_order']) expect((await orderStep(token, action)).status).toBe(200);
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealerToken });
    expect(read.body.data.status.current.code).toBe('employer_decision_pending');
    expect(await getDb().select().from(employerRequests).where(eq(employerRequests.offerId, offer.id))).toEqual([]);

    // The employer's step is simulated; then the operator's. Still nobody mailed, no request.
    for (const to of ['operator_decision_pending', 'done']) {
      const res = await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealerToken, query: { to } });
      expect(res.status, res.text).toBe(200);
    }
    expect(await mailsOf(offer.id)).toEqual([]);
    expect(await getDb().select().from(employerRequests).where(eq(employerRequests.offerId, offer.id))).toEqual([]);
    const { rows } = await listHistory(getDb(), offer.id, 20, 0);
    expect(rows.map((h) => h.action)).toEqual(expect.arrayContaining(['start_order', 'submit_order', 'employer_approve', 'operator_approve']));
    }, 60_000);
});

describe('a production customer link is the customer’s alone', () => {
  it('is in no answer to the dealer and on no staff page: the console’s mailbox hides it, and invitation links', async () => {
    const dealer = await productionDealer();
    const offer = await draft(dealer.token, await newEmployee());
    const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
    expect(sent.status).toBe(201);
    const [mail] = await linkMails(offer.id);
    const token = tokenOf(mail!.mailLink!);
    expect(sent.text).not.toContain(token);
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    const history = await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token });
    for (const res of [read, history]) expect(res.text).not.toContain(token);

    await deliverMails({ smtpUrl: null });
    const hidden = '(link hidden)';
    const mailbox = await keptMails(500, { hideLinks: hidden });
    const kept = mailbox.find((m) => m.to === offer.customerEmail);
    expect(kept?.text).toContain(hidden);
    expect(JSON.stringify(mailbox)).not.toContain(token);
    expect(JSON.stringify(mailbox)).not.toMatch(/\/order\/[A-Za-z0-9_-]{43}|password\?token=/);
    // Without hiding (the recipient's own mail), the link is there: the test above can fail.
    expect(JSON.stringify(await keptMails(500))).toContain(token);
  });
});

describe('customer-link quotas', () => {
  it('API: at most 3 links per offer an hour, even sent at once; beyond, 429 with Retry-After in the /v1 envelope', async () => {
    const dealer = await productionDealer();
    const offer = await draft(dealer.token, await newEmployee());
    const burst = await Promise.all(Array.from({ length: 8 }, () => api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    for (const res of burst.filter((r) => r.status !== 201)) expectQuotaAnswer(res);
    expect(await linkMails(offer.id)).toHaveLength(3);
    expect(Number(burst.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Retry-After is when the oldest counted link leaves the hour: sent 50, 40 and 30 minutes ago → in 10 minutes.
    const links = await getDb().select({ id: offerCustomerLinks.id }).from(offerCustomerLinks).where(eq(offerCustomerLinks.offerId, offer.id));
    for (const [i, l] of links.entries()) {
      await getDb().update(offerCustomerLinks).set({ createdAt: new Date(Date.now() - (50 - 10 * i) * 60_000) }).where(eq(offerCustomerLinks.id, l.id));
    }
    const later = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
    expectQuotaAnswer(later);
    expect(Number(later.headers.get('retry-after'))).toBeGreaterThan(540);
    expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    // An hour later the offer may be sent again.
    await getDb().update(offerCustomerLinks).set({ createdAt: new Date(Date.now() - 3_601_000) }).where(eq(offerCustomerLinks.offerId, offer.id));
    expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token })).status).toBe(201);
  });

  it('API: at most 5 links to one recipient an hour from one dealer, across its offers; another dealer counts apart', async () => {
    const email = await newEmployee();
    const [a, b] = [await productionDealer(), await productionDealer()];
    const offers = [];
    for (let i = 0; i < 6; i++) offers.push(await draft(a.token, email));
    for (const o of offers.slice(0, 5)) expect((await api.post(`/v1/offers/${o.id}/customer-link`, { token: a.token })).status).toBe(201);
    const sixth = await api.post(`/v1/offers/${offers[5]!.id}/customer-link`, { token: a.token });
    expectQuotaAnswer(sixth);
    expect(await linkMails(offers[5]!.id)).toEqual([]);
    // Another dealer's send to the same customer is its own.
    const other = await draft(b.token, email);
    expect((await api.post(`/v1/offers/${other.id}/customer-link`, { token: b.token })).status).toBe(201);
    // A sandbox send to the same address does not use up the real customer's quota, nor the other way round.
    const sandbox = await newDealer();
    const test = await draft(sandbox.token, email);
    expect((await api.post(`/v1/offers/${test.id}/customer-link`, { token: sandbox.token })).status).toBe(201);
  });

  it('portal: the same quota, 429 with Retry-After in the portal’s envelope', async () => {
    const dealer = await productionDealer();
    const offer = await draft(dealer.token, await newEmployee());
    const cookie = await portalCookie(dealer.dealerId, 'production');
    const send = () => api.post(`/api/portal/offers/${offer.id}/customer-link`, { headers: { origin: ORIGIN, cookie } });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await send();
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expectQuotaAnswer(last!);
    expect(last!.body.errors[0].message).toMatch(/3 links were already sent for this offer|3 Links verschickt/);
    expect(await linkMails(offer.id)).toHaveLength(3);
  });

  it('QR request: counted with the dealer’s sends; beyond the quota 429 with Retry-After', async () => {
    const dealer = await productionDealer();
    const offer = await draft(dealer.token, await newEmployee());
    // Two sends by the dealer (API, portal), then the customer asks from the offer document.
    expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token })).status).toBe(201);
    const cookie = await portalCookie(dealer.dealerId, 'production');
    expect((await api.post(`/api/portal/offers/${offer.id}/customer-link`, { headers: { origin: ORIGIN, cookie } })).status).toBe(201);
    const ask = () => api.post('/api/order/link-request', { headers: { origin: ORIGIN, 'x-forwarded-for': address() }, body: { offer: offer.id, email: offer.customerEmail } });
    expect((await ask()).status).toBe(202);
    const refused = await ask();
    expectQuotaAnswer(refused);
    expect(await linkMails(offer.id)).toHaveLength(3);
    // The dealer's API is refused too: the count is the offer's, whatever the surface.
    expectQuotaAnswer(await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token }));
  });
});
