import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliverMails, keptMailCount, keptMails } from '@/lib/notifications/mailer';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The development mailbox finds kept mails by recipient or offer number and pages through them.

describe('the development mailbox', () => {
  it('finds mails by recipient and offer number, a page at a time', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const address = `mailbox-${randomBytes(4).toString('hex')}@example.com`;
    const offers = [];
    for (let i = 0; i < 3; i++) {
      const offer = await createOffer(dealer.token, { customerEmail: address });
      await processOffers({ ids: [offer.id] });
      const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
      expect(sent.status, sent.text).toBe(201);
      offers.push(offer);
    }
    await deliverMails({ smtpUrl: null });
    expect(await keptMailCount(address)).toBe(3);
    expect(await keptMailCount(address.toUpperCase())).toBe(3);
    const first = await keptMails(2, { search: address });
    const second = await keptMails(2, { search: address, offset: 2 });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect([...first, ...second].every((m) => m.to === address)).toBe(true);
    expect(new Set([...first, ...second].map((m) => m.id)).size).toBe(3);
    expect(await keptMailCount(offers[0]!.offerNumber)).toBe(1);
    expect(await keptMailCount('100%_nobody')).toBe(0);
  });
});
