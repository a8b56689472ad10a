import { expect, test, type APIRequestContext } from '@playwright/test';
import { check, demoSandboxOffer, signIn } from './helpers';
import { linkIn, mailMark, startMailbox, waitForMail } from './mail';

// The lease terms (docs/contract.md, "Lease terms") on every face of one production offer of Acme's
// Erika Mustermann: the customer's page leads with the monthly amount, the employer's request card
// and the offer PDF show the same amount and term. Acme's terms: 36 months, 3.15 %, 0.4 %, 30 €.
//   total 3499 + 99.95 = 3598.95; rate 113.366925 → 113.37; insurance 14.3958 → 14.40;
//   the employee pays 113.37 + 14.40 − 30 = 97.77 a month.

const ERIKA = 'erika.mustermann@acme.example';
const MONTHLY = '97,77 €';
const TERM = '36 Monate';

async function productionHeaders(request: APIRequestContext) {
  const res = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-production', client_secret: 'demo-production-secret' } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token as string}` };
}

const SMTP = process.env.E2E_SMTP === 'true';

/** The customer's link: from the answer where it carries one (sandbox), else from the mail the customer received (SMTP). */
async function customerLink(answer: { url?: string }, offerNumber: string, baseURL: string, since: number): Promise<string> {
  if (answer.url) return answer.url;
  return linkIn(await waitForMail(ERIKA, new RegExp(`Ihr Angebot von .*${offerNumber}`), since), `${baseURL}/order/`);
}

