import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, offerRestrictedCustomers, offers, privacyRequests } from '@/db/schema';
import { getDb } from '@/lib/database';
import { csvStream, exportQueryOf } from '@/lib/exports/offer-export';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { requestCustomerLink } from '@/lib/orders/customer-link';
import { PERSONAL_DATA_MARKER } from '@/lib/shared/model';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { customerEverywhere, newCustomer, tracesOf } from './helpers/customer-data';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser } from './operator-session';

// A customer's requests on the console's data-protection page (docs/privacy.md): found by address
// across dealers, exported (their offers and nothing of another customer's), erased — unordered
// offers anonymised, a concluded order in its retention period restricted — with an audit log of
// counts; the dealer's reads, search and counts afterwards.

const operator = async () => consoleHeaders(await demoUser('operator@example.com'));
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

async function figures(dealer: TestDealer) {
  const list = await api.get('/v1/offers?perPage=100', { token: dealer.token });
  return { count: list.body.meta.totalCount as number, total: (list.body.data as { totalPriceGross: number }[]).reduce((s, o) => s + o.totalPriceGross, 0) };
}

describe('a customer’s requests', () => {
  it('finds, exports and erases one customer across dealers; the dealers see markers, counts unchanged; twice is harmless', async () => {
    const [dealer, other] = [await newDealer({ environment: 'production' }), await newDealer({ environment: 'production' })];
    const customer = newCustomer();
    const offer = await customerEverywhere(dealer, customer);
    // The same customer's concluded order at another dealer, and another customer at the first.
    const order = await createOffer(other.token, { customerName: customer.name, customerEmail: customer.email.toUpperCase() });
    await processOffers({ ids: [order.id] });
    await getDb().update(offers).set({ status: 'done' }).where(eq(offers.id, order.id));
    const neighbour = await createOffer(dealer.token, { customerName: 'Nachbar Unbeteiligt', customerEmail: 'nachbar@example.com' });
    const before = [await figures(dealer), await figures(other)];
    const headers = await operator();

    const found = await api.post('/api/console/privacy', { headers, body: { email: customer.email, reference: 'DSR-2026-0042' } });
    expect(found.status, found.text).toBe(200);
    const rows = found.body.data.offers as { id: string; erasure: string; dealer: string; customer: { name: string } }[];
    expect(rows.map((r) => [r.id, r.erasure]).sort()).toEqual(
      [
        [offer.id, 'anonymise'],
        [order.id, 'restrict'],
      ].sort(),
    );
    expect(found.body.data.registrations).toHaveLength(1);

    const request = { email: customer.email, requestDate: today(), reference: 'DSR-2026-0042' };
    const exported = await api.post('/api/console/privacy/export', { headers, body: { ...request, format: 'json' } });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="spoke-data-.*\.json"/);
    const file = exported.body;
    expect(file.offers.map((o: { id: string }) => o.id).sort()).toEqual([offer.id, order.id].sort());
    expect(file.offers.find((o: { id: string }) => o.id === offer.id).history.length).toBeGreaterThanOrEqual(5);
    expect(exported.text).toContain(customer.name);
    expect(exported.text).not.toContain('Nachbar');
    const pdf = await api.post('/api/console/privacy/export', { headers, body: { ...request, format: 'pdf' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const erased = await api.post('/api/console/privacy/erasure', { headers, body: request });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.data).toMatchObject({ anonymised: { offers: 1 }, restricted: { offers: 1 }, registrations: 1, request: { action: 'erasure', requestReference: 'DSR-2026-0042' } });

    // Only the restricted order's kept name and address remain, where nobody but this page reads them.
    expect(await tracesOf(customer)).toEqual({ offer_restricted_customers: 1 });
    expect(await getDb().select().from(offerRestrictedCustomers).where(eq(offerRestrictedCustomers.offerId, order.id))).toHaveLength(1);

    for (const [d, id] of [
      [dealer, offer.id],
      [other, order.id],
    ] as const) {
      const read = await api.get(`/v1/offers/${id}`, { token: d.token });
      expect(read.body.data).toMatchObject(PERSONAL_DATA_MARKER);
      const history = await api.get(`/v1/offers/${id}/history?perPage=100`, { token: d.token });
      expect(history.text).not.toContain(customer.name.split(' ')[1]);
      expect(history.text).not.toContain(customer.email);
      const search = await api.get(`/v1/offers?search=${encodeURIComponent('Zoë')}`, { token: d.token });
      expect(search.body.meta.totalCount).toBe(0);
    }
    const restricted = (await api.get(`/v1/offers/${order.id}`, { token: other.token })).body.data.personalData;
    expect(restricted).toMatchObject({ state: 'restricted', reason: 'commercial_retention' });
    expect(new Date(restricted.retainedUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 86_400_000);
    expect((await api.get(`/v1/offers/${neighbour.id}`, { token: dealer.token })).body.data.customerName).toBe('Nachbar Unbeteiligt');
    expect([await figures(dealer), await figures(other)]).toEqual(before);
    // Exports: the anonymised offer with the markers, the restricted order not at all.
    const csvOf = async (d: TestDealer) => {
      const chunks: Buffer[] = [];
      for await (const c of csvStream({ dealerId: d.dealerId, environment: 'production' }, exportQueryOf(new URL('http://spoke.test/portal/offers/export')), 'en')) chunks.push(Buffer.from(c));
      return Buffer.concat(chunks).toString('utf8');
    };
    const [mine, theirs] = [await csvOf(dealer), await csvOf(other)];
    expect(mine).toContain(`${offer.offerNumber},`);
    expect(mine).toContain(PERSONAL_DATA_MARKER.customerEmail);
    expect(theirs).not.toContain(order.offerNumber);

    // The page still finds the restricted order (its data is kept), and a second erasure changes nothing.
    const again = await api.post('/api/console/privacy/erasure', { headers, body: { ...request, reference: 'DSR-2026-0042-b' } });
    expect(again.body.data).toMatchObject({ anonymised: { offers: 0 }, restricted: { offers: 0 }, registrations: 0 });
    expect(await tracesOf(customer)).toEqual({ offer_restricted_customers: 1 });

    const log = await api.get('/api/console/privacy', { headers });
    const entries = (log.body.data.requests as { action: string; requestReference: string; records: number }[]).filter((r) => r.requestReference.startsWith('DSR-2026-0042'));
    expect(entries.map((e) => e.action).sort()).toEqual(['access', 'access', 'erasure', 'erasure', 'search']);
    // The search is audited like an export: who, when, what was found — never the address.
    expect(entries.find((e) => e.action === 'search')).toMatchObject({ records: 3, requestReference: 'DSR-2026-0042' });
    expect(JSON.stringify(await getDb().select().from(privacyRequests))).not.toContain(customer.email.split('@')[0]);
  }, 120_000);

  it('an erased draft can no longer reach a customer: no link, no correction, no link on request', async () => {
    const dealer = await newDealer();
    const draft = await createOffer(dealer.token, { customerName: 'Dora Draft', customerEmail: 'dora.draft@example.com' });
    await processOffers({ ids: [draft.id] });
    const erased = await api.post('/api/console/privacy/erasure', {
      headers: await operator(),
      body: { email: 'dora.draft@example.com', requestDate: today(), reference: 'DSR-7' },
    });
    expect(erased.body.data.anonymised.offers).toBe(1);
    const link = await api.post(`/v1/offers/${draft.id}/customer-link`, { token: dealer.token });
    expect(link.status).toBe(409);
    expect(link.body.errors[0].details).toMatch(/^personalData/);
    const correction = await api.put(`/v1/offers/${draft.id}/customer`, { token: dealer.token, body: { customerName: 'Dora Neu', customerEmail: 'dora.neu@example.com' } });
    expect(correction.status).toBe(409);
    await requestCustomerLink(draft.id, PERSONAL_DATA_MARKER.customerEmail, '198.51.100.77');
    expect(await getDb().select().from(notifications).where(eq(notifications.offerId, draft.id))).toEqual([]);
  });

  it('refuses a request without a reference or with a day to come, and anyone but an operator', async () => {
    const headers = await operator();
    const bad = await api.post('/api/console/privacy/erasure', { headers, body: { email: 'x@example.com', requestDate: '2999-01-01', reference: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { details: string }) => e.details).sort()).toEqual(['reference', 'requestDate']);
    const dealer = await api.post('/api/console/privacy/erasure', {
      headers: await consoleHeaders(await demoUser('dealer@example.com')),
      body: { email: 'x@example.com', requestDate: today(), reference: 'R-1' },
    });
    expect(dealer.status).toBe(403);
    expect((await api.post('/api/console/privacy', { body: { email: 'x@example.com' } })).status).toBe(401);
  });
});
