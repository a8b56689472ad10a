import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { check, signIn } from './helpers';

// The operator console in Chromium, against the real app (next start, fresh database with the
// demo data, processor every 500 ms). German is the default language; nothing here asserts colours.

const run = Date.now().toString(36);



async function token(request: APIRequestContext, clientId: string, secret: string) {
  const res = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
  return { status: res.status(), token: res.ok() ? ((await res.json()).access_token as string) : '' };
}

function offerBody(overrides: Record<string, unknown> = {}) {
  return {
    externalOfferId: `E2E-C-${run}-${Math.random().toString(36).slice(2, 8)}`,
    customerName: 'Konsole Kundin',
    customerEmail: 'konsole@example.com',
    product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
    accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 99.95 }],
    ...overrides,
  };
}

/** Creates an offer through /v1 and waits until the processor has checked it. */
async function createProcessed(request: APIRequestContext, bearer: string, overrides: Record<string, unknown> = {}) {
  const created = await request.post('/v1/offers', { headers: { authorization: `Bearer ${bearer}` }, data: offerBody(overrides) });
  expect(created.status()).toBe(202);
  const offer = (await created.json()).data as { id: string; offerNumber: string };
  await expect
    .poll(
      async () => (await (await request.get(`/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${bearer}` } })).json()).data.status.current.code,
      { timeout: 15_000 },
    )
    .not.toBe('pending');
  return offer;
}

const statusIs = (page: Page, status: string) => page.getByTestId('status-current').locator(`[data-status="${status}"]`);

test('the console refuses callers without a session and dealer users, pages and endpoints alike', async ({ page, request }) => {
  const anonymous = await request.get('/console', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(307);
  expect(anonymous.headers()['location']).toContain('/console/sign-in');
  expect((await request.post('/api/console/dealers', { data: { name: 'Anonymous' } })).status()).toBe(401);

  await signIn(page, 'dealer@example.com');
  await expect(page).toHaveURL(/\/portal$/);
  for (const path of ['/console', '/console/dealers', '/console/employers', '/console/offers/00000000-0000-4000-8000-000000000000', '/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000002']) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(307);
    expect(res.headers()['location'], path).toMatch(/\/portal$/);
  }
  // The dealer's session is refused by the console's endpoints, with bodies that would be valid.
  const origin = new URL(page.url()).origin;
  const calls: [string, string, unknown][] = [
    ['GET', '/api/console/rejected', undefined],
    ['GET', '/api/console/dealers', undefined],
    ['POST', '/api/console/dealers', { name: `Dealer-made ${run}` }],
    ['POST', '/api/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001/sandbox-credentials', {}],
    ['POST', '/api/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001/production', {}],
    ['POST', '/api/console/clients/demo-sandbox/rotate', undefined],
    ['POST', '/api/console/clients/other-sandbox/disable', undefined],
    ['PUT', '/api/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1/policy', { excludedCodes: [] }],
    ['POST', '/api/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1/employees', { email: `x-${run}@acme.example` }],
  ];
  for (const [method, path, data] of calls) {
    const res = await page.request.fetch(path, { method, data, headers: { origin } });
    expect(res.status(), `${method} ${path}`).toBe(403);
  }
  // Nothing happened: the demo sandbox client still gets tokens.
  expect((await token(request, 'demo-sandbox', 'demo-sandbox-secret')).status).toBe(200);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/portal$/);
});

