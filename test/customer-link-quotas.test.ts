import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { employees, offerCustomerLinks } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The hourly quotas of customer links count per dealer and mailbox: one dealer's sends to a shared
// customer never use up another's, a ceiling per mailbox across dealers says nothing of the
// others, a sub-address is its mailbox, and sandbox links (mailed to nobody) count toward nothing.

/** A mailbox of the demo's employer, registered with sub-addresses of its own. */
async function mailbox(tags: string[]) {
  const local = `shared-${randomBytes(4).toString('hex')}`;
  const addresses = [`${local}@acme.example`, ...tags.map((t) => `${local}+${t}@acme.example`)];
  await getDb()
    .insert(employees)
    .values(addresses.map((email) => ({ email, employerId: DEMO.employer.id, name: 'Erika Mustermann' })));
  return addresses;
}

async function draft(dealer: TestDealer, customerEmail: string) {
  const offer = await createOffer(dealer.token, { customerEmail });
  await processOffers({ ids: [offer.id] });
  return offer.id as string;
}

const send = (dealer: TestDealer, offerId: string) => api.post(`/v1/offers/${offerId}/customer-link`, { token: dealer.token });

async function sendAll(dealer: TestDealer, offerIds: string[]) {
  for (const id of offerIds) {
    const res = await send(dealer, id);
    expect(res.status, res.text).toBe(201);
  }
}

describe('customer link quotas', () => {
  it('count per dealer and mailbox; the ceiling across dealers tells nothing of the others', async () => {
    const [plain, one, two] = await mailbox(['1', '2']);
    const [a, b, c] = [await newDealer({ environment: 'production' }), await newDealer({ environment: 'production' }), await newDealer({ environment: 'production' })];

    // B sends five links to the mailbox, under two sub-addresses and two offers.
    const b1 = await draft(b, one!);
    const b2 = await draft(b, two!);
    await sendAll(b, [b1, b1, b1, b2, b2]);
    const stored = await getDb().select({ sentTo: offerCustomerLinks.sentTo }).from(offerCustomerLinks).where(eq(offerCustomerLinks.offerId, b1));
    expect(stored.map((l) => l.sentTo)).toEqual([plain, plain, plain]);

    // B's sixth is beyond B's own quota for the mailbox (its own times only) …
    const b3 = await draft(b, plain!);
    const refused = await send(b, b3);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);

    // … while A's first send to the same mailbox goes out.
    const a1 = await draft(a, plain!);
    const a2 = await draft(a, two!);
    await sendAll(a, [a1, a1, a1, a2, a2]);
    expect((await send(a, a2)).status).toBe(429);

    // Ten links to the mailbox within the hour: a third dealer's first is refused, and the answer
    // says neither how many were sent nor when: it waits the whole hour.
    const c1 = await draft(c, one!);
    const ceiling = await send(c, c1);
    expect(ceiling.status).toBe(429);
    expect(ceiling.headers.get('retry-after')).toBe('3600');
    expect([ceiling.headers.get('ratelimit-limit'), ceiling.headers.get('ratelimit-remaining'), ceiling.headers.get('ratelimit-reset')]).toEqual(['10', '0', '3600']);
    expect(ceiling.text).not.toMatch(/\d/);
    expect(ceiling.text).not.toMatch(/minute|Minute/);
    expect(ceiling.text).not.toContain(refused.body.errors[0].message);

    // An hour later the mailbox takes links again.
    await getDb().update(offerCustomerLinks).set({ createdAt: new Date(Date.now() - 3_601_000) }).where(eq(offerCustomerLinks.sentTo, plain!));
    expect((await send(c, c1)).status).toBe(201);
    expect((await send(b, b3)).status).toBe(201);
  });

  it('sandbox links are mailed to nobody and count toward nothing', async () => {
    const [plain] = await mailbox([]);
    const sandbox = await newDealer({ environment: 'sandbox' });
    const ids = [await draft(sandbox, plain!), await draft(sandbox, plain!)];
    await sendAll(sandbox, [ids[0]!, ids[0]!, ids[0]!, ids[0]!, ids[1]!, ids[1]!, ids[1]!, ids[1]!]);
    const stored = await getDb().select({ sentTo: offerCustomerLinks.sentTo }).from(offerCustomerLinks).where(eq(offerCustomerLinks.offerId, ids[0]!));
    expect(stored.map((l) => l.sentTo)).toEqual([null, null, null, null]);

    // The production dealer's quotas for the same mailbox are whole.
    const production = await newDealer({ environment: 'production' });
    const p1 = await draft(production, plain!);
    const p2 = await draft(production, plain!);
    await sendAll(production, [p1, p1, p1, p2, p2]);
  });
});
