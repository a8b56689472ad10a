import { expect, test } from '@playwright/test';
import { check, signIn } from './helpers';

// The offer list's filters: a sheet behind the "Filter" button, a removable chip per active
// filter, and the date ranges as one control each, showing TT.MM.JJJJ in German although the
// browser speaks American English (the dealer chose German with the switcher: the language cookie).

test.use({ locale: 'en-US' });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'spoke-lang', value: 'de', url: baseURL! }]);
});

const run = Date.now().toString(36);
const FILTER_BUTTON = /^Filter( \(\d+\))?$/;

test('filters in a sheet, chips that remove them, a date range picked by keyboard', async ({ page }) => {
  await signIn(page);
  const origin = new URL(page.url()).origin;
  const customer = `Chipkunde ${run}`;
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post('/v1/offers', {
      headers: { Origin: origin },
      data: {
        externalOfferId: `CHIP-${run}-${i}`,
        customerName: `${customer} ${i}`,
        customerEmail: `chip${i}@example.com`,
        product: { bidexCode: '101020', brandName: 'Kalkhoff', modelName: `Chip ${i}`, priceGross: 1000 },
        accessory: [],
      },
    });
    expect(res.status()).toBe(202);
  }

  await page.goto(`/portal?search=${encodeURIComponent(customer)}`);
  await expect(page.getByRole('heading', { name: '1–2 von 2 Angeboten' })).toBeVisible();
  // Visible only: after the language switch's refresh the previous page's tree may stay in the
  // DOM for a moment, hidden (React keeps it while it swaps), with its own list of chips.
  const chips = page.getByTestId('filter-chips').filter({ visible: true });
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(chips).toContainText(`Suche: ${customer}`);

  // The filters: closed by default, opened by the button, which names how many are set inside.
  const button = page.getByRole('button', { name: FILTER_BUTTON });
  await expect(button).toHaveAccessibleName('Filter');
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Filter' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('checkbox', { name: 'Storniert' }).check();
  await expect(page).toHaveURL(/status=canceled/);

  // A date range is one stop for the keyboard: Tab goes from one range to the next.
  const created = sheet.getByRole('button', { name: 'Angelegt', exact: true });
  const changed = sheet.getByRole('button', { name: 'Status geändert', exact: true });
  await created.focus();
  await page.keyboard.press('Tab');
  await expect(changed).toBeFocused();

  // Enter opens the calendar on today; Enter picks today as the start and the end.
  await created.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('grid');
  await expect(calendar).toBeVisible();
  await expect(calendar.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/creationDateFrom=\d{4}-\d{2}-\d{2}&creationDateTo=\d{4}-\d{2}-\d{2}/);
  const from = new URL(page.url()).searchParams.get('creationDateFrom')!;
  const [y, m, d] = from.split('-');
  const german = `${d}.${m}.${y}`;
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(sheet).toBeVisible();
  await expect(created.getByTestId('date-range-value')).toHaveText(`${german} – ${german}`);
  await check(page, 'list-filter-sheet');

  // Closed: the button counts two filters, a chip for each, the focus back on the button.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName('Filter (2)');
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  await expect(chips).toContainText('Status: Storniert');
  await expect(chips).toContainText(`Angelegt: ${german} – ${german}`);
  await expect(page.getByText('Keine Angebote passen zu diesen Filtern.')).toBeVisible();
  await check(page, 'list-filter-chips');

  // Each chip removes its own filter.
  await chips.getByRole('button', { name: 'Filter entfernen: Status: Storniert' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page).toHaveURL(/creationDateFrom=/);
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await chips.getByRole('button', { name: `Filter entfernen: Angelegt: ${german} – ${german}` }).click();
  await expect(page).not.toHaveURL(/creationDate/);
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: '1–2 von 2 Angeboten' })).toBeVisible();
  await expect(button).toHaveAccessibleName('Filter');

  // English: the same range reads DD/MM/YYYY.
  await page.goto(`/portal?search=${encodeURIComponent(customer)}&creationDateFrom=${from}&creationDateTo=${from}`);
  await page.getByText('EN', { exact: true }).click();
  await expect(chips).toContainText(`Created: ${d}/${m}/${y} – ${d}/${m}/${y}`);
  await page.getByText('DE', { exact: true }).click();
  await expect(chips).toContainText(`Angelegt: ${german} – ${german}`);
});

