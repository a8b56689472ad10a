import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { check, demoOffer, keepPicture, signIn, signInWithForm } from './helpers';

// The dealer portal in Chromium, against the real app (next start, fresh database with the demo
// data, processor every 500 ms). German is the default language; nothing here asserts colours.

const run = Date.now().toString(36);



/** The list's filter button: "Filter", or "Filter (2)" with two filters set in its sheet. */
const FILTER_BUTTON = /^Filter( \(\d+\))?$/;
const statusIs = (page: Page, status: string) => page.getByTestId('status-current').locator(`[data-status="${status}"]`);

async function pickCategory(page: Page, label: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('sign-in: protected pages, wrong password, operators go to the console', async ({ page }) => {
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/portal\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await check(page, 'sign-in');

  await page.getByLabel('E-Mail').fill('dealer@example.com');
  await page.getByLabel('Passwort').fill('wrong-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.locator('#sign-in-error')).toHaveText('E-Mail oder Passwort ist falsch.');
  await check(page, 'sign-in-error');

  await signInWithForm(page, 'operator@example.com');
  await expect(page).toHaveURL(/\/console/);

  // The operator's session gives no dealer access on /v1 either.
  const asOperator = await page.request.get('/v1/offers');
  expect(asOperator.status()).toBe(403);
});

test('a dealer builds an offer with two accessories, follows it, edits it and cancels it', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByTestId('dealer-name')).toHaveText('Radhaus Demo');

  await page.getByRole('link', { name: 'Neues Angebot' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Angebot' })).toBeVisible();
  await check(page, 'builder-empty');

  // Submitting empty says what is missing, next to the fields.
  await page.getByRole('button', { name: 'Angebot einreichen' }).click();
  await expect(page.getByText('Bitte die markierten Felder prüfen.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name des Kunden' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Bitte eine Kategorie wählen.')).toBeVisible();

  const externalId = `E2E-${run}-1`;
  await page.getByRole('textbox', { name: 'Eigene Angebotsnummer' }).fill(externalId);
  await page.getByRole('textbox', { name: 'Name des Kunden' }).fill('Max Muster');
  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('max.muster@example.com');

  // The bicycle, chosen in the picker by keyboard: type, arrow, Enter.
  const bike = page.getByRole('combobox', { name: 'Fahrradkategorie', exact: true });
  await bike.focus();
  await page.keyboard.type('E-Trekking');
  await expect(page.getByRole('option', { name: /E-Trekkingrad/ })).toBeVisible();
  await check(page, 'builder-picker-open');
  await page.keyboard.press('Enter');
  await expect(bike).toHaveValue('E-Trekkingrad (102020)');

  await page.getByRole('textbox', { name: 'Marke', exact: true }).fill('Cube');
  await page.getByRole('textbox', { name: 'Modell', exact: true }).fill('Kathmandu');
  await page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true }).fill('3499,00');
  await page.getByRole('textbox', { name: 'Listenpreis brutto (€)', exact: true }).fill('3699');

  // Two accessories from the leasable accessory catalogue.
  await page.getByRole('button', { name: /Zubehör hinzufügen/ }).click();
  await expect(page.getByRole('combobox', { name: 'Zubehörkategorie (Zubehör 1)' })).toBeFocused();
  await pickCategory(page, 'Zubehörkategorie (Zubehör 1)', 'Bügel', /Bügelschloss/);
  await page.getByRole('textbox', { name: 'Marke (Zubehör 1)' }).fill('Abus');
  await page.getByRole('textbox', { name: 'Preis brutto (€) (Zubehör 1)', exact: true }).fill('89,90');

  await page.getByRole('button', { name: /Zubehör hinzufügen/ }).click();
  const acc2 = page.getByRole('combobox', { name: 'Zubehörkategorie (Zubehör 2)' });
  await expect(acc2).toBeFocused();
  await page.keyboard.type('Gepäckträger hinten');
  await page.keyboard.press('Enter');
  await expect(acc2).toHaveValue('Gepäckträger hinten (201310)');
  await page.getByRole('textbox', { name: 'Preis brutto (€) (Zubehör 2)', exact: true }).fill('49,90');

  // The delivery date from the kit's calendar, written the German way (a native date input shows
  // the browser's own format); the keyboard opens it on today, the arrow goes to tomorrow.
  const delivery = page.getByRole('button', { name: 'Liefertermin', exact: true });
  await expect(delivery).toHaveText('Datum wählen');
  await delivery.click();
  const calendar = page.getByRole('grid');
  await expect(calendar.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(delivery).toBeFocused();
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const deliveryDay = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(tomorrow);
  await expect(delivery).toHaveText(deliveryDay);

  await expect(page.getByTestId('live-total')).toHaveText('3.638,80 €');
  await check(page, 'builder-filled');

  await page.getByRole('button', { name: 'Angebot einreichen' }).click();
  await expect(page).toHaveURL(/\/portal\/offers\/[0-9a-f-]{36}$/);
  const offerUrl = page.url();

  // Pending, then draft — without a reload (the marker survives). The create wakes the processor,
  // so the page may already open on draft; "being checked" shows while it is pending.
  await expect(statusIs(page, 'pending').or(statusIs(page, 'draft'))).toBeVisible();
  if (await statusIs(page, 'pending').isVisible()) await expect(page.getByText('Das Angebot wird gerade geprüft.').or(statusIs(page, 'draft'))).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await expect(statusIs(page, 'draft')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await expect(page.getByTestId('offer-total')).toHaveText('3.638,80 €');
  await expect(page).toHaveTitle(/^Angebot SPK-\d+ · Händlerportal · Spoke$/);
  await expect(page.getByText(deliveryDay, { exact: true })).toBeVisible();
  await expect(page.getByTestId('history')).toContainText('Geprüft');
  await expect(page.getByTestId('history')).toContainText('Dana Dealer');
  await check(page, 'detail-draft');

  // Edit: the change is resubmitted, processed again and recorded old → new.
  await page.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('bearbeiten');
  await check(page, 'edit');
  await page.getByRole('textbox', { name: 'Modell', exact: true }).fill('Kathmandu Hybrid');
  await page.getByRole('textbox', { name: 'Notizen' }).fill('Abholung im Laden.');
  await page.getByRole('button', { name: 'Änderungen einreichen' }).click();
  await expect(page).toHaveURL(offerUrl);
  await expect(statusIs(page, 'draft')).toBeVisible({ timeout: 15_000 });
  const history = page.getByTestId('history');
  await expect(history).toContainText('Geändert und erneut eingereicht');
  await expect(history).toContainText('Modell des Fahrrads:');
  await expect(history.locator('del', { hasText: 'Kathmandu' }).first()).toBeVisible();
  await expect(history.locator('ins', { hasText: 'Kathmandu Hybrid' })).toBeVisible();
  // The history in words: no check codes, no ISO instants.
  await expect(history).not.toContainText(/[A-Z]{3,}_[A-Z]|\d{4}-\d{2}-\d{2}T/);

  // On a phone the positions are cards: headings and amounts whole, nothing wider than the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const total = await page.getByTestId('offer-total').boundingBox();
  expect(total!.x + total!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await check(page, 'detail-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Cancel with a reason from the spec's list.
  await page.getByRole('button', { name: 'Stornieren', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Angebot stornieren' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Endgültig stornieren' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte einen Grund wählen.');
  // "Anderer Grund" asks for a note (optional), which the offer keeps and shows.
  await expect(dialog.getByLabel('Notiz (optional)')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Grund', exact: true }).selectOption({ label: 'Anderer Grund' });
  await dialog.getByLabel('Notiz (optional)').fill('Kunde zieht ins Ausland');
  await dialog.getByLabel('Die Person möchte kontaktiert werden').check();
  await check(page, 'cancel-dialog');
  await dialog.getByRole('button', { name: 'Endgültig stornieren' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusIs(page, 'canceled')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]', { hasText: /Angebot SPK-\d+ ist storniert\./ })).toBeVisible();
  await expect(page.getByText('Stornieren ist in diesem Status nicht mehr möglich.')).toBeVisible();
  await expect(page.getByText('Bearbeiten ist in diesem Status nicht mehr möglich.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.locator('dd', { hasText: 'Anderer Grund' })).toBeVisible();
  await expect(page.locator('dd', { hasText: 'Kunde zieht ins Ausland' })).toBeVisible();
  await check(page, 'detail-canceled');

  // The print view: the offer without the portal's chrome.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Drucken' })).toBeHidden();
  await expect(page.getByTestId('offer-total')).toBeVisible();
  await keepPicture(page, 'detail-print');
  await page.emulateMedia({ media: 'screen' });
});

test('a registered employee: the pickers offer only the categories the employer allows, and say so', async ({ page }) => {
  await signIn(page);
  await page.goto('/portal/offers/new');
  const bike = page.getByRole('combobox', { name: 'Fahrradkategorie', exact: true });
  await bike.fill('S-Pedelec');
  await expect(page.getByRole('option', { name: /S-Pedelec Trekking/ })).toBeVisible();
  await bike.press('Escape');

  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('erika.mustermann@acme.example');
  await expect(page.getByText('Die Person ist bei ihrem Arbeitgeber registriert')).toBeVisible();
  await expect(page.getByText('Nur die vom Arbeitgeber erlaubten Kategorien stehen zur Auswahl.')).toBeVisible();
  await bike.fill('S-Pedelec');
  await expect(page.getByTestId('picker-no-match')).toContainText('„S-Pedelec“ passt zu keiner Fahrradkategorie, die hier wählbar ist. Wählbar sind:');
  await expect(page.getByRole('option', { name: /S-Pedelec/ })).toHaveCount(0);
  await check(page, 'builder-employee');
  await bike.fill('E-Trekking');
  await expect(page.getByRole('option', { name: /E-Trekkingrad/ })).toBeVisible();
});

test('the builder checks the offer in advance: a category the employer excludes is shown before submitting, and goes away when fixed', async ({ page }) => {
  await signIn(page);
  await page.goto('/portal/offers/new');
  const panel = page.getByTestId('dry-run');
  await expect(panel).toContainText('Sobald die Pflichtfelder ausgefüllt sind');

  await page.getByRole('textbox', { name: 'Eigene Angebotsnummer' }).fill(`E2E-${run}-dry`);
  await page.getByRole('textbox', { name: 'Name des Kunden' }).fill('Erika Mustermann');
  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('erika@example.com');
  await pickCategory(page, 'Fahrradkategorie', 'S-Pedelec Trekking', /S-Pedelec Trekking/);
  await page.getByRole('textbox', { name: 'Marke', exact: true }).fill('Stromer');
  await page.getByRole('textbox', { name: 'Modell', exact: true }).fill('ST3');
  await page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true }).fill('6990');
  await expect(panel).toContainText('Keine Probleme gefunden', { timeout: 10_000 });

  // The same customer as a registered employee of Acme, which excludes S-pedelecs: only the
  // processor's checks know that; the dry run says so at the field and above the submit button.
  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('erika.mustermann@acme.example');
  const problem = 'Der Arbeitgeber des Mitarbeiters erlaubt die Kategorie 103010 nicht.';
  await expect(panel).toContainText('So würde das Angebot abgelehnt:', { timeout: 10_000 });
  await expect(panel).toContainText(problem);
  const bike = page.getByRole('combobox', { name: 'Fahrradkategorie', exact: true });
  await expect(bike).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#f-product-bidexCode-msg')).toHaveText(problem);
  await expect(page.getByRole('button', { name: 'Angebot einreichen' })).toBeEnabled();
  await check(page, 'builder-dry-run');

  // The panel's link takes the dealer to the field; a category the employer allows fixes it.
  await page.getByRole('textbox', { name: 'Notizen' }).focus();
  await panel.getByRole('link', { name: 'Zum Feld: Fahrradkategorie' }).click();
  await expect(bike).toBeFocused();
  await pickCategory(page, 'Fahrradkategorie', 'E-Trekking', /E-Trekkingrad/);
  await expect(panel).toContainText('Keine Probleme gefunden', { timeout: 10_000 });
  await expect(panel).not.toContainText(problem);
  await expect(page.locator('#f-product-bidexCode-msg')).toHaveCount(0);
  await expect(bike).not.toHaveAttribute('aria-invalid', 'true');
});

test('a rejected offer: follow the error link to the field, fix it, resubmit, see it pass', async ({ page }) => {
  await signIn(page);
  await page.goto('/portal/offers/new');
  await page.getByRole('textbox', { name: 'Eigene Angebotsnummer' }).fill(`E2E-${run}-2`);
  await page.getByRole('textbox', { name: 'Name des Kunden' }).fill('Erika Mustermann');
  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('erika@example.com');
  await pickCategory(page, 'Fahrradkategorie', 'Cityrad', /Cityrad/);
  await page.getByRole('textbox', { name: 'Marke', exact: true }).fill('Kalkhoff');
  await page.getByRole('textbox', { name: 'Modell', exact: true }).fill('Endeavour');
  // A price above the list price: the builder warns, processing rejects.
  await page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true }).fill('1499');
  await page.getByRole('textbox', { name: 'Listenpreis brutto (€)', exact: true }).fill('1399');
  await expect(page.getByText('Der Preis liegt über dem Listenpreis')).toBeVisible();
  await page.getByRole('button', { name: /Zubehör hinzufügen/ }).click();
  await pickCategory(page, 'Zubehörkategorie (Zubehör 1)', 'Rücklicht', /Rücklicht/);
  await page.getByRole('button', { name: 'Angebot einreichen' }).click();
  await expect(page).toHaveURL(/\/portal\/offers\/[0-9a-f-]{36}$/);
  const offerUrl = page.url();

  await expect(statusIs(page, 'rejected')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Der Preis 1.499,00 € liegt über dem Listenpreis 1.399,00 €.')).toBeVisible();
  await check(page, 'detail-rejected');

  await page.getByRole('link', { name: 'Beheben: Preis des Fahrrads' }).click();
  await expect(page).toHaveURL(/\/edit\?focus=product\.priceGross$/);
  const price = page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true });
  await expect(price).toBeFocused();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await check(page, 'edit-fix');
  await price.fill('1349');
  await page.getByRole('button', { name: 'Änderungen einreichen' }).click();
  await expect(page).toHaveURL(offerUrl);
  await expect(statusIs(page, 'draft')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Zu beheben')).toHaveCount(0);

  // The sandbox lets the dealer walk the offer on through the lifecycle.
  await page.getByRole('button', { name: 'Sandbox: nächster Schritt' }).click();
  await expect(statusIs(page, 'order_journey_started')).toBeVisible();
  await expect(page.getByText('Bearbeiten ist in diesem Status nicht mehr möglich.')).toBeVisible();
  await check(page, 'detail-order-started');
});

test('the list: filter, sort, page, reload the same view, export CSV; language and environment switch', async ({ page }) => {
  // It signs out at its end: a session of its own.
  await signInWithForm(page);
  await expect(page).toHaveURL(/\/portal$/);

  // Fourteen offers through /v1 with the portal session (same origin), two of them canceled.
  const customer = `Listkunde ${run}`;
  const origin = new URL(page.url()).origin;
  const ids: string[] = [];
  for (let i = 0; i < 14; i++) {
    const res = await page.request.post('/v1/offers', {
      headers: { Origin: origin },
      data: {
        externalOfferId: `LIST-${run}-${i}`,
        customerName: `${customer} ${String(i).padStart(2, '0')}`,
        customerEmail: `list${i}@example.com`,
        product: { bidexCode: '101020', brandName: 'Kalkhoff', modelName: `Modell ${i}`, priceGross: 1000 + i * 100 },
        accessory: [],
      },
    });
    expect(res.status()).toBe(202);
    ids.push((await res.json()).data.id);
  }
  for (const id of ids.slice(0, 2)) {
    expect((await page.request.post(`/v1/offers/${id}/cancel?cancelReason=other`, { headers: { Origin: origin } })).status()).toBe(200);
  }
  // A write from another origin is refused.
  const foreign = await page.request.post(`/v1/offers/${ids[2]}/cancel?cancelReason=other`, { headers: { Origin: 'https://evil.example' } });
  expect(foreign.status()).toBe(403);

  await page.reload();
  const search = page.getByRole('searchbox', { name: 'Suche' });
  await search.fill('L');
  await expect(page.getByText('Die Suche beginnt ab zwei Zeichen.')).toBeVisible();
  await search.fill(customer);
  await expect(page.getByRole('heading', { name: '1–10 von 14 Angeboten' })).toBeVisible();

  // All but canceled (the filters are in a sheet behind the "Filter" button).
  await page.getByRole('button', { name: FILTER_BUTTON }).click();
  const filters = page.getByRole('dialog', { name: 'Filter' });
  await filters.getByRole('radio', { name: 'alle außer diesen' }).check();
  await filters.getByRole('checkbox', { name: 'Storniert' }).check();
  await expect(page).toHaveURL(/status=%21canceled/);
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();
  await expect(page.getByRole('heading', { name: '1–10 von 12 Angeboten' })).toBeVisible();
  await expect(page.getByTestId('filter-chips')).toContainText('Status: alle außer Storniert');

  // Sort by total: descending first, then ascending.
  const totalHeader = page.getByRole('columnheader', { name: /Gesamt/ });
  await totalHeader.getByRole('button').click();
  await expect(totalHeader).toHaveAttribute('aria-sort', 'descending');
  const firstTotal = page.getByRole('row').nth(1).getByRole('cell').nth(4);
  await expect(firstTotal).toHaveText('2.300,00 €');
  await totalHeader.getByRole('button').click();
  await expect(totalHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstTotal).toHaveText('1.200,00 €');

  // Page 2.
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(page.getByText('Seite 2 von 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: '11–12 von 12 Angeboten' })).toBeVisible();
  await expect(firstTotal).toHaveText('2.200,00 €');
  await check(page, 'list-filtered');

  // The URL is the view: a reload shows the same.
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByRole('searchbox', { name: 'Suche' })).toHaveValue(customer);
  await page.getByRole('button', { name: FILTER_BUTTON }).click();
  await expect(filters.getByRole('checkbox', { name: 'Storniert' })).toBeChecked();
  await expect(filters.getByRole('radio', { name: 'alle außer diesen' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();
  await expect(page.getByRole('columnheader', { name: /Gesamt/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('Seite 2 von 2')).toBeVisible();
  await expect(page.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('2.200,00 €');

  // Back in history: page 1 again.
  await page.goBack();
  await expect(page.getByText('Seite 1 von 2')).toBeVisible();

  // One export menu; the CSV of the current filter (every page) in the reader's language and locale.
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^angebote-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r\n/);
  expect(lines[0]).toContain('Angebotsnummer;Eigene Angebotsnummer;Kunde');
  expect(lines).toHaveLength(13);
  expect(csv).not.toMatch(/canceled|\d{4}-\d{2}-\d{2}T/);
  expect(lines[1]).toMatch(/;\d{1,3}(\.\d{3})*,\d\d;/);

  // Empty result.
  await page.getByRole('button', { name: FILTER_BUTTON }).click();
  await filters.getByRole('textbox', { name: 'Eigene Angebotsnummer' }).fill('does-not-exist');
  await expect(page).toHaveURL(/externalOfferId=does-not-exist/);
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();
  await expect(page.getByText('Keine Angebote passen zu diesen Filtern.')).toBeVisible();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/portal(\?order=asc&sortBy|\?sortBy)?/);

  // English, then back to German.
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await check(page, 'list-english');
  await page.getByText('DE', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Angebote' })).toBeVisible();

  // Production (dealer A has production access): its own list (the demo shop's production offers);
  // then back to the sandbox.
  await page.getByText('Produktion', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Produktion' })).toBeChecked();
  await expect(page.getByText('Testumgebung: Angebote hier sind nicht echt.')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Angebote' })).toBeVisible();
  await check(page, 'list-production');
  await page.getByText('Sandbox', { exact: true }).click();
  await expect(page.getByText('Testumgebung: Angebote hier sind nicht echt.')).toBeVisible();

  // A link to a production offer while the sandbox is chosen leads to it: switch and open in one step.
  const production = await demoOffer(page.request, 'demo-production');
  await page.goto(`/portal/offers/${production.id}`);
  const elsewhere = page.getByTestId('offer-elsewhere');
  await expect(elsewhere).toContainText('Dieses Angebot gehört zur Umgebung „Produktion“');
  await check(page, 'offer-elsewhere');
  await elsewhere.getByRole('button', { name: 'Zu „Produktion“ wechseln und Angebot öffnen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Angebot ${production.offerNumber}` })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Produktion' })).toBeChecked();
  await page.getByText('Sandbox', { exact: true }).click();
  await expect(page.getByText('Testumgebung: Angebote hier sind nicht echt.')).toBeVisible();

  // Sign out.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/portal\/sign-in/);
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/portal\/sign-in$/);
});
