import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { check, demoOffer, demoSandboxOffer, signIn } from './helpers';
import { linkIn, mailMark, startMailbox, waitForMail } from './mail';

// The whole lifecycle by its real actors (docs/contract.md, "Customer link", "Employer face"): the dealer
// sends the offer from the portal, the customer's mail arrives with the link, the customer orders
// without an account, Acme's HR staff member approves at /employer, the operator approves in the
// console, and the dealer reads `done` in the portal and through /v1 with every actor in the
// history. With E2E_SMTP=true the server sends every mail to the SMTP server in this process
// (e2e/mail.ts); otherwise the mails are read from the console's development mailbox.

const SMTP = process.env.E2E_SMTP === 'true';
const ERIKA = 'erika.mustermann@acme.example';

type Mailed = { text: string };

/** The mail to `to` whose subject matches, sent after `since` (SMTP), or the newest such in the development mailbox. */
async function mailTo(browser: Browser, to: string, subject: RegExp, since: number): Promise<Mailed> {
  if (SMTP) return waitForMail(to, subject, since);
  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, 'operator@example.com');
  let text = '';
  await expect(async () => {
    await operator.goto(`/console/mailbox?q=${encodeURIComponent(to)}`);
    const mail = operator.getByTestId('mailbox').locator('li').filter({ hasText: to }).filter({ hasText: subject }).first();
    text = await mail.innerText({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await operator.context().close();
  return { text };
}

const mailedLink = (mail: Mailed, prefix: string) => linkIn({ to: [], subject: '', text: mail.text }, prefix);

async function sandboxToken(request: APIRequestContext, client: 'demo-sandbox' | 'demo-production' = 'demo-sandbox'): Promise<string> {
  const res = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: client, client_secret: `${client}-secret` } });
  return (await res.json()).access_token as string;
}

/** A production offer of the demo dealer, processed to draft. */
async function demoProductionOffer(request: APIRequestContext, overrides: Record<string, unknown>): Promise<{ id: string; offerNumber: string }> {
  const offer = await demoOffer(request, 'demo-production', overrides);
  const read = await (await request.get(`/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${await sandboxToken(request, 'demo-production')}` } })).json();
  expect(read.data.status.current.code).toBe('draft');
  return offer;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function signInEmployer(page: Page, lang: 'de' | 'en') {
  await page.goto('/employer');
  await expect(page).toHaveURL(/\/employer\/sign-in$/);
  await page.waitForLoadState('networkidle');
  await page.getByLabel(lang === 'de' ? 'E-Mail' : 'E-mail').fill('hr@acme.example');
  await page.getByLabel(lang === 'de' ? 'Passwort' : 'Password').fill('demo1234');
  await page.getByLabel(lang === 'de' ? 'Passwort' : 'Password').press('Enter');
  await expect(page).toHaveURL(/\/employer$/);
}

test.beforeAll(async () => {
  if (SMTP) await startMailbox();
});