test('an operator finds rejected offers by error code and takes offers through the lifecycle to done', async ({ page, request }) => {
  // The longest walk of the suite (every page checked with axe at two widths): three times the limit.
  test.slow();
  const sandbox = (await token(request, 'demo-sandbox', 'demo-sandbox-secret')).token;
  const rejected = await createProcessed(request, sandbox, {
    product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Overpriced', priceGross: 5000, listPriceGross: 3000 },
  });
  const other = await createProcessed(request, sandbox, { accessory: [{ bidexCode: '299999', brandName: 'Nope', priceGross: 5 }] });
  const toDecline = await createProcessed(request, sandbox);
  const toApprove = await createProcessed(request, sandbox);

  await signIn(page, 'operator@example.com');
  // The console opens on the operator's own work: the decision queue, marked in the navigation.
  await expect(page).toHaveURL(/\/console\/queues\/decision$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Warten auf Ihre Entscheidung' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).first().locator('[aria-current="page"]')).toContainText('Ihre Entscheidung');
  await expect(page.getByTestId('operator-name')).toHaveText('Otto Operator');
  await page.getByRole('link', { name: /^Abgelehnt/ }).first().click();
  await expect(page).toHaveURL(/\/console\/rejected$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abgelehnte Angebote' })).toBeVisible();
  // The navigation's count is what the page lists unfiltered (production): one definition.
  const navCount = (await page.getByRole('link', { name: /^Abgelehnt/ }).first().getByTestId('nav-count').textContent())!.replace(/\D/g, '');
  const listed = (await page.getByTestId('queue-count').textContent())!;
  expect(listed.startsWith('Keine') ? '0' : listed.replace(/^.* von ([\d.]+) .*$/, '$1').replace(/\D/g, '')).toBe(navCount);
  // The walk's offers are the sandbox's: chosen as a filter.
  await page.goto('/console/rejected?environment=sandbox');
  const chart = page.getByTestId('rejections-chart');
  await expect(chart.getByTestId('chart-top')).toContainText('Häufigster Grund diese Woche');
  await check(page, 'console-queue');

  // The chart's row for "price above list price" opens the queue filtered by that code.
  await chart.locator('tr[data-code="PRICE_ABOVE_LIST_PRICE"]').getByRole('link', { name: /Preis über Listenpreis: (alle \d+ abgelehnten Angebote|1 abgelehntes Angebot) öffnen/ }).click();
  await expect(page).toHaveURL(/[?&]code=PRICE_ABOVE_LIST_PRICE/);
  const queue = page.getByTestId('queue');
  await expect(queue.locator(`tr[data-offer-number="${rejected.offerNumber}"]`)).toBeVisible();
  await expect(queue.locator(`tr[data-offer-number="${other.offerNumber}"]`)).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Fehlercode', exact: true })).toHaveValue('PRICE_ABOVE_LIST_PRICE');
  await check(page, 'console-queue-by-code');

  // The filter form finds the other one by its code.
  await page.getByRole('combobox', { name: 'Fehlercode', exact: true }).selectOption('ACCESSORY_NOT_LEASABLE');
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page).toHaveURL(/code=ACCESSORY_NOT_LEASABLE/);
  await expect(queue.locator(`tr[data-offer-number="${other.offerNumber}"]`)).toBeVisible();
  await expect(queue.locator(`tr[data-offer-number="${rejected.offerNumber}"]`)).toHaveCount(0);

  // The period is the kit's calendar, its days written the German way whatever the browser's
  // locale: today as start and end keeps the offer rejected a moment ago.
  const period = page.getByRole('button', { name: 'Abgelehnt im Zeitraum', exact: true });
  await expect(period).toHaveText('Beliebiger Zeitraum');
  await period.click();
  await expect(page.getByRole('grid')).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('grid')).toBeHidden();
  await expect(period).toHaveText(/^\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/);
  const shown = (await period.textContent())!.split(' – ')[0];
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const [y, m, d] = new URL(page.url()).searchParams.get('from')!.split('-');
  expect(shown).toBe(`${d}.${m}.${y}`);
  await expect(page.getByRole('button', { name: 'Abgelehnt im Zeitraum', exact: true })).toHaveText(`${shown} – ${shown}`);
  await expect(queue.locator(`tr[data-offer-number="${other.offerNumber}"]`)).toBeVisible();

  // Values nobody could mean are dropped and named by their fields' labels, not the query's names.
  await page.goto('/console/rejected?from=2026-13-45&to=morgen&environment=mars');
  await expect(page.getByRole('alert').filter({ hasText: 'Ungültige' })).toHaveText('Ungültige Filterwerte wurden ignoriert: Umgebung, Abgelehnt ab, Abgelehnt bis.');
  await page.goto('/console/queues/decision?age=-3&page=null');
  await expect(page.getByRole('alert').filter({ hasText: 'Ungültige' })).toHaveText('Ungültige Filterwerte wurden ignoriert: Wartet mindestens (Tage), Seite.');

  // Review the rejected offer: its errors in German and English, its history; re-run processing.
  await page.goto(`/console/rejected?code=PRICE_ABOVE_LIST_PRICE&environment=sandbox`);
  await page.getByRole('link', { name: `Angebot ${rejected.offerNumber} prüfen` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Angebot ${rejected.offerNumber}` })).toBeVisible();
  // Titled by its number, and the way back leads to the queue it waits in.
  await expect(page).toHaveTitle(new RegExp(`^Angebot ${rejected.offerNumber} · `));
  await expect(page.getByRole('link', { name: /Zurück zu den abgelehnten Angeboten/ })).toHaveAttribute('href', '/console/rejected');
  await expect(statusIs(page, 'rejected')).toBeVisible();
  const errors = page.getByTestId('status-errors');
  await expect(errors).toContainText('Der Preis 5.000,00 € liegt über dem Listenpreis 3.000,00 €.');
  await expect(errors).toContainText('The price €5,000.00 is above the list price €3,000.00.');
  await expect(page.getByTestId('history').locator('li[data-action="processed"]')).toHaveCount(1);
  await check(page, 'console-review-rejected');
  await page.getByRole('button', { name: 'Prüfung erneut ausführen' }).click();
  await expect(page.getByTestId('history').locator('li[data-action="reprocess"]')).toContainText('von Otto Operator');
  await expect(page.getByTestId('history').locator('li[data-action="processed"]')).toHaveCount(2);
  await expect(statusIs(page, 'rejected')).toBeVisible();

  // Decline: started, submitted, then the employer declines (the operator for them) with a reason.
  await page.goto(`/console/offers/${toDecline.id}`);
  await expect(statusIs(page, 'draft')).toBeVisible();
  await expect(page.getByRole('link', { name: /Zurück zu allen Angeboten/ })).toHaveAttribute('href', '/console/queues/search');
  // All offers open newest first: the offers this walk made a moment ago lead the list.
  await page.goto('/console/queues/search');
  await expect(page.getByRole('columnheader', { name: /Wartet seit/ })).toHaveAttribute('aria-sort', 'descending');
  const newest = await page.getByTestId('queue-results').locator('tr[data-offer-number]').first().getAttribute('data-offer-number');
  expect([rejected, other, toDecline, toApprove].map((o) => o.offerNumber)).toContain(newest);
  await page.goto(`/console/offers/${toDecline.id}`);
  await expect(page.getByRole('button', { name: 'Leasinggeber gibt frei' })).toHaveCount(0);
  await onBehalf(page, 'Bestellung begonnen (Person)', 'Die Kundin hat telefonisch bestellt.');
  await expect(statusIs(page, 'order_journey_started')).toBeVisible();
  await onBehalf(page, 'Bestellung abgeschickt (Person)', 'Die Kundin hat telefonisch bestellt.');
  await expect(statusIs(page, 'employer_decision_pending')).toBeVisible();
  // Approve stands before decline, as on the employer's face.
  const decisions = await page.getByTestId('offer-actions').getByRole('button').allInnerTexts();
  expect(decisions.findIndex((b) => b.startsWith('Arbeitgeber gibt frei'))).toBeGreaterThanOrEqual(0);
  expect(decisions.findIndex((b) => b.startsWith('Arbeitgeber gibt frei'))).toBeLessThan(decisions.findIndex((b) => b.startsWith('Arbeitgeber lehnt ab')));
  await page.getByRole('button', { name: 'Arbeitgeber lehnt ab …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ablehnung durch den Arbeitgeber' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog.getByText('Darf nicht leer sein.').first()).toBeVisible();
  // The reason is typed once, in the page's language; the dealer reads it as written, marked with its language.
  await expect(dialog.getByLabel('Begründung (Deutsch)')).toHaveCount(0);
  await dialog.getByLabel('Begründung').fill('Das Budget für Dienstfahrräder ist ausgeschöpft.');
  await expect(dialog).toContainText('gekennzeichnet als „auf Deutsch verfasst“');
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog.getByText('Bitte nennen Sie den Grund.')).toBeVisible();
  await dialog.getByLabel('Warum handeln Sie im Auftrag?').fill('Die Personalabteilung hat per E-Mail abgelehnt.');
  await check(page, 'console-decline-dialog');
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(statusIs(page, 'rejected')).toBeVisible();
  await expect(page.getByTestId('status-errors')).toContainText('Das Budget für Dienstfahrräder ist ausgeschöpft.');
  await expect(page.getByTestId('status-errors')).toContainText('Das Budget für Dienstfahrräder ist ausgeschöpft. (written in German)');
  await expect(page.getByTestId('history').locator('li[data-action="employer_decline"]')).toContainText('von Otto Operator (Leasinggeber)');
  // The dealer reads the reason through /v1.
  const declined = await (await request.get(`/v1/offers/${toDecline.id}`, { headers: { authorization: `Bearer ${sandbox}` } })).json();
  expect(declined.data.status.errors[0]).toMatchObject({
    code: 'EMPLOYER_DECLINED',
    translations: { de: 'Das Budget für Dienstfahrräder ist ausgeschöpft.', en: 'Das Budget für Dienstfahrräder ist ausgeschöpft. (written in German)' },
  });

  // Approve all the way to done.
  await page.goto(`/console/offers/${toApprove.id}`);
  for (const [button, status] of [
    ['Bestellung begonnen (Person)', 'order_journey_started'],
    ['Bestellung abgeschickt (Person)', 'employer_decision_pending'],
    ['Arbeitgeber gibt frei', 'operator_decision_pending'],
    ['Leasinggeber gibt frei', 'done'],
  ] as const) {
    if (status === 'done') {
      await page.getByRole('button', { name: button }).click();
      // The final decision asks first; the offer was not opened from a queue, so the page stays.
      await page.getByRole('alertdialog', { name: `Angebot ${toApprove.offerNumber} genehmigen?` }).getByRole('button', { name: 'Endgültig genehmigen' }).click();
    } else await onBehalf(page, button, 'Auf Wunsch per Telefon.');
    await expect(statusIs(page, status)).toBeVisible();
  }
  await expect(page.getByTestId('action-result')).toHaveText('Erledigt. Neuer Status: Abgeschlossen.');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Angebot ${toApprove.offerNumber}: Abgeschlossen` })).toBeVisible();
  await expect(page.getByText('In diesem Status sind keine Aktionen möglich.')).toBeVisible();
  const history = page.getByTestId('history');
  for (const action of ['start_order', 'submit_order', 'employer_approve', 'operator_approve']) {
    await expect(history.locator(`li[data-action="${action}"]`)).toContainText('von Otto Operator');
  }
  await check(page, 'console-review-done');

  // The same page in English.
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible();
  await expect(page.getByText('No actions are possible in this status.')).toBeVisible();
  await check(page, 'console-review-done-en');
  await page.getByText('DE', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Historie' })).toBeVisible();
});

