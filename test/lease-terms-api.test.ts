import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/v1/offers/[id]/route';
import { LeaseTermsSummary } from '@/components/lease-terms-summary';
import { getDb } from '@/lib/database';
import { employerTranslator } from '@/lib/employer/i18n';
import { orderTranslator } from '@/lib/orders/i18n';
import { customerOfferPage } from '@/lib/orders/customer-order';
import { employerRequests, notifications, operatorActions } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { setEmployerLeaseTerms } from '@/lib/console/use-cases/employers';
import { employerRequest, type EmployerStaff } from '@/lib/employer/use-cases/requests';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';
import { consoleHeaders, demoOperator, demoUser, ORIGIN } from './operator-session';

// `leaseTerms` on the offer in /v1 answers (docs/contract.md, "Lease terms"), under Acme's
// seeded terms: 36 months, 3.15 % a month, insurance and service 0.4 %, a subsidy of 30 € a month.
//
// The helpers' offer: total 3499 + 99.95 + 49.90 + 29.90 shipping + 15 installation = 3693.75.
//   rate       3693.75 × 3.15 % = 116.353125 → 116.35
//   insurance  3693.75 × 0.4 %  = 14.775     → 14.78 (half up)
//   employee   116.35 + 14.78 − 30 = 101.13
//   basis      list prices 3699 + 109.95, the rack's price 49.90 = 3858.85
//   benefit    a quarter 964.7125 → 900 € → 1 % = 9.00
const ACME_TERMS = {
  termMonths: 36,
  leasingFactorPercent: 3.15,
  monthlyRateGross: 116.35,
  insuranceMonthly: 14.78,
  employerSubsidyMonthly: 30,
  // The employer's terms behind them, readable by the dealer's client.
  insurancePercent: 0.4,
  employerSubsidyAgreedMonthly: 30,
  employeeMonthlyGross: 101.13,
  taxableBenefitMonthly: 9,
  benefitBasis: 3858.85,
};

const acmeHr: EmployerStaff = { id: crypto.randomUUID(), name: 'Hanna HR', email: 'hr@acme.example', employerId: DEMO.employer.id, employerName: 'Acme GmbH' };

/** The production offer ordered by its customer with the link mailed to them: waiting for Acme. */
async function submitted(token: string): Promise<{ id: string; link: string }> {
  const offer = await createOffer(token, { customerEmail: DEMO.employeeEmail });
  await processOffers({ ids: [offer.id] });
  const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token });
  expect(sent.status, sent.text).toBeLessThan(300);
  const [mail] = await getDb()
    .select({ link: notifications.mailLink })
    .from(notifications)
    .where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')))
    .orderBy(desc(notifications.id))
    .limit(1);
  const link = new URL(mail!.link!).pathname.split('/').pop()!;
  for (const action of ['start_order', 'submit_order']) {
    const res = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': `192.0.2.${randomBytes(1)[0]}` }, body: { token: link, action } });
    expect(res.status, res.text).toBe(200);
  }
  return { id: offer.id, link };
}

describe('leaseTerms in /v1 answers', () => {
  it('a production offer of a registered Acme employee carries them to the cent: create, get, list', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const created = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ customerEmail: 'Erika.Mustermann@ACME.example' }) });
    expect(created.status, created.text).toBe(202);
    expect(created.body.data.leaseTerms).toEqual(ACME_TERMS);
    const id = created.body.data.id as string;
    await processOffers({ ids: [id] });

    const read = await api.get(`/v1/offers/${id}`, { token: dealer.token });
    expect(read.status).toBe(200);
    expect(read.body.data.status.current.code).toBe('draft');
    expect(read.body.data.leaseTerms).toEqual(ACME_TERMS);

    const list = await api.get('/v1/offers', { token: dealer.token });
    expect(list.body.data.find((o: { id: string }) => o.id === id).leaseTerms).toEqual(ACME_TERMS);
    const only = await api.get('/v1/offers?fields=leaseTerms', { token: dealer.token });
    expect(only.body.data.find((o: { id: string }) => o.id === id)).toEqual({ id, leaseTerms: ACME_TERMS });
  });

  it('an offer whose customer is registered with no employer has none', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const offer = await createOffer(dealer.token, { customerEmail: 'walk-in@example.com' });
    expect(offer).not.toHaveProperty('leaseTerms');
    await processOffers({ ids: [offer.id] });
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty('leaseTerms');
  });
});