test('the sandbox: the dealer gets the link, walks the customer’s pages marked as a test; no employer request, the employer simulated', async ({ page, browser, baseURL }) => {
  await signIn(page);
  const offer = await demoSandboxOffer(page.request, { customerName: 'Erika Mustermann', customerEmail: ERIKA });
  await page.goto(`/portal/offers/${offer.id}`);
  await page.getByRole('button', { name: 'An Kunden senden' }).click();
  const shown = page.getByTestId('sandbox-customer-link');
  await expect(shown).toHaveText(new RegExp(`^${baseURL}/order/[A-Za-z0-9_-]{43}$`));
  const link = (await shown.innerText()).trim();
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' })).newPage();
  await customer.goto(link);
  await expect(customer.getByTestId('sandbox-mark')).toContainText('Testangebot aus der Sandbox');
  // Who is behind the page, and what ordering means, before the customer orders.
  const footer = customer.getByTestId('legal-footer');
  await expect(footer).toContainText('Leasinggeber und Anbieter dieser Seite: Spoke Leasing GmbH (Demo)');
  await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
  await expect(footer.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/privacy');
  await expect(customer.getByTestId('order-means')).toContainText('verbindliche Anfrage, dieses Rad über die Entgeltumwandlung von Acme GmbH zu leasen');
  await expect(customer.getByTestId('order-means')).toContainText('wenn Acme GmbH und der Leasinggeber Spoke Leasing GmbH (Demo) zustimmen');
  await customer.getByRole('button', { name: 'Bestellung starten' }).click();
  await customer.getByRole('button', { name: 'Bestellung abschicken' }).click();
  await expect(customer.getByTestId('order-step')).toHaveCount(0);
  // The Impressum and the privacy notice, in German and English, at a phone's width.
  await footer.getByRole('link', { name: 'Impressum' }).click();
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Impressum');
  await expect(customer.getByTestId('operator-register')).toHaveText('Amtsgericht Berlin-Charlottenburg, HRB 000000 (Demo)');
  await expect(customer.getByTestId('operator-privacy-contact')).toHaveText('datenschutz@spoke.example');
  await noSidewaysScroll(customer);
  await check(customer, 'impressum-de-390');
  await customer.getByRole('link', { name: 'Datenschutz' }).click();
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Datenschutzhinweise');
  await expect(customer.getByTestId('privacy-retention')).toContainText('180 Tage');
  await noSidewaysScroll(customer);
  await check(customer, 'privacy-de-390');
  await customer.getByRole('link', { name: 'English' }).click();
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
  await expect(customer.getByTestId('legal-footer').locator('xpath=..')).toHaveAttribute('lang', 'en');
  await check(customer, 'privacy-en-390');
  // Acme's HR gets nothing of it.
  const hr = await (await browser.newContext()).newPage();
  await signInEmployer(hr, 'de');
  await expect(hr.locator(`[data-testid="employer-request"][data-offer-id="${offer.id}"]`)).toHaveCount(0);
});

test('the dealer sends, the customer orders, the employer and the operator approve: done, every actor in the history', async ({ page, browser, request, baseURL, context }) => {
  test.skip(!SMTP, 'a production customer link reaches only the customer’s mailbox (E2E_SMTP=true)');
  const offer = await demoProductionOffer(request, { customerName: 'Erika Mustermann', customerEmail: ERIKA });

  // The dealer sends the offer from the portal (production): it says to whom and when, never the link.
  await context.addCookies([{ name: 'spoke-env', value: 'production', url: baseURL! }]);
  await signIn(page);
  await page.goto(`/portal/offers/${offer.id}`);
  const since = mailMark();
  await page.getByRole('button', { name: 'An Kunden senden' }).click();
  await expect(page.getByTestId('customer-link-sent')).toContainText(`an ${ERIKA} gesendet – nur an die Kundin oder den Kunden`);
  await expect(page.getByTestId('customer-link-sent')).not.toContainText('/order/');

  // The customer's mail arrives with the link; the customer opens it without an account, on a phone.
  const mail = await mailTo(browser, ERIKA, new RegExp(`Ihr Angebot von .*${offer.offerNumber}`), since);
  const link = mailedLink(mail, `${baseURL}/order/`);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const customer = await phone.newPage();
  const opened = await customer.goto(link);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  await expect(customer.getByRole('heading', { level: 1, name: 'Cube Kathmandu Hybrid' })).toBeVisible();
  await expect(customer.getByText('Hallo Erika Mustermann,')).toBeVisible();
  await expect(customer.getByTestId('order-total')).toHaveText('3.598,95 €');
  await expect(customer.getByTestId('order-employer')).toContainText('Acme GmbH');
  await expect(customer.getByTestId('order-next')).toContainText('Acme GmbH eine Anfrage');
  await noSidewaysScroll(customer);
  await check(customer, 'order-page-390');
  const hrSince = mailMark();
  await customer.getByRole('button', { name: 'Bestellung starten' }).click();
  await customer.getByRole('button', { name: 'Bestellung abschicken' }).click();
  await expect(customer.getByTestId('order-next')).toContainText('Ihre Bestellung ist abgeschickt. Jetzt entscheidet Acme GmbH.');
  await expect(customer.getByTestId('order-step')).toHaveCount(0);
  await check(customer, 'order-page-submitted');

  // Acme's HR staff member is told, signs in at /employer and approves.
  const hrMail = await mailTo(browser, 'hr@acme.example', new RegExp(`Neue Anfrage: Erika Mustermann \\(${offer.offerNumber}\\)`), hrSince);
  const hr = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  // The mail's link opens that request's page, after the sign-in.
  const requestLink = mailedLink(hrMail, `${baseURL}/employer/requests/`);
  await hr.goto(requestLink);
  await expect(hr).toHaveURL(/\/employer\/sign-in\?callbackUrl=/);
  await hr.waitForLoadState('networkidle');
  await hr.getByLabel('E-Mail').fill('hr@acme.example');
  await hr.getByLabel('Passwort').fill('demo1234');
  await hr.getByLabel('Passwort').press('Enter');
  await expect(hr).toHaveURL(requestLink);
  await expect(hr.locator(`[data-testid="employer-request"][data-offer-id="${offer.id}"]`)).toContainText('Erika Mustermann');
  await hr.goto('/employer');
  const request_ = hr.locator(`[data-testid="employer-request"][data-offer-id="${offer.id}"]`);
  await expect(request_).toContainText('Erika Mustermann');
  await expect(request_).toContainText('Radhaus Demo');
  await expect(request_.getByTestId('request-total')).toHaveText('3.598,95 €');
  await expect(request_.getByTestId('request-checks')).toContainText('Erfüllt');
  await noSidewaysScroll(hr);
  await check(hr, 'employer-requests-1366');
  await request_.getByRole('button', { name: 'Zustimmen: Erika Mustermann' }).click();
  // The decision asks first.
  await hr.getByRole('alertdialog', { name: 'Der Anfrage von Erika Mustermann zustimmen?' }).getByRole('button', { name: 'Zustimmen' }).click();
  await expect(hr.getByText('Zugestimmt: Erika Mustermann.')).toBeVisible();
  await hr.goto('/employer/history');
  const decided = hr.getByTestId('history-row').filter({ hasText: offer.offerNumber });
  await expect(decided).toHaveAttribute('data-decision', 'approved');
  await expect(decided).toContainText('Hanna HR (Acme GmbH)');
  await check(hr, 'employer-history');
  await hr.goto('/employer/policy');
  await expect(hr.getByTestId('excluded-categories')).toContainText('S-Pedelecs');
  await check(hr, 'employer-policy');
  await hr.setViewportSize({ width: 390, height: 844 });
  await hr.goto('/employer/account');
  await noSidewaysScroll(hr);
  await check(hr, 'employer-account-390');

  // The operator approves in the console.
  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, 'operator@example.com');
  await operator.goto(`/console/offers/${offer.id}`);
  const approvedAt = mailMark();
  await operator.getByRole('button', { name: 'Leasinggeber gibt frei' }).click();
  // The final decision asks first.
  await operator.getByRole('alertdialog', { name: `Angebot ${offer.offerNumber} genehmigen?` }).getByRole('button', { name: 'Endgültig genehmigen' }).click();
  await expect(operator.getByTestId('status-current').locator('[data-status="done"]')).toBeVisible();

  // The dealer reads done in the portal and through /v1, every actor in the history.
  await page.goto(`/portal/offers/${offer.id}`);
  await expect(page.getByTestId('status-current')).toContainText('Abgeschlossen');
  const token = await sandboxToken(request, 'demo-production');
  const read = await (await request.get(`/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(read.data.status.current.code).toBe('done');
  const history = (await (await request.get(`/v1/offers/${offer.id}/history`, { headers: { authorization: `Bearer ${token}` } })).json()).data as {
    action: string;
    actor: { type: string; name: string };
  }[];
  const actors = Object.fromEntries(history.map((h) => [h.action, `${h.actor.type}:${h.actor.name}`]));
  expect(actors).toMatchObject({
    customer_link_sent: expect.stringMatching(/^user:/),
    start_order: 'customer:Erika Mustermann',
    submit_order: 'customer:Erika Mustermann',
    employer_approve: 'employer:Hanna HR (Acme GmbH)',
    operator_approve: expect.stringMatching(/^operator:/),
  });

  // The operator's yes mails the pickup code to the employee alone; the link now opens the order:
  // where to pick the bicycle up, nothing left to order.
  const pickup = await mailTo(browser, ERIKA, /Abholcode/, approvedAt);
  expect(pickup.text).toMatch(/[A-Z2-9]{4}-?[A-Z2-9]{4}/);
  await customer.goto(link);
  await expect(customer.getByTestId('order-after-done')).toHaveAttribute('data-status', 'awaiting_handover');
  await expect(customer.getByTestId('order-pickup')).toBeVisible();
  await expect(customer.getByTestId('order-step')).toHaveCount(0);

  // At the counter the dealer types the mailed code as people read it out: small letters, a space.
  const code = /([A-Z2-9]{4})-?([A-Z2-9]{4})/.exec(pickup.text)!;
  await page.goto(`/portal/offers/${offer.id}`);
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('sandbox-pickup-code')).toHaveCount(0);
  const form = panel.getByTestId('handover-form');
  await form.getByRole('textbox', { name: /Abholcode/ }).fill(`${code[1]} ${code[2]}`.toLowerCase());
  await form.getByRole('textbox', { name: /Rahmennummer/ }).fill('WBK-2026-05522');
  const battery = form.getByRole('textbox', { name: /Seriennummer des Akkus/ });
  if (await battery.count()) await battery.fill('BO-750-5522');
  await form.getByTestId('handover-submit').click();
  await expect(panel.getByTestId('order-status')).toHaveText('Übergeben');
  await waitForMail(ERIKA, /Ihr Fahrrad wurde übergeben/, approvedAt);
});

test('in English: the customer orders, the employer declines with a reason the customer reads', async ({ browser, request, baseURL }) => {
  test.skip(!SMTP, 'a production customer link reaches only the customer’s mailbox (E2E_SMTP=true)');
  const offer = await demoProductionOffer(request, { customerName: 'Erika Mustermann', customerEmail: ERIKA });
  const token = await sandboxToken(request, 'demo-production');
  const since = mailMark();
  const sent = await request.post(`/v1/offers/${offer.id}/customer-link`, { headers: { authorization: `Bearer ${token}` } });
  expect(sent.status()).toBe(201);
  const mail = await mailTo(browser, ERIKA, new RegExp(`Your offer from .*${offer.offerNumber}`), since);
  const link = mailedLink(mail, `${baseURL}/order/`);
  expect(await sent.text()).not.toContain(link);

  const customer = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB', extraHTTPHeaders: { 'accept-language': 'en-GB,en;q=0.9' } })).newPage();
  await customer.goto(link);
  await expect(customer.locator('html')).toHaveAttribute('lang', 'en');
  await expect(customer.getByText('Hello Erika Mustermann,')).toBeVisible();
  await expect(customer.getByTestId('order-total')).toHaveText('€3,598.95');
  await customer.getByRole('button', { name: 'Start order' }).click();
  await customer.getByRole('button', { name: 'Submit order' }).click();
  await expect(customer.getByTestId('order-next')).toContainText('Your order has been submitted. Acme GmbH decides now.');
  await noSidewaysScroll(customer);
  await check(customer, 'order-page-en-1366');

  const hrContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await hrContext.addCookies([{ name: 'spoke-lang', value: 'en', url: baseURL! }]);
  const hr = await hrContext.newPage();
  await signInEmployer(hr, 'en');
  const card = hr.locator(`[data-testid="employer-request"][data-offer-id="${offer.id}"]`);
  await expect(card).toContainText('Erika Mustermann');
  await noSidewaysScroll(hr);
  await check(hr, 'employer-requests-en-390');
  await card.getByRole('button', { name: 'Decline: Erika Mustermann' }).click();
  const dialog = hr.getByRole('alertdialog', { name: 'Decline the request' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The company-bike budget for this year is used up.');
  await check(hr, 'employer-decline-dialog');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(hr.getByText('Declined: Erika Mustermann.')).toBeVisible();

  await customer.reload();
  await expect(customer.getByTestId('order-next')).toContainText('The order was declined.');
  await expect(customer.getByTestId('order-next')).toContainText('Reason: The company-bike budget for this year is used up.');
});

test('a broken rule of the employer (not an employee) blocks the order in words; an unknown, replaced link says so', async ({ browser, request }) => {
  // The customer's address is no registered employee's (an excluded category is already rejected by processing).
  const offer = await demoSandboxOffer(request, { customerEmail: 'jana.mueller@example.com' });
  const token = await sandboxToken(request);
  const first = (await (await request.post(`/v1/offers/${offer.id}/customer-link`, { headers: { authorization: `Bearer ${token}` } })).json()).data.url as string;
  const second = (await (await request.post(`/v1/offers/${offer.id}/customer-link`, { headers: { authorization: `Bearer ${token}` } })).json()).data.url as string;

  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' })).newPage();
  await customer.goto(second);
  const blocked = customer.getByTestId('order-blocked');
  await expect(blocked).toContainText('So kann das Angebot nicht bestellt werden');
  await expect(blocked).toContainText('jana.mueller@example.com ist bei keinem Arbeitgeber');
  await expect(blocked).toContainText('Bitten Sie Ihren Arbeitgeber, Sie als Mitarbeiterin oder Mitarbeiter einzutragen, oder Radhaus Demo');
  await expect(customer.getByTestId('order-step')).toHaveCount(0);
  await check(customer, 'order-page-blocked');
  // The server refuses the step as well; nothing moves.
  const refused = await customer.request.post('/api/order/steps', { data: { token: second.split('/').pop(), action: 'start_order' }, headers: { origin: new URL(second).origin } });
  expect(refused.status()).toBe(409);
  const read = await (await request.get(`/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(read.data.status.current.code).toBe('draft');

  // A link that no longer works answers 410 (gone) or 404 (never existed), with the way forward.
  const gone = await customer.goto(first);
  expect(gone?.status()).toBe(410);
  // At the link's own address: no redirect on the way.
  expect(gone?.request().redirectedFrom()).toBeNull();
  expect(customer.url()).toBe(first);
  await expect(customer.getByTestId('link-end')).toContainText('Dieser Link gilt nicht mehr');
  await expect(customer.getByTestId('request-new-link')).toHaveAttribute('href', `/order/link?offer=${offer.id}`);
  await expect(customer.getByTestId('link-end-dealer')).toContainText('Radhaus Demo');
  const unknownUrl = `${new URL(first).origin}/order/${'x'.repeat(43)}`;
  const unknown = await customer.goto(unknownUrl);
  expect(unknown?.status()).toBe(404);
  expect(unknown?.request().redirectedFrom()).toBeNull();
  expect(customer.url()).toBe(unknownUrl);
  await expect(customer.getByTestId('link-end-dealer')).toContainText('Bitten Sie ihn um einen neuen Link');
  await expect(customer.getByTestId('link-end')).toContainText('Diesen Link gibt es nicht');
  await check(customer, 'order-link-unknown');
});

test('the operator invites HR staff for Acme; the invited member sets a password and signs in at /employer; disabling ends it', async ({ page, browser, baseURL }) => {
  const email = `hanne.${Date.now()}@acme.example`;
  await signIn(page, 'operator@example.com');
  await page.goto('/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1');
  const staff = page.getByTestId('staff');
  await expect(staff.getByRole('heading', { name: 'Zugänge der Personalabteilung' })).toBeVisible();
  await expect(staff.locator('[data-email="hr@acme.example"]')).toBeVisible();
  const since = mailMark();
  await staff.getByLabel('Name', { exact: true }).fill('Hanne Neu');
  await staff.getByLabel('E-Mail', { exact: true }).fill(email);
  await staff.getByRole('button', { name: 'Einladen' }).click();
  const shown = (await page.getByTestId('invite-link').innerText()).trim();
  expect(shown).toContain('/employer/password?token=');
  await check(page, 'console-employer-staff');
  const mail = await mailTo(browser, email, /Zugang zu Spoke für Arbeitgeber/, since);
  // The invitation link is the recipient's: in the real mail, hidden on the console's mailbox.
  if (SMTP) expect(mailedLink(mail, `${baseURL}/employer/password`)).toBe(shown);
  else expect(mail.text).toContain('Link verborgen');

  const hanne = await (await browser.newContext()).newPage();
  await hanne.goto(shown);
  await hanne.getByLabel('Neues Passwort', { exact: true }).fill('hanne-first-pass');
  await hanne.getByLabel('Neues Passwort wiederholen').fill('hanne-first-pass');
  await hanne.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(hanne.getByTestId('password-saved')).toBeVisible();
  await hanne.getByRole('link', { name: 'Anmelden' }).click();
  await expect(hanne).toHaveURL(/\/employer\/sign-in$/);
  await hanne.waitForLoadState('networkidle');
  await hanne.getByLabel('E-Mail').fill(email);
  await hanne.getByLabel('Passwort').fill('hanne-first-pass');
  await hanne.getByLabel('Passwort').press('Enter');
  await expect(hanne).toHaveURL(/\/employer$/);
  await expect(hanne.getByTestId('employer-name')).toHaveText('Acme GmbH');

  await page.reload();
  const row = page.getByTestId('staff').locator(`[data-email="${email}"]`);
  await row.getByRole('button', { name: `Sperren: ${email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sperren' }).click();
  await expect(row).toContainText('gesperrt seit');
  await hanne.goto('/employer/policy');
  await expect(hanne).toHaveURL(/\/employer\/sign-in$/);
});
