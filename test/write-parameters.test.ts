import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offerCustomerLinks } from '@/db/schema';
import { getDb } from '@/lib/database';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer, offerBody } from './helpers/offers';
import { startReceiver } from './helpers/webhook-receiver';

// A write ignores the query parameters it does not read, and says so as the reads do
// (`meta.warnings`, UNKNOWN_PARAMETER): `POST /v1/offers?dryRun=true` creates a real offer and
// tells the caller the parameter counted for nothing.

const unknownParameter = (res: { body: any }, name: string) =>
  expect(res.body.meta.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'UNKNOWN_PARAMETER', parameter: name })]));

describe('unknown query parameters on writes', () => {
  it('are reported on every write that reads no query, and the write happens as without them', async () => {
    const dealer = await newDealer();
    const created = await api.post('/v1/offers', { token: dealer.token, query: { dryRun: 'true' }, body: offerBody() });
    expect(created.status, created.text).toBe(202);
    unknownParameter(created, 'dryRun');
    expect(created.body.meta.warnings[0].message).toMatch(/dryRun/);
    expect((await api.get(`/v1/offers/${created.body.data.id}`, { token: dealer.token })).status).toBe(200);

    const offer = await createOffer(dealer.token, { customerEmail: await newEmployee() });
    await processOffers({ ids: [offer.id] });
    const updated = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, query: { notify: 'false' }, body: offerBody({ customerEmail: offer.customerEmail }) });
    expect(updated.status, updated.text).toBe(202);
    unknownParameter(updated, 'notify');
    await processOffers({ ids: [offer.id] });
    const corrected = await api.put(`/v1/offers/${offer.id}/customer`, {
      token: dealer.token,
      query: { force: '1' },
      body: { customerName: 'Erika Mustermann', customerEmail: offer.customerEmail },
    });
    expect(corrected.status, corrected.text).toBe(200);
    unknownParameter(corrected, 'force');
    await processOffers({ ids: [offer.id] });
    const link = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token, query: { lang: 'en' } });
    expect(link.status, link.text).toBe(201);
    unknownParameter(link, 'lang');

    const receiver = await startReceiver();
    try {
      const hook = await api.post('/v1/webhooks', { token: dealer.token, query: { verify: 'no' }, body: { url: receiver.url } });
      expect(hook.status, hook.text).toBe(201);
      unknownParameter(hook, 'verify');
      const id = hook.body.data.id as string;
      const patched = await api.patch(`/v1/webhooks/${id}`, { token: dealer.token, query: { x: '1' }, body: { enabled: true } });
      expect(patched.status, patched.text).toBe(200);
      unknownParameter(patched, 'x');
      const tested = await api.post(`/v1/webhooks/${id}/test`, { token: dealer.token, query: { y: '2' } });
      expect(tested.status, tested.text).toBe(200);
      unknownParameter(tested, 'y');
    } finally {
      await receiver.close();
    }
  });

  it('are absent without them: the answers stay as they were', async () => {
    const dealer = await newDealer();
    const created = await api.post('/v1/offers', { token: dealer.token, body: offerBody() });
    expect(created.body.meta).toEqual({});
  });
});

// One rule for the operations that read no body: a body sent is refused, never ignored.
describe('a body sent to an operation that reads none', () => {
  it('is refused by customer-link as by the others, and nothing is sent; {} and null pass', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const offer = await createOffer(dealer.token, { customerEmail: await newEmployee() });
    await processOffers({ ids: [offer.id] });
    const refused = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token, body: { customerEmail: 'someone@example.com' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'INVALID_REQUEST' });
    const links = await getDb().select().from(offerCustomerLinks).where(eq(offerCustomerLinks.offerId, offer.id));
    expect(links).toEqual([]);
    // The same answer as another body-less write gives.
    const receiver = await startReceiver();
    try {
      const hook = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } });
      const test = await api.post(`/v1/webhooks/${hook.body.data.id}/test`, { token: dealer.token, body: { customerEmail: 'someone@example.com' } });
      expect(test.status).toBe(400);
      expect(test.body).toEqual(refused.body);
    } finally {
      await receiver.close();
    }
    expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token, body: {} })).status).toBe(201);
    expect((await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token, raw: 'null', headers: { 'content-type': 'application/json' } })).status).toBe(201);
  });
});