describe('the terms at the time of the order', () => {
  it('are kept with the employer’s request at submission and stay when the operator changes the terms; the change is in the history', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const { id } = await submitted(dealer.token);
    const [request] = await getDb().select().from(employerRequests).where(eq(employerRequests.offerId, id));
    expect(request!.leaseTerms).toEqual(ACME_TERMS);

    const operator = await demoOperator();
    const changed = { leaseTermMonths: 48, leasingFactorPercent: 2.5, insurancePercent: 0.25, employerSubsidyMonthly: 0 };
    const before = { leaseTermMonths: 36, leasingFactorPercent: 3.15, insurancePercent: 0.4, employerSubsidyMonthly: 30 };
    expect(await setEmployerLeaseTerms(operator, DEMO.employer.id, changed)).toEqual(changed);
    try {
      // The request, the employer's card and the /v1 answer keep the submitted terms.
      const [after] = await getDb().select().from(employerRequests).where(eq(employerRequests.offerId, id));
      expect(after!.leaseTerms).toEqual(ACME_TERMS);
      expect((await employerRequest(acmeHr, id, 'de'))?.leaseTerms).toEqual(ACME_TERMS);
      expect((await api.get(`/v1/offers/${id}`, { token: dealer.token })).body.data.leaseTerms).toEqual(ACME_TERMS);
      // A new offer of the same employee gets the new terms: 3693.75 × 2.5 % = 92.34375 → 92.34; × 0.25 % = 9.234375 → 9.23.
      const fresh = await createOffer(dealer.token, { customerEmail: DEMO.employeeEmail });
      expect(fresh.leaseTerms).toEqual({
        ...ACME_TERMS,
        termMonths: 48,
        leasingFactorPercent: 2.5,
        monthlyRateGross: 92.34,
        insuranceMonthly: 9.23,
        employerSubsidyMonthly: 0,
        insurancePercent: 0.25,
        employerSubsidyAgreedMonthly: 0,
        employeeMonthlyGross: 101.57,
      });

      const [entry] = await getDb()
        .select()
        .from(operatorActions)
        .where(and(eq(operatorActions.employerId, DEMO.employer.id), eq(operatorActions.action, 'lease_terms_changed')))
        .orderBy(desc(operatorActions.id))
        .limit(1);
      expect(entry).toMatchObject({ actorId: operator.id, actorName: operator.name, details: { old: before, new: changed } });
      expect(Date.now() - entry!.occurredAt.getTime()).toBeLessThan(60_000);
    } finally {
      await setEmployerLeaseTerms(operator, DEMO.employer.id, before);
    }
  });

  it('a save that changes nothing records nothing; bad terms are refused in the envelope', async () => {
    const operator = await demoOperator();
    const count = async () =>
      (await getDb().select().from(operatorActions).where(and(eq(operatorActions.employerId, DEMO.employer.id), eq(operatorActions.action, 'lease_terms_changed')))).length;
    const n = await count();
    await setEmployerLeaseTerms(operator, DEMO.employer.id, { leaseTermMonths: 36, leasingFactorPercent: 3.15, insurancePercent: 0.4, employerSubsidyMonthly: 30 });
    expect(await count()).toBe(n);
    await expect(setEmployerLeaseTerms(operator, crypto.randomUUID(), { leaseTermMonths: 36, leasingFactorPercent: 3, insurancePercent: 0, employerSubsidyMonthly: 0 })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const headers = { ...(await consoleHeaders(await demoUser('operator@example.com'))), 'accept-language': 'en' };
    const url = `/api/console/employers/${DEMO.employer.id}/lease-terms`;
    const bad = await api.put(url, { headers, body: { leaseTermMonths: 0, leasingFactorPercent: 3.1234, insurancePercent: -1, employerSubsidyMonthly: 10.001 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { details: string }) => e.details).sort()).toEqual(['employerSubsidyMonthly', 'insurancePercent', 'leaseTermMonths', 'leasingFactorPercent']);
    expect(bad.body.errors.find((e: { details: string }) => e.details === 'leasingFactorPercent').message).toMatch(/percentage from 0.001 to 20 with at most three decimals/);
    expect(await count()).toBe(n);
    const good = await api.put(url, { headers, body: { leaseTermMonths: 24, leasingFactorPercent: 3.456, insurancePercent: 0.5, employerSubsidyMonthly: 12.5 } });
    expect(good.status, good.text).toBe(200);
    expect(await count()).toBe(n + 1);
    await setEmployerLeaseTerms(operator, DEMO.employer.id, { leaseTermMonths: 36, leasingFactorPercent: 3.15, insurancePercent: 0.4, employerSubsidyMonthly: 30 });
  });
});