test('on a phone the offers are stacked cards with the status always shown', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/portal');
  const row = page.getByTestId('offer-row').first();
  await expect(row).toBeVisible();
  await expect(row.locator('[data-status]')).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  // Each value carries its column's name (the table's header is for screen readers only).
  await expect(row.locator('td[data-label="Gesamt"]')).toBeVisible();
  await check(page, 'list-phone-cards');
});

test('values nobody could mean: refused filters are dropped and named in words, a page after the last shows the last', async ({ page }) => {
  await signIn(page);
  const list = page.getByTestId('offer-row');

  // An unknown status and a day that does not exist: the list shows every offer and says in words
  // which filters were ignored — never the API's message about a parameter.
  await page.goto('/portal?status=foo&creationDateFrom=2026-13-45');
  const note = page.getByTestId('refused-filters').filter({ visible: true });
  await expect(note).toContainText('Ungültige Filterwerte wurden ignoriert:');
  await expect(note).toContainText('Status');
  await expect(note).toContainText('Angelegt');
  await expect(list.first()).toBeVisible();
  await expect(page).not.toHaveURL(/status=|creationDateFrom=/);
  await expect(page.getByText(/creationDateFrom|muss einer dieser Werte sein/)).toHaveCount(0);
  // No chip for the day that does not exist (it had read as 14.02.2027).
  await expect(page.getByTestId('filter-chips')).toHaveCount(0);

  // A range that ends before it starts keeps its start.
  await page.goto('/portal?creationDateFrom=2026-12-01&creationDateTo=2026-01-01');
  await expect(page.getByTestId('refused-filters').filter({ visible: true })).toHaveText('Ungültige Filterwerte wurden ignoriert: Angelegt.');
  await expect(page).toHaveURL(/creationDateFrom=2026-12-01/);
  await expect(page).not.toHaveURL(/creationDateTo=/);

  // A search longer than the API takes: refused, and the page stays as wide as the screen.
  await page.goto(`/portal?search=${'ü'.repeat(300)}`);
  await expect(page.getByTestId('refused-filters').filter({ visible: true })).toHaveText('Ungültige Filterwerte wurden ignoriert: Suche.');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

  // An offer that is not there: its page says so, in the tab's title too.
  await page.goto('/portal/offers/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveTitle('Dieses Angebot gibt es in dieser Umgebung nicht. · Händlerportal · Spoke');

  // A page after the last: the last page, with its offers.
  await page.goto('/portal?page=999999');
  await expect(page).not.toHaveURL(/page=999999/);
  await expect(list.first()).toBeVisible();
  const last = Number(new URL(page.url()).searchParams.get('page') ?? 1);
  await expect(page.getByText(new RegExp(`Seite ${last.toLocaleString('de-DE')} von ${last.toLocaleString('de-DE')}`))).toBeVisible();
});

test('while a search loads the rows are dimmed; after a failure the last result stays, labelled, with a retry', async ({ page }) => {
  await signIn(page);
  const created = await page.request.post('/v1/offers', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      externalOfferId: `STALE-${run}`,
      customerName: 'Anna Müller',
      customerEmail: 'anna@example.com',
      product: { bidexCode: '101020', brandName: 'Kalkhoff', modelName: 'Image', priceGross: 1899 },
      accessory: [],
    },
  });
  expect(created.status()).toBe(202);
  await page.goto('/portal');
  await expect(page.getByRole('heading', { name: /von \d+ Angebot/ })).toBeVisible();
  const results = page.getByTestId('offer-results');
  await expect(results).not.toHaveAttribute('data-stale');

  // The network goes away: each list request waits a moment, then fails as a browser's fetch does.
  await page.route(/\/v1\/offers\?/, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.abort('internetdisconnected');
  });
  await page.getByRole('searchbox', { name: /Suche/ }).fill('Ben');
  await expect(results).toHaveAttribute('data-stale', 'true');
  await expect(page.getByRole('heading', { name: 'Wird geladen …' })).toBeVisible();

  const stale = page.getByTestId('list-stale');
  await expect(stale).toContainText('Die Liste konnte nicht aktualisiert werden', { timeout: 30_000 });
  await expect(stale).toContainText('Keine Verbindung zum Server');
  await expect(page.getByText(/Failed to fetch|NetworkError|ERR_/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Zuletzt geladenes Ergebnis: \d+ Angebot/ })).toBeVisible();
  await expect(results).toHaveAttribute('data-stale', 'true');
  await check(page, 'list-stale');

  // Back online: the retry shows the search's own result, no longer dimmed.
  await page.unroute(/\/v1\/offers\?/);
  await stale.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(stale).toHaveCount(0);
  await expect(results).not.toHaveAttribute('data-stale');
});