/** The PDF's text (pdf.js, loaded as the ES module it is; the document embeds its fonts). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isOffscreenCanvasSupported: false, disableFontFace: true }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return out.join(' ').replace(/\s+/g, ' ');
}

test('the same monthly amount and term on the customer’s page, the employer’s card and the offer PDF', async ({ browser, request, baseURL }) => {
  test.skip(!SMTP, 'a production customer link reaches only the customer’s mailbox (E2E_SMTP=true)');
  await startMailbox();
  const since = mailMark();
  const headers = await productionHeaders(request);
  const created = await request.post('/v1/offers', {
    headers,
    data: {
      externalOfferId: `E2E-LEASE-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      customerName: 'Erika Mustermann',
      customerEmail: ERIKA,
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
      accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 99.95 }],
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const offer = (await created.json()).data as { id: string; offerNumber: string; leaseTerms: { employeeMonthlyGross: number; termMonths: number } };
  expect(offer.leaseTerms).toMatchObject({ employeeMonthlyGross: 97.77, termMonths: 36 });
  await expect.poll(async () => (await (await request.get(`/v1/offers/${offer.id}`, { headers })).json()).data.status.current.code).toBe('draft');

  const sent = await request.post(`/v1/offers/${offer.id}/customer-link`, { headers });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const link = await customerLink((await sent.json()).data, offer.offerNumber, baseURL!, since);

  // The customer's page leads with what Erika pays a month.
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' })).newPage();
  await customer.goto(link);
  const lease = customer.getByTestId('order-lease');
  await expect(lease.getByTestId('lease-you-pay')).toHaveText(`Sie zahlen ${MONTHLY} im Monat`);
  await expect(lease.getByTestId('lease-employee-monthly')).toHaveText(`= ${MONTHLY}`);
  await expect(lease.getByTestId('lease-term')).toHaveText(TERM);
  await customer.getByRole('button', { name: 'Bestellung starten' }).click();
  await customer.getByRole('button', { name: 'Bestellung abschicken' }).click();
  await expect(customer.getByTestId('order-next')).toContainText('Jetzt entscheidet Acme GmbH.');

  // Acme's card: the rate, its subsidy and the term, kept at submission.
  const hr = await (await browser.newContext({ locale: 'de-DE' })).newPage();
  await hr.goto('/employer');
  await hr.waitForLoadState('networkidle');
  await hr.getByLabel('E-Mail').fill('hr@acme.example');
  await hr.getByLabel('Passwort').fill('demo1234');
  await hr.getByLabel('Passwort').press('Enter');
  await expect(hr).toHaveURL(/\/employer$/);
  // The list's row names the rate, the subsidy and the term; the request's page shows the card.
  const row = hr.locator(`[data-testid="employer-request"][data-offer-id="${offer.id}"]`);
  await expect(row.getByTestId('request-row-lease')).toHaveText('Die Person zahlt 97,77 €/Monat = Rate 113,37 € + Versicherung 14,40 € − Ihr Zuschuss 30,00 € · 36 Monate');
  await row.getByRole('link', { name: 'Erika Mustermann' }).click();
  await expect(hr).toHaveURL(/\/employer\/requests\//);
  const card = hr.getByTestId('employer-request').getByTestId('request-lease');
  // Every part of the sum: rate + insurance − subsidy = what the person pays.
  await expect(card.getByTestId('lease-rate')).toHaveText('113,37 €');
  await expect(card.getByTestId('lease-insurance')).toHaveText('+ 14,40 €');
  await expect(card.getByTestId('lease-subsidy')).toHaveText('− 30,00 €');
  await expect(card.getByTestId('lease-employee-monthly')).toHaveText(`= ${MONTHLY}`);
  await expect(card.getByTestId('lease-term')).toHaveText(TERM);

  // The offer PDF carries the same.
  const pdf = await request.get(`/v1/offers/${offer.id}`, { headers: { ...headers, accept: 'application/pdf', 'accept-language': 'de' } });
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text.replace(/\u00a0/g, ' ')).toContain(`Die Person zahlt im Monat = ${MONTHLY}`.replace(/\u00a0/g, ' '));
  expect(text).toContain(TERM);
});

test('the dealer is told up front when the customer is no employee; the operator edits the terms, the log shows old → new', async ({ page, browser, request }) => {
  // The builder says so as soon as the catalogue knows the address is no employee's, and not for an employee.
  await signIn(page);
  await page.goto('/portal/offers/new');
  const email = page.getByRole('textbox', { name: 'E-Mail des Kunden' });
  await email.fill('walk-in@example.com');
  await expect(page.getByTestId('no-employer-hint')).toContainText('Nicht bei einem Arbeitgeber registriert: Die Person kann noch nicht bestellen.');
  await email.fill(ERIKA);
  await expect(page.getByText('Die Person ist bei ihrem Arbeitgeber registriert')).toBeVisible();
  await expect(page.getByTestId('no-employer-hint')).toHaveCount(0);

  // The offer page, before anything is sent: the warning for a walk-in customer, the terms for an employee.
  const walkIn = await demoSandboxOffer(request);
  await page.goto(`/portal/offers/${walkIn.id}`);
  await expect(page.getByTestId('no-employer-notice')).toContainText('Nicht bei einem Arbeitgeber registriert: Die Person kann noch nicht bestellen.');
  await expect(page.getByTestId('offer-lease')).toHaveCount(0);
  const employee = await demoSandboxOffer(request, { customerName: 'Erika Mustermann', customerEmail: ERIKA });
  await page.goto(`/portal/offers/${employee.id}`);
  // The one next step of an employee's offer before any link: send it, first and primary; nothing
  // says the person can order yet. Once sent, the step says they can.
  const next = page.getByTestId('offer-next-step');
  await expect(next).toHaveAttribute('data-kind', 'send');
  await expect(next).not.toContainText('kann jetzt bestellen');
  await expect(page.getByTestId('send-to-customer')).toHaveCount(1);
  await expect(page.getByTestId('offer-actions').getByRole('button', { name: 'An Kunden senden' })).toHaveCount(0);
  await page.getByTestId('send-to-customer').click();
  await expect(next).toHaveAttribute('data-kind', 'sent');
  await expect(page.getByTestId('next-step')).toContainText('Die Person kann jetzt bestellen');
  await expect(page.getByTestId('offer-lease').getByTestId('lease-employee-monthly')).toHaveText(`= ${MONTHLY}`);
  await expect(page.getByTestId('offer-lease').getByTestId('lease-insurance')).toHaveText('+ 14,40 €');
  await expect(page.getByTestId('no-employer-notice')).toHaveCount(0);
  await check(page, 'portal-offer-lease');

  // The operator changes Acme's term; the employer's log names who, when, old → new.
  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, 'operator@example.com');
  await operator.goto(`/console/offers/${employee.id}`);
  await expect(operator.getByTestId('offer-lease').getByTestId('lease-term')).toHaveText(TERM);
  await operator.goto('/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1');
  const editor = operator.getByTestId('lease-terms-editor');
  await editor.getByLabel('Laufzeit').fill('48');
  // A percentage typed with its sign is read as one; the change is asked first, with its effect on an example offer.
  await editor.getByLabel(/Leasingfaktor/).fill('3,5 %');
  await editor.getByRole('button', { name: 'Leasingkonditionen speichern' }).click();
  const ask = operator.getByRole('alertdialog', { name: 'Leasingkonditionen von Acme GmbH ändern?' });
  await expect(ask.getByTestId('lease-terms-confirm')).toContainText('36 Monate → 48 Monate');
  await expect(ask.getByTestId('lease-terms-confirm')).toContainText('3,15 % → 3,5 %');
  await expect(ask.getByTestId('lease-terms-example')).toContainText('94,50 € → 105,00 €');
  await ask.getByRole('button', { name: 'Abbrechen' }).click();
  await editor.getByLabel(/Leasingfaktor/).fill('3,15');
  await editor.getByRole('button', { name: 'Leasingkonditionen speichern' }).click();
  await operator.getByRole('alertdialog').getByRole('button', { name: 'Ändern' }).click();
  await expect(editor.getByText('Leasingkonditionen gespeichert.')).toBeVisible();
  const entry = operator.getByTestId('operator-log').locator('[data-action="lease_terms_changed"]').first();
  await expect(entry).toContainText('Leasingkonditionen geändert: Laufzeit: 36 Monate → 48 Monate');
  await expect(entry).toContainText('Operator');
  await check(operator, 'console-employer-lease-terms');
  await editor.getByLabel('Laufzeit').fill('36');
  await editor.getByRole('button', { name: 'Leasingkonditionen speichern' }).click();
  await operator.getByRole('alertdialog').getByRole('button', { name: 'Ändern' }).click();
  await expect(operator.getByTestId('operator-log').locator('[data-action="lease_terms_changed"]').first()).toContainText('48 Monate → 36 Monate');
});