test('a new dealer goes from nothing to production credentials through the console, every step recorded', async ({ page, request }) => {
  const dealerName = `Velo Neu ${run}`;
  await signIn(page, 'operator@example.com');
  await expect(page).toHaveURL(/\/console\/queues\/decision$/);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Händler' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Händler' })).toBeVisible();
  await check(page, 'console-dealers');

  await page.getByRole('button', { name: 'Händler anlegen' }).click();
  await expect(page.getByText('Darf nicht leer sein.')).toBeVisible();
  await page.getByLabel('Name des Händlers').fill(dealerName);
  await page.getByRole('button', { name: 'Händler anlegen' }).click();
  await expect(page.getByTestId('dealer-title')).toHaveText(dealerName);
  await expect(page.getByTestId('dealer-environment')).toHaveText('Nur Sandbox');
  await expect(page.getByTestId('onboarding-steps').locator('li[data-done="true"]')).toHaveCount(1);
  await check(page, 'console-dealer-new');

  // Sandbox credentials, the secret shown once.
  await page.getByTestId('credentials-sandbox').getByRole('button', { name: 'Sandbox-Zugang erzeugen' }).click();
  const secretPanel = page.getByTestId('secret-once');
  await expect(secretPanel).toBeVisible();
  const clientId = (await secretPanel.getByTestId('issued-client-id').textContent())!.trim();
  const secret = (await secretPanel.getByTestId('issued-secret').textContent())!.trim();
  expect(clientId).toMatch(/^sbx_/);
  await expect(page.getByTestId('clients').locator(`tr[data-client-id="${clientId}"]`)).toContainText('aktiv');
  await check(page, 'console-dealer-sandbox-secret');

  // The partner's integration: a token from /oauth/token, offers through /v1.
  const sandbox = await token(request, clientId, secret);
  expect(sandbox.status).toBe(200);
  await createProcessed(request, sandbox.token);
  await createProcessed(request, sandbox.token, {
    product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Overpriced', priceGross: 5000, listPriceGross: 3000 },
  });

  // The evaluation view is built from those offers.
  await page.reload();
  await expect(page.getByTestId('eval-sandbox-created')).toHaveText('2');
  await expect(page.getByTestId('eval-sandbox-processed')).toHaveText('2');
  await expect(page.getByTestId('eval-sandbox-accepted')).toHaveText('1');
  await expect(page.getByTestId('eval-sandbox-rejected')).toHaveText('1');
  await expect(page.getByTestId('eval-sandbox-codes').locator('[data-code="PRICE_ABOVE_LIST_PRICE"]')).toHaveText('Preis über Listenpreis');
  // The evidence for production: offers created and one in draft, but no rejection fixed, no
  // cancellation, no webhooks — so the sandbox step is open and production needs an override.
  const evidence = page.getByTestId('production-checklist');
  await expect(evidence).toHaveAttribute('data-all-met', 'false');
  await expect(evidence.locator('li[data-check="offersCreated"]')).toHaveAttribute('data-met', 'true');
  await expect(evidence.getByTestId('production-check-figure-offersCreated')).toHaveText('2 Angebote angelegt');
  await expect(evidence.locator('li[data-check="offerDraft"]')).toHaveAttribute('data-met', 'true');
  for (const item of ['rejectionFixed', 'offerCanceled', 'webhooksTried']) {
    await expect(evidence.locator(`li[data-check="${item}"]`)).toHaveAttribute('data-met', 'false');
  }
  await expect(evidence.locator('li[data-check="webhooksTried"]')).toContainText('nicht erfüllt');
  await expect(page.getByTestId('onboarding-steps').locator('li[data-done="true"]')).toHaveCount(2);
  await check(page, 'console-dealer-evaluation');

  // Production: with open items only by override, and the override needs a reason.
  const productionForm = page.getByTestId('credentials-production');
  await expect(productionForm.getByRole('button', { name: 'Produktion freischalten' })).toBeDisabled();
  await productionForm.getByLabel('Trotz offener Punkte freischalten (Übersteuerung)').check();
  await productionForm.getByRole('button', { name: 'Produktion freischalten' }).click();
  await expect(productionForm.getByText('Bitte begründen Sie die Übersteuerung.')).toBeVisible();
  await productionForm.getByLabel('Begründung der Übersteuerung').fill('Pilot-Händler, Integration mit dem Entwickler geprüft');
  await productionForm.getByRole('button', { name: 'Produktion freischalten' }).click();
  await expect(page.getByTestId('dealer-environment')).toContainText('Produktion seit');
  const liveId = (await page.getByTestId('issued-client-id').textContent())!.trim();
  const liveSecret = (await page.getByTestId('issued-secret').textContent())!.trim();
  expect(liveId).toMatch(/^live_/);
  const live = await token(request, liveId, liveSecret);
  expect(live.status).toBe(200);
  const liveOffer = await request.post('/v1/offers', { headers: { authorization: `Bearer ${live.token}` }, data: offerBody() });
  expect((await liveOffer.json()).data.environment).toBe('production');
  await expect(page.getByTestId('onboarding-steps').locator('li[data-done="true"]')).toHaveCount(4);

  // Rotate the sandbox secret: the old one stops working, the new one works.
  await page.getByRole('button', { name: 'Ich habe das Secret gesichert' }).click();
  await page.getByRole('button', { name: `Neues Secret: ${clientId}` }).click();
  await page.getByRole('alertdialog', { name: 'Neues Secret' }).getByRole('button', { name: 'Neues Secret' }).click();
  await expect(page.getByTestId('issued-client-id')).toHaveText(clientId);
  const rotated = (await page.getByTestId('issued-secret').textContent())!.trim();
  expect(rotated).not.toBe(secret);
  expect((await token(request, clientId, secret)).status).toBe(401);
  expect((await token(request, clientId, rotated)).status).toBe(200);

  // Disable it.
  await page.getByRole('button', { name: `Sperren: ${clientId}` }).click();
  await page.getByRole('alertdialog', { name: 'Sperren' }).getByRole('button', { name: 'Sperren' }).click();
  await expect(page.getByTestId('clients').locator(`tr[data-client-id="${clientId}"]`)).toContainText('gesperrt seit');
  await expect(page.getByTestId('secret-once')).toHaveCount(0);
  expect((await token(request, clientId, rotated)).status).toBe(401);

  // Every step is in the log, with the operator.
  const log = page.getByTestId('operator-log');
  await expect(log.locator('li')).toHaveCount(6);
  await expect(log.locator('li[data-action="dealer_created"]')).toContainText('von Otto Operator');
  await expect(log.locator('li[data-action="production_enabled"]')).toContainText('Produktion per Übersteuerung freigeschaltet');
  await expect(log.locator('li[data-action="production_enabled"]')).toContainText('Begründung: Pilot-Händler, Integration mit dem Entwickler geprüft');
  await expect(log.locator('li[data-action="client_created"]')).toHaveCount(2);
  await expect(log.locator('li[data-action="client_rotated"]')).toContainText(clientId);
  await expect(log.locator('li[data-action="client_disabled"]')).toContainText(clientId);
  await expect(page.getByText(secret)).toHaveCount(0);
  await check(page, 'console-dealer-production');

  // The list shows the dealer in production.
  await page.getByRole('link', { name: 'Zurück zu den Händlern' }).click();
  await expect(page.getByTestId('dealers').locator(`tr[data-dealer="${dealerName}"]`)).toContainText('Produktion seit');
});

