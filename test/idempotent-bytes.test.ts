import { describe, expect, it } from 'vitest';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { offerBody } from './helpers/offers';
import { startReceiver } from './helpers/webhook-receiver';

// A replayed answer (Idempotency-Key) is the bytes first sent, not the stored JSON written out
// again (which would order its keys differently): key order, warnings and all.

const key = () => `bytes-${crypto.randomUUID()}`;

describe('a replayed answer', () => {
  it('is byte for byte the first answer: create, update, cancel, customer link and a webhook registration (its secret sealed)', async () => {
    const dealer = await newDealer();
    const twice = async (send: (headers: Record<string, string>) => Promise<{ status: number; text: string; headers: Headers }>) => {
      const headers = { 'idempotency-key': key() };
      const first = await send(headers);
      expect(first.status, first.text).toBeLessThan(300);
      const again = await send(headers);
      expect(again.headers.get('spoke-idempotent-replayed')).toBe('true');
      expect(again.status).toBe(first.status);
      expect(again.text).toBe(first.text);
      return JSON.parse(first.text);
    };
    // The first answer's keys are in the answer's order (data before meta, id first).
    const body = offerBody({ customerEmail: await newEmployee() });
    const created = await twice((headers) => api.post('/v1/offers', { token: dealer.token, headers, query: { dryRun: 'true' }, body }));
    expect(Object.keys(created)).toEqual(['data', 'meta']);
    expect(Object.keys(created.data)[0]).toBe('id');
    expect(created.meta.warnings[0].parameter).toBe('dryRun');
    const id = created.data.id as string;
    await processOffers({ ids: [id] });
    await twice((headers) => api.put(`/v1/offers/${id}`, { token: dealer.token, headers, body: offerBody({ customerEmail: created.data.customerEmail, externalOfferId: created.data.externalOfferId }) }));
    await processOffers({ ids: [id] });
    await twice((headers) => api.post(`/v1/offers/${id}/customer-link`, { token: dealer.token, headers }));
    await twice((headers) => api.post(`/v1/offers/${id}/cancel`, { token: dealer.token, headers, query: { cancelReason: 'other' } }));
    const receiver = await startReceiver();
    try {
      const hook = await twice((headers) => api.post('/v1/webhooks', { token: dealer.token, headers, body: { url: receiver.url } }));
      expect(typeof hook.data.secret).toBe('string');
    } finally {
      await receiver.close();
    }
  });
});
