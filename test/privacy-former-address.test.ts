import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employees, notifications, offerCustomerLinks, offers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { getDb } from '@/lib/database';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { deliverWebhooks } from '@/lib/webhooks/deliver';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { tracesOf, type Customer } from './helpers/customer-data';
import { offerBody } from './helpers/offers';
import { startReceiver } from './helpers/webhook-receiver';
import { consoleHeaders, demoUser } from './operator-session';

// A former customer address (docs/privacy.md, "A corrected address"): after the dealer corrected
// an offer's customer, a request for the old address acts on that address's own traces — the
// history's old values, the mails and links sent to it — never on the offer that now belongs to
// someone else, nor hands over anything of them.

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

describe('a request for an address the dealer corrected away from', () => {
  it('exports and erases the old address’s traces only; the new customer and their offer stay', async () => {
    const tag = randomBytes(3).toString('hex');
    const wrong: Customer = { name: `Walter Irrtum ${tag}`, email: `walter.irrtum.${tag}@privat.example`, formerEmail: `walter.irrtum.${tag}@privat.example` };
    const right: Customer = { name: `Rita Richtig ${tag}`, email: `rita.richtig.${tag}@acme.example`, formerEmail: `rita.richtig.${tag}@acme.example` };
    await getDb()
      .insert(employees)
      .values([wrong, right].map((c) => ({ email: c.email, employerId: DEMO.employer.id, name: c.name })));
    const dealer = await newDealer({ environment: 'production' });
    const receiver = await startReceiver();
    try {
      expect((await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } })).status).toBe(201);
      const created = await api.post('/v1/offers', {
        token: dealer.token,
        headers: { 'idempotency-key': `former-${tag}` },
        body: offerBody({ customerName: wrong.name, customerEmail: wrong.email }),
      });
      expect(created.status, created.text).toBe(202);
      const id = created.body.data.id as string;
      await processOffers({ ids: [id] });
      expect((await api.post(`/v1/offers/${id}/customer-link`, { token: dealer.token })).status).toBe(201);
      const corrected = await api.put(`/v1/offers/${id}/customer`, { token: dealer.token, body: { customerName: right.name, customerEmail: right.email } });
      expect(corrected.status, corrected.text).toBe(200);
      await processOffers({ ids: [id] });
      expect((await api.post(`/v1/offers/${id}/customer-link`, { token: dealer.token })).status).toBe(201);
      await deliverWebhooks({ backoff: () => 0 });
      const headers = await consoleHeaders(await demoUser('operator@example.com'));
      const request = { email: wrong.email.toUpperCase(), requestDate: today(), reference: `DSR-${tag}` };

      // The search lists the offer only as the address's traces, naming nobody.
      const found = await api.post('/api/console/privacy', { headers, body: { email: wrong.email } });
      expect(found.status, found.text).toBe(200);
      expect(found.body.data.offers).toEqual([]);
      expect(found.body.data.traces).toEqual([{ id, offerNumber: created.body.data.offerNumber, dealer: expect.any(String), environment: 'production', counts: { history: 1, mails: 1, customerLinks: 1 } }]);
      expect(JSON.stringify(found.body)).not.toContain(right.email);
      expect(JSON.stringify(found.body)).not.toContain(right.name);

      // The access export: the old address's traces, nothing of the new customer or the offer.
      const exported = await api.post('/api/console/privacy/export', { headers, body: { ...request, format: 'json' } });
      expect(exported.status, exported.text).toBe(200);
      expect(exported.body.offers).toEqual([]);
      expect(exported.body.formerAddress).toHaveLength(1);
      const trace = exported.body.formerAddress[0];
      expect(trace.history).toEqual([
        {
          occurredAt: expect.any(String),
          action: expect.any(String),
          changes: expect.arrayContaining([
            { field: 'customerEmail', old: wrong.email },
            { field: 'customerName', old: wrong.name },
          ]),
        },
      ]);
      expect(trace.mails).toEqual([expect.objectContaining({ kind: 'customer_link', to: wrong.email })]);
      expect(trace.customerLinks).toHaveLength(1);
      for (const text of [right.email, right.name, id, created.body.data.offerNumber]) expect(exported.text).not.toContain(text);
      const pdf = await api.post('/api/console/privacy/export', { headers, body: { ...request, format: 'pdf' } });
      expect(pdf.status).toBe(200);

      // The erasure: the old address's traces go, the offer and its customer now stay.
      const before = await getDb().select().from(offers).where(eq(offers.id, id));
      const erased = await api.post('/api/console/privacy/erasure', { headers, body: request });
      expect(erased.status, erased.text).toBe(200);
      expect(erased.body.data).toMatchObject({ anonymised: { offers: 0 }, restricted: { offers: 0 }, traces: { offers: 1, mails: 1, links: 1 } });
      expect(await tracesOf(wrong)).toEqual({});
      const [after] = await getDb().select().from(offers).where(eq(offers.id, id));
      expect(after).toMatchObject({ customerName: right.name, customerEmail: right.email, status: before[0]!.status, anonymisedAt: null, restrictedAt: null, changeSeq: before[0]!.changeSeq });
      const read = await api.get(`/v1/offers/${id}`, { token: dealer.token });
      expect(read.body.data).toMatchObject({ customerName: right.name, customerEmail: right.email });
      const history = await api.get(`/v1/offers/${id}/history?perPage=100`, { token: dealer.token });
      expect(history.text).toContain(right.email);
      // The new customer's link and mail are untouched: their link still opens the offer.
      const [live] = await getDb().select().from(offerCustomerLinks).where(and(eq(offerCustomerLinks.offerId, id), eq(offerCustomerLinks.sentTo, right.email)));
      expect(live?.replacedAt).toBeNull();
      const rightMails = await getDb().select().from(notifications).where(and(eq(notifications.offerId, id), eq(notifications.mailTo, right.email)));
      expect(rightMails).toHaveLength(1);

      // The new customer's own export is whole.
      const theirs = await api.post('/api/console/privacy/export', { headers, body: { ...request, email: right.email, format: 'json' } });
      expect(theirs.body.offers.map((o: { id: string }) => o.id)).toEqual([id]);
      expect(theirs.body.formerAddress).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