test('employers: the category policy from the catalogue and employees registered by e-mail', async ({ page, request }) => {
  const email = `neu.${run}@acme.example`;
  await signIn(page, 'operator@example.com');
  await expect(page).toHaveURL(/\/console\/queues\/decision$/);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Arbeitgeber' }).click();
  const acme = page.getByTestId('employers').locator('tr[data-employer="Acme GmbH"]');
  await expect(acme).toContainText('S-Pedelecs (bis 45 km/h)');
  await check(page, 'console-employers');

  await acme.getByRole('link', { name: 'Acme GmbH' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme GmbH' })).toBeVisible();
  const editor = page.getByTestId('policy-editor');
  await expect(editor.getByLabel(/^S-Pedelecs \(bis 45 km\/h\)/)).toBeChecked();
  // Below an excluded category everything is excluded too.
  await expect(editor.getByLabel(/^S-Pedelec Trekking/)).toBeChecked();
  await expect(editor.getByLabel(/^S-Pedelec Trekking/)).toBeDisabled();
  await check(page, 'console-employer');

  // Register an employee; exclude kids' bikes as well.
  await page.getByLabel('E-Mail des Mitarbeiters').fill(email);
  await page.getByRole('button', { name: 'Mitarbeiter registrieren' }).click();
  await expect(page.getByText(`${email} registriert.`)).toBeVisible();
  await expect(page.getByTestId('employees')).toContainText(email);
  await editor.getByLabel(/^Kinder- und Jugendräder/).check();
  await editor.getByRole('button', { name: 'Regel speichern' }).click();
  await expect(page.getByText('Regel gespeichert.')).toBeVisible();
  await expect(page.getByTestId('operator-log').locator('li').first()).toContainText('108000');

  // The catalogue for that employee follows the policy.
  const bearer = (await token(request, 'demo-sandbox', 'demo-sandbox-secret')).token;
  const categories = await (await request.get(`/v1/offers/categories?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${bearer}` } })).json();
  const codes = categories.data.bicycles.map((c: { bidexCode: string }) => c.bidexCode);
  expect(codes).not.toContain('103010');
  expect(codes).not.toContain('108010');
  expect(codes).toContain('102020');

  // Restore the demo policy (S-pedelecs only) for whatever runs next.
  await editor.getByLabel(/^Kinder- und Jugendräder/).uncheck();
  await editor.getByRole('button', { name: 'Regel speichern' }).click();
  await expect(page.getByText('Regel gespeichert.')).toBeVisible();
  await check(page, 'console-employer-saved');
});

