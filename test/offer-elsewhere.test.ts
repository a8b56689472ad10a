import { describe, expect, it } from 'vitest';
import { offerElsewhere } from '@/lib/portal/use-cases/offer-title';
import { newClient, newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// A link to an offer of the other environment leads to it (the portal's offer page offers the
// switch): only the dealer's own offer, only where the user may go.

describe('an offer of the other environment', () => {
  it('is found there for its dealer, production only with production access, never another dealer’s', async () => {
    const dealer = await newDealer();
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const inSandbox = await createOffer(dealer.token);
    const inProduction = await createOffer(production.token);
    const sandbox = { dealerId: dealer.dealerId, environment: 'sandbox' as const };
    const prod = { dealerId: dealer.dealerId, environment: 'production' as const };

    expect(await offerElsewhere(sandbox, inProduction.id, true)).toBe('production');
    expect(await offerElsewhere(sandbox, inProduction.id, false)).toBeUndefined();
    expect(await offerElsewhere(prod, inSandbox.id, true)).toBe('sandbox');
    // Where it is, nothing to switch to; an unknown id, nothing either.
    expect(await offerElsewhere(sandbox, inSandbox.id, true)).toBeUndefined();
    expect(await offerElsewhere(sandbox, crypto.randomUUID(), true)).toBeUndefined();
    // Another dealer's offer stays unknown.
    const other = await newDealer();
    expect(await offerElsewhere({ dealerId: other.dealerId, environment: 'sandbox' }, inProduction.id, true)).toBeUndefined();
  });
});
