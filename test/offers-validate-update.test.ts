import { describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { newClient, newDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// The dry run of an update (`POST /v1/offers/validate?offerId=`) answers as the update would: an
// offer the dealer does not have in this environment is 404, the body's errors come first.

describe('validate with offerId', () => {
  it('answers 404 for another dealer’s offer, another environment’s, and none; its own passes', async () => {
    const [dealer, other] = [await newDealer(), await newDealer()];
    const mine = await createOffer(dealer.token);
    const theirs = await createOffer(other.token);
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const dryRun = (token: string, offerId: string, body: Record<string, unknown> = offerBody()) => api.post('/v1/offers/validate', { token, body, query: { offerId } });
    const update = (token: string, offerId: string) => api.put(`/v1/offers/${offerId}`, { token, body: offerBody() });

    for (const [token, offerId] of [
      [dealer.token, theirs.id],
      [production.token, mine.id],
      [dealer.token, crypto.randomUUID()],
    ] as const) {
      const res = await dryRun(token, offerId);
      expect(res.status, res.text).toBe(404);
      expect(res.body.errors[0].code).toBe('NOT_FOUND');
      // The update answers the same.
      const asUpdate = await update(token, offerId);
      expect(asUpdate.status).toBe(404);
      expect(res.body).toEqual(asUpdate.body);
    }
    // A bad body is named first, as the update does.
    const bad = await dryRun(dealer.token, theirs.id, { ...offerBody(), customerEmail: 'nope' });
    expect(bad.status).toBe(400);
    const ok = await dryRun(dealer.token, mine.id, offerBody({ externalOfferId: mine.externalOfferId }));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.valid).toBe(true);
  });
});