test('bulk decisions ask first, name how many offers and what happens, and say what happened', async ({ page, request }) => {
  const sandbox = await token(request, 'demo-sandbox', 'demo-sandbox-secret');
  await signIn(page, 'operator@example.com');
  const origin = new URL(page.url()).origin;
  const offers = [];
  for (let i = 0; i < 3; i++) {
    const offer = await createProcessed(request, sandbox.token, { customerName: `Bulk ${run} ${i}` });
    for (const action of ['start_order', 'submit_order', 'employer_approve']) {
      const res = await page.request.post(`/api/console/offers/${offer.id}/steps`, { data: { action, onBehalfReason: 'Telefonisch beauftragt' }, headers: { origin } });
      expect(res.status()).toBe(200);
    }
    offers.push(offer);
  }
  // The queue searched for this run's offers (the demo's decision queue holds others too).
  // The demo client's offers are the sandbox's; the queue shows production unless asked.
  const decisionQueue = `/console/queues/decision?q=${encodeURIComponent(`Bulk ${run}`)}&environment=sandbox`;
  await page.goto(decisionQueue);
  await expect(page.getByTestId('work-queue').locator('tbody tr')).toHaveCount(3);
  const queue = page.getByTestId('work-queue');
  const [a, b, c] = offers as [{ id: string; offerNumber: string }, { id: string; offerNumber: string }, { id: string; offerNumber: string }];

  // Two selected: the question counts them ("2 Angebote"), cancelling changes nothing.
  for (const o of [a, b]) await queue.getByRole('checkbox', { name: `Angebot ${o.offerNumber} auswählen` }).check();
  await page.getByRole('button', { name: 'Ausgewählte genehmigen' }).click();
  let ask = page.getByRole('alertdialog', { name: '2 Angebote genehmigen?' });
  await expect(ask).toContainText('Sie werden abgeschlossen (endgültig)');
  await check(page, 'console-bulk-approve-ask');
  await ask.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(ask).toBeHidden();
  await expect(queue.locator(`tr[data-offer-number="${a.offerNumber}"]`)).toBeVisible();

  await page.getByRole('button', { name: 'Ausgewählte genehmigen' }).click();
  ask = page.getByRole('alertdialog', { name: '2 Angebote genehmigen?' });
  await ask.getByRole('button', { name: '2 Angebote endgültig genehmigen' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '2 Angebote genehmigt' });
  await expect(toast).toContainText('Neuer Status: Abgeschlossen.');
  await expect(page.getByTestId('bulk-results').locator('li[data-ok="true"]')).toHaveCount(2);
  await expect(queue.locator(`tr[data-offer-number="${a.offerNumber}"]`)).toHaveCount(0);
  await toast.getByRole('button', { name: 'Angebote anzeigen' }).click();
  await expect(page).toHaveURL(/\/console\/queues\/search\?status=done/);

  // One selected: "1 Angebot", singular.
  await page.goto(decisionQueue);
  await queue.getByRole('checkbox', { name: `Angebot ${c.offerNumber} auswählen` }).check();
  await page.getByRole('button', { name: 'Ausgewählte ablehnen' }).click();
  ask = page.getByRole('alertdialog', { name: '1 Angebot ablehnen?' });
  await expect(ask).toContainText('Es wird abgelehnt.');
  // The reason is required, typed once in the page's language.
  await ask.getByRole('button', { name: '1 Angebot ablehnen' }).click();
  await expect(ask.getByRole('alert')).toHaveText('Bitte eine Begründung angeben.');
  await ask.getByLabel('Begründung').fill('Rahmenvertrag ausgeschöpft.');
  await check(page, 'console-bulk-decline-ask');
  await ask.getByRole('button', { name: '1 Angebot ablehnen' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '1 Angebot abgelehnt' })).toContainText('Neuer Status: Abgelehnt.');
  const declined = await (await request.get(`/v1/offers/${c.id}`, { headers: { authorization: `Bearer ${sandbox.token}`, 'accept-language': 'en' } })).json();
  expect(declined.data.status.errors[0]).toMatchObject({ code: 'OPERATOR_DECLINED', message: 'Rahmenvertrag ausgeschöpft. (written in German)' });
});

