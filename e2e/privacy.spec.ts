import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { check, signIn } from './helpers';

// A customer's data-protection requests, walked as the operator does them on /console/privacy:
// find the customer by e-mail, export (the file holds that customer's offers and history and
// nothing of another customer's), erase; then the dealer's /v1 reads, list search and history
// show no trace of the name or address, and the dealer's counts are unchanged. At 1366 and 390 px,
// German and English, axe clean.

const run = Date.now().toString(36);
const customer = { name: `Zoë Käßbohrer-Ölmez von Hohenzollern-Sigmaringen ${run}`, email: `zoe.${run}@privat.example` };
const neighbour = { name: `Jana Nachbarin ${run}`, email: `jana.${run}@example.com` };

async function dealerApi(request: APIRequestContext) {
  const res = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' } });
  const headers = { authorization: `Bearer ${(await res.json()).access_token as string}` };
  return {
    get: async (path: string) => (await request.get(path, { headers })).json(),
    create: async (who: { name: string; email: string }) => {
      const created = await request.post('/v1/offers', {
        headers,
        data: {
          externalOfferId: `E2E-P-${run}-${Math.random().toString(36).slice(2, 8)}`,
          customerName: who.name,
          customerEmail: who.email,
          product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
          accessory: [],
          notes: `Ruft ${who.name} vor der Lieferung an.`,
        },
      });
      expect(created.status()).toBe(202);
      const offer = (await created.json()).data as { id: string; offerNumber: string };
      await expect.poll(async () => (await (await request.get(`/v1/offers/${offer.id}`, { headers })).json()).data.status.current.code).not.toBe('pending');
      return offer;
    },
  };
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('the operator finds, exports and erases a customer; the dealer keeps counts but no trace', async ({ page, request }) => {
  const dealer = await dealerApi(request);
  const mine = [await dealer.create(customer), await dealer.create(customer)];
  const theirs = await dealer.create(neighbour);
  const before = await dealer.get('/v1/offers?perPage=1');

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'operator@example.com');
  await page.goto('/console/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
  await check(page, 'privacy-empty-de-1366');

  await page.getByLabel('E-Mail-Adresse der Kundin oder des Kunden').fill(customer.email.toUpperCase());
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByTestId('privacy-offer')).toHaveCount(2);
  await expect(page.getByTestId('privacy-found')).toContainText(customer.name);
  await expect(page.getByTestId('privacy-found')).not.toContainText(neighbour.name);
  // The environment in words: "Sandbox", never the code "· sandbox".
  await expect(page.getByTestId('privacy-offer').first()).toContainText('· Sandbox');
  await expect(page.getByTestId('privacy-found')).not.toContainText('· sandbox');
  await expect(page).not.toHaveURL(/privat\.example/);
  await noSidewaysScroll(page);
  await check(page, 'privacy-found-de-1366');

  // Export: without a reference the field says so; with one, the file downloads.
  await page.getByRole('button', { name: 'Daten exportieren (JSON)' }).click();
  await expect(page.locator('[id$="-reference-error"]')).toBeVisible();
  await page.getByLabel('Aktenzeichen').fill(`DSR-${run}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Daten exportieren (JSON)' }).click()]);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file.offers.map((o: { offerNumber: string }) => o.offerNumber).sort()).toEqual(mine.map((o) => o.offerNumber).sort());
  expect(file.offers[0].customer).toEqual({ name: customer.name, email: customer.email });
  expect(file.offers[0].history.length).toBeGreaterThanOrEqual(2);
  expect(JSON.stringify(file)).not.toContain(neighbour.name);
  expect(JSON.stringify(file)).not.toContain(theirs.offerNumber);
  await expect(page.getByTestId('privacy-done')).toBeVisible();

  // Erase, after the confirmation that says what happens.
  await page.getByRole('button', { name: 'Kundendaten löschen' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('2 Angebote werden anonymisiert');
  await dialog.getByRole('button', { name: 'Kundendaten löschen' }).click();
  await expect(page.getByTestId('privacy-done')).toContainText('2 Angebote anonymisiert');
  await expect(page.getByTestId('privacy-log')).toContainText(`DSR-${run}`);
  await check(page, 'privacy-erased-de-1366');

  // The dealer: markers in every read, nothing found by name or address, history clean, counts the same.
  for (const offer of mine) {
    const read = await dealer.get(`/v1/offers/${offer.id}`);
    expect(read.data).toMatchObject({ customerName: 'Anonymised', customerEmail: 'anonymised@spoke.invalid', personalData: { state: 'anonymised' } });
    const history = JSON.stringify(await dealer.get(`/v1/offers/${offer.id}/history?perPage=100`));
    expect(history).not.toContain('Käßbohrer');
    expect(history).not.toContain(customer.email);
  }
  expect((await dealer.get(`/v1/offers?search=${encodeURIComponent('Käßbohrer')}`)).meta.totalCount).toBe(0);
  expect((await dealer.get(`/v1/offers?email=${encodeURIComponent(customer.email)}`)).meta.totalCount).toBe(0);
  expect((await dealer.get(`/v1/offers/${theirs.id}`)).data.customerName).toBe(neighbour.name);
  expect((await dealer.get('/v1/offers?perPage=1')).meta.totalCount).toBe(before.meta.totalCount);
});

test('the page on a phone, in English', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'operator@example.com');
  // For the whole site (a cookie set for the page's URL would hold for its folder only).
  await page.context().addCookies([{ name: 'spoke-lang', value: 'en', url: baseURL! }]);
  await page.goto('/console/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Data protection' })).toBeVisible();
  await page.getByLabel('Customer’s e-mail address').fill(neighbour.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('privacy-found')).toBeVisible();
  await noSidewaysScroll(page);
  await check(page, 'privacy-en-390');
});
