import { describe, expect, it } from 'vitest';
import { notificationMail } from '@/lib/notifications/mailer';
import type { DueMail } from '@/db/repositories/notifications';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// A decline by the employer or the operator is a decision, not a list of errors: the dealer reads
// who decided and the next steps (a new offer or cancelling) — in the status, in the history's
// reason in the reader's language, and in the mail — never "fix the errors and resubmit".

const advance = (id: string, token: string, lang: string, to?: string) =>
  api.post(`/v1/sandbox/offers/${id}/advance`, { token, query: { to }, headers: { 'accept-language': lang } });

function statusMail(overrides: Partial<DueMail>): DueMail {
  return {
    id: 1,
    kind: 'status',
    mailTo: 'dealer@example.com',
    link: null,
    status: 'rejected',
    attempts: 0,
    offerId: '00000000-0000-4000-8000-000000000001',
    offerNumber: 'SPK-1',
    externalOfferId: 'RH-1',
    environment: 'production',
    dealerName: 'Radhaus',
    employerName: null,
    userName: 'Dana',
    lang: 'de',
    customerName: null,
    totalPriceGross: null,
    statusErrors: [],
    webhookUrl: null,
    webhookId: null,
    ...overrides,
  };
}

describe('a decline read by the dealer', () => {
  it('the employer’s decline: the status names the decision and the next steps, in German and English', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token);
    for (const to of ['draft', 'order_journey_started', 'employer_decision_pending']) await advance(offer.id, dealer.token, 'de', to);
    const res = await advance(offer.id, dealer.token, 'de', 'rejected');
    const current = res.body.data.status.current;
    expect(current.code).toBe('rejected');
    expect(current.translations.de).toContain('Der Arbeitgeber hat die Bestellung abgelehnt');
    expect(current.translations.de).toContain('neues Angebot');
    expect(current.translations.de).not.toMatch(/Fehler beheben/);
    expect(current.translations.en).toContain('The employer declined the order');
    expect(current.translations.en).not.toMatch(/Fix the errors/);
    // The history's reason in the language the step was taken in.
    const history = await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token });
    const decline = (history.body.data as { action: string; changes: { field: string; new: string }[] }[]).find((h) => h.action === 'employer_decline')!;
    expect(decline.changes).toContainEqual({ field: 'reason', new: 'Im Sandbox-Test abgelehnt.' });
  });

  it('the operator’s decline says the leasing operator decided; a rejection by the checks still asks for a fix', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token);
    for (let i = 0; i < 4; i++) await advance(offer.id, dealer.token, 'en');
    const res = await advance(offer.id, dealer.token, 'en', 'rejected');
    expect(res.body.data.status.current.message).toContain('The leasing operator declined the order');
    const checked = await createOffer(dealer.token, { product: { bidexCode: '999999', brandName: 'X', modelName: 'Y', priceGross: 1000 } });
    const rejected = await advance(checked.id, dealer.token, 'en');
    expect(rejected.body.data.status.current).toMatchObject({ code: 'rejected', message: 'The offer was rejected. Fix the errors and resubmit it.' });
  });

  it('the mail about a decline gives the decision, its reason and the next steps, not errors to fix', () => {
    const de = notificationMail(statusMail({ statusErrors: [{ code: 'EMPLOYER_DECLINED', text: { de: 'Budget ausgeschöpft.', en: 'Budget used up.' } }] }), 'spoke@example.com');
    expect(de.text).toContain('Der Arbeitgeber hat die Bestellung abgelehnt');
    expect(de.text).toContain('Begründung: Budget ausgeschöpft.');
    expect(de.text).not.toMatch(/beheben Sie/);
    const en = notificationMail(statusMail({ lang: 'en', statusErrors: [{ code: 'OPERATOR_DECLINED', text: { de: 'Bonität.', en: 'Credit check.' } }] }), 'spoke@example.com');
    expect(en.text).toContain('The leasing operator declined the order');
    expect(en.text).toContain('Reason: Credit check.');
    const checks = notificationMail(statusMail({ statusErrors: [{ code: 'PRODUCT_NOT_LEASABLE' }] }), 'spoke@example.com');
    expect(checks.text).toContain('beheben Sie die angezeigten Fehler');
  });
});