test('the rejected overview sorts by its headers from the keyboard and keeps its filters in a drawer on a phone', async ({ page, request }) => {
  const sandbox = (await token(request, 'demo-sandbox', 'demo-sandbox-secret')).token;
  const newest = await createProcessed(request, sandbox, { accessory: [{ bidexCode: '299999', brandName: 'Nope', priceGross: 5 }] });
  await signIn(page, 'operator@example.com');
  await page.goto('/console/rejected?environment=sandbox&code=ACCESSORY_NOT_LEASABLE');
  const queue = page.getByTestId('queue');
  const header = (name: RegExp) => queue.getByRole('columnheader', { name });
  // The oldest rejection first, and the header says so.
  await expect(header(/Abgelehnt am/)).toHaveAttribute('aria-sort', 'ascending');
  // By offer number from the keyboard: ascending, then descending (the newest offer first).
  await page.getByRole('button', { name: 'Sortieren nach Angebotsnr.' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sortBy=offerNumber/);
  await expect(header(/Angebotsnr/)).toHaveAttribute('aria-sort', 'ascending');
  expect(await header(/Abgelehnt am/).getAttribute('aria-sort')).toBeNull();
  await page.getByRole('button', { name: 'Sortieren nach Angebotsnr.' }).press('Enter');
  await expect(page).toHaveURL(/sortBy=offerNumber&order=desc/);
  await expect(header(/Angebotsnr/)).toHaveAttribute('aria-sort', 'descending');
  await expect(queue.locator('tbody tr').first()).toHaveAttribute('data-offer-number', newest.offerNumber);
  // The dealer and the customer sort too.
  await expect(page.getByRole('button', { name: 'Sortieren nach Händler' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sortieren nach Kunde' })).toBeVisible();
  await check(page, 'console-rejected-sorted');
  // Filtering keeps the order.
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page).toHaveURL(/code=ACCESSORY_NOT_LEASABLE.*sortBy=offerNumber&order=desc/);

  // On a phone the filters wait in a drawer behind one button, as in the work queues.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Fehlercode', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filter (2 aktiv)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filter' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Fehlercode', exact: true }).selectOption('PRICE_ABOVE_LIST_PRICE');
  await expect(page).toHaveURL(/code=PRICE_ABOVE_LIST_PRICE.*sortBy=offerNumber&order=desc/);
  await check(page, 'console-rejected-drawer');
  await drawer.getByRole('button', { name: /anzeigen$|^Keine Angebote$/ }).click();
  await expect(drawer).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a work queue filters live, sorts, and says when it is loading, failed or empty', async ({ page, request }) => {
  const sandbox = await token(request, 'demo-sandbox', 'demo-sandbox-secret');
  await signIn(page, 'operator@example.com');
  const origin = new URL(page.url()).origin;
  const offers = [];
  for (const [i, price] of [1999, 2999].entries()) {
    const offer = await createProcessed(request, sandbox.token, {
      customerName: `Live ${run} ${i}`,
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: price, listPriceGross: 3699 },
    });
    for (const action of ['start_order', 'submit_order', 'employer_approve']) {
      expect((await page.request.post(`/api/console/offers/${offer.id}/steps`, { data: { action, onBehalfReason: 'Telefonisch beauftragt' }, headers: { origin } })).status()).toBe(200);
    }
    offers.push(offer);
  }
  const [cheap, dear] = offers as [{ id: string; offerNumber: string }, { id: string; offerNumber: string }];

  // Only the filters that make sense: the decision queue has no error codes, the rejected queue has.
  await page.goto('/console/queues/rejected');
  await expect(page.getByRole('combobox', { name: 'Fehlercode' })).toBeVisible();
  await page.goto('/console/queues/decision?environment=sandbox');
  await expect(page.getByRole('combobox', { name: 'Fehlercode' })).toHaveCount(0);
  const queue = page.getByTestId('work-queue');

  // Live: typing filters the list (no button), and the URL keeps it.
  await page.getByLabel('Suche').fill(`Live ${run}`);
  await expect(page).toHaveURL(new RegExp(`q=Live`));
  await expect(queue.locator('tbody tr')).toHaveCount(2);
  // Sortable: the total, dearest first.
  await page.getByRole('button', { name: 'Sortieren nach Summe' }).click();
  await expect(page).toHaveURL(/sortBy=total/);
  await expect(queue.locator('tbody tr').first()).toHaveAttribute('data-offer-number', cheap.offerNumber);
  await page.getByRole('button', { name: 'Sortieren nach Summe' }).click();
  await expect(page).toHaveURL(/sortBy=total&order=desc/);
  await expect(queue.locator('tbody tr').first()).toHaveAttribute('data-offer-number', dear.offerNumber);
  // 44 px targets: the row's checkbox and its link to the offer.
  for (const target of [queue.locator('tbody tr').first().locator('label').first(), queue.getByRole('link', { name: `Angebot ${dear.offerNumber} prüfen` })]) {
    const box = (await target.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await check(page, 'console-queue-live');

  // While the next result loads, the rows shown are dimmed and the list says it is loading.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/console/queues/decision**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Umgebung' }).selectOption('all');
  await expect(page.getByTestId('queue-results')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('queue-loading')).toHaveText('Wird geladen …');
  release();
  await expect(page.getByTestId('queue-results')).not.toHaveAttribute('data-stale', 'true');
  await page.unroute('**/api/console/queues/decision**');

  // A failed load says so in words, keeps the last good result labelled, and retries.
  await page.route('**/api/console/queues/decision**', (route) => route.abort());
  await page.getByRole('combobox', { name: 'Umgebung' }).selectOption('production');
  const failed = page.getByTestId('queue-error');
  await expect(failed).toContainText('Keine Verbindung zum Server');
  await expect(failed).toContainText('das letzte Ergebnis');
  await expect(failed).not.toContainText('Failed to fetch');
  await expect(queue.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('queue-results')).toHaveAttribute('data-last-good', 'true');
  await check(page, 'console-queue-failed');
  await page.unroute('**/api/console/queues/decision**');
  await failed.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(failed).toBeHidden();
  // Production holds none of them: the designed empty state, with a way back.
  await expect(page.getByText('Kein Angebot passt zu diesen Filtern.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Filter zurücksetzen' }).last().click();
  await expect(page).not.toHaveURL(/environment=/);

  // On a phone the filters are a drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Suche')).toBeHidden();
  await page.getByRole('button', { name: /^Filter/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filter' });
  await drawer.getByRole('combobox', { name: 'Umgebung' }).selectOption('sandbox');
  await drawer.getByLabel('Suche').fill(`Live ${run} 1`);
  await expect(drawer.getByRole('button', { name: '1 Angebot anzeigen' })).toBeVisible();
  await check(page, 'console-queue-drawer');
  await drawer.getByRole('button', { name: '1 Angebot anzeigen' }).click();
  await expect(queue.locator('tbody tr')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** A step the operator takes for the customer or the employer: the dialog asks why, the reason is in the history. */
async function onBehalf(page: Page, button: string, reason: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Warum handeln Sie im Auftrag?').fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}
