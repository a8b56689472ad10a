import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { DEMO } from '@/db/seed';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { customerOfferPage } from '@/lib/orders/customer-order';
import { endedLinkHelp, endedLinkPath } from '@/lib/orders/ended-link';
import { orderTranslator } from '@/lib/orders/i18n';
import { proxy } from '@/proxy';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';
import { createOffer } from './helpers/offers';

// A customer link that no longer works answers 404 (it never existed) or 410 (it has ended) with
// a way forward: a fresh link where the offer still takes one, the dealer's name and address; the
// customer's page speaks the employee's words.

const address = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(3).toString('hex')}`;

async function sentDraft(token: string) {
  const offer = await createOffer(token, { customerEmail: DEMO.employeeEmail });
  await processOffers({ ids: [offer.id] });
  const link = await api.post(`/v1/offers/${offer.id}/customer-link`, { token });
  expect(link.status, link.text).toBe(201);
  return { offer, token: new URL(link.body.data.url as string).pathname.split('/').pop()! };
}

describe('a link that no longer works', () => {
  it('is answered 404 when it never existed and 410 when it has ended', async () => {
    const status = async (path: string) => (await proxy(new NextRequest(`http://spoke.test${path}`))).status;
    expect(await status(endedLinkPath('unknown'))).toBe(404);
    for (const end of ['replaced', 'changed', 'done', 'canceled', 'expired'] as const) expect(await status(endedLinkPath(end, DEMO.dealerA.id)), end).toBe(410);
    expect(await status('/order/link')).toBe(200);
  });

  it('answers at the link’s own address, without a redirect: 404 unknown, 410 ended, the page of a working link as it is', async () => {
    const dealer = await demoToken();
    const { offer, token: first } = await sentDraft(dealer);
    const open = async (token: string) => proxy(new NextRequest(`http://spoke.test/order/${token}`, { headers: { 'x-forwarded-for': address() } }));
    // A working link: its own page, no rewrite.
    const working = await open(first);
    expect(working.status).toBe(200);
    expect(working.headers.get('x-middleware-rewrite')).toBeNull();
    expect(working.headers.get('location')).toBeNull();
    // Replaced by a fresh one: 410 with the ended page in its place, naming the offer for the way forward.
    await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer });
    const gone = await open(first);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('location')).toBeNull();
    expect(gone.headers.get('x-middleware-rewrite')).toBe(`http://spoke.test${endedLinkPath('replaced', offer.id)}`);
    // Never existed (well-formed or not): 404, and nothing of any offer.
    for (const token of ['x'.repeat(43), 'nope']) {
      const unknown = await open(token);
      expect(unknown.status, token).toBe(404);
      expect(unknown.headers.get('x-middleware-rewrite'), token).toBe(`http://spoke.test${endedLinkPath('unknown')}`);
    }
  });

  it('names the offer, so its page offers a fresh link and the dealer to ask; an unknown one names nothing', async () => {
    const dealer = await demoToken();
    const { offer, token: first } = await sentDraft(dealer);
    await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer });
    const replaced = await customerOfferPage(first, address(), 'de');
    expect(replaced).toEqual({ end: 'replaced', offerId: offer.id });
    const help = await endedLinkHelp('replaced', offer.id);
    expect(help).toEqual({ dealer: { name: 'Radhaus Demo', address: expect.anything() }, requestLink: `/order/link?offer=${offer.id}` });
    // A done order takes no new link, but the dealer is still named.
    expect((await endedLinkHelp('done', offer.id)).requestLink).toBeNull();
    expect(await endedLinkHelp('unknown', undefined)).toEqual({ dealer: null, requestLink: null });
    expect(await endedLinkHelp('expired', 'not-an-id')).toEqual({ dealer: null, requestLink: null });
  });

  it('the page speaks the employee’s words: “Bereit zum Bestellen”, and a whole sentence without an employer', () => {
    const t = orderTranslator('de');
    expect(t('customerStatus_draft')).toBe('Bereit zum Bestellen');
    expect(t('next_noEmployer', { dealer: 'Radhaus Demo' })).toContain('bei keinem Arbeitgeber eingetragen');
    expect(t('next_noEmployer', { dealer: 'Radhaus Demo' })).not.toContain('Kein Arbeitgeber gefunden.');
    expect(orderTranslator('en')('customerStatus_employer_decision_pending')).toBe('With your employer');
  });
});