/** The text of a PDF, pages joined (pdf.js). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const doc = await getDocument({ data: bytes.slice(), isOffscreenCanvasSupported: false, disableFontFace: true, standardFontDataUrl }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return out.join(' ').replace(/\s+/g, ' ');
}

describe('the same monthly amount and term on every face', () => {
  it('the customer’s page leads with it, the employer’s card and the offer PDF show it (German)', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const { id, link } = await submitted(dealer.token);
    const monthly = /101,13\s€/;
    const term = '36 Monate';

    const page = await customerOfferPage(link, '192.0.2.77', 'de');
    if (!('view' in page)) throw new Error(`link ended: ${page.end}`);
    expect(page.view.leaseTerms).toEqual(ACME_TERMS);
    const customer = renderToStaticMarkup(createElement(LeaseTermsSummary, { terms: page.view.leaseTerms!, audience: 'employee', lang: 'de', t: orderTranslator('de'), employer: 'Acme GmbH' }));
    expect(customer).toMatch(/Sie zahlen 101,13\s€ im Monat/);
    expect(customer).toContain(term);
    expect(customer).toMatch(/9,00\s€/);

    const request = await employerRequest(acmeHr, id, 'de');
    const card = renderToStaticMarkup(createElement(LeaseTermsSummary, { terms: request!.leaseTerms!, audience: 'employer', lang: 'de', t: employerTranslator('de'), kept: true }));
    expect(card).toMatch(monthly);
    expect(card).toContain(term);
    expect(card).toMatch(/Ihr Zuschuss im Monat.*30,00\s€/);
    expect(card).toMatch(/3,15\s%.*116,35\s€/);

    // Every face shows the sum with all of its parts, in this order, so the figures add up on the
    // page: rate + insurance and service − subsidy = what the person pays; then the benefit.
    const sum = /116,35\s€.*Versicherung und Service im Monat.*\+ 14,78\s€.*− 30,00\s€.*= 101,13\s€.*Geldwerter Vorteil im Monat.*9,00\s€/s;
    const dealerView = renderToStaticMarkup(createElement(LeaseTermsSummary, { terms: ACME_TERMS, audience: 'dealer', lang: 'de', t: employerTranslator('de') }));
    for (const face of [customer, card, dealerView]) expect(face.replace(/<[^>]+>/g, ' ').replace(/\u00a0/g, ' ')).toMatch(sum);
    expect(card.replace(/<[^>]+>/g, ' ')).toMatch(/Die Person zahlt im Monat\s+= 101,13/);
    expect(customer.replace(/<[^>]+>/g, ' ')).toMatch(/Sie zahlen im Monat\s+= 101,13/);
    const english = renderToStaticMarkup(createElement(LeaseTermsSummary, { terms: ACME_TERMS, audience: 'employer', lang: 'en', t: employerTranslator('en') })).replace(/<[^>]+>/g, ' ');
    expect(english).toMatch(/Insurance and service a month\s+\+ €14\.78.*The person pays a month\s+= €101\.13/s);
    expect(english).not.toMatch(/employee pays/i);

    const req = new Request(`http://spoke.test/v1/offers/${id}`, { headers: { authorization: `Bearer ${dealer.token}`, accept: 'application/pdf', 'accept-language': 'de' } });
    const res = await GET(req, { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toMatch(/116,35\s€.*\+ 14,78\s€.*− 30,00\s€.*Die Person zahlt im Monat = 101,13\s€/);
    expect(text).toContain(term);
    expect(text).toMatch(/Leasingrate im Monat \(3,15\s%/);
  });

  it('an offer without an employer prints no lease section', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const offer = await createOffer(dealer.token, { customerEmail: 'walk-in@example.com' });
    const req = new Request(`http://spoke.test/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${dealer.token}`, accept: 'application/pdf', 'accept-language': 'en' } });
    const text = await pdfText(new Uint8Array(await (await GET(req, { params: Promise.resolve({ id: offer.id }) })).arrayBuffer()));
    expect(text).toContain('Total price (gross)');
    expect(text).not.toContain('Monthly lease');
  });
});
