import { expect, test } from '@playwright/test';
import { check, signIn } from './helpers';

const offerBody = () => ({
  externalOfferId: `E2E-H-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  customerName: 'Erika Mustermann',
  customerEmail: 'erika@example.com',
  product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Overpriced', priceGross: 5000, listPriceGross: 3000 },
  accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 99.95 }],
});

// The portal's home page: counts per status in words, each opening the offer list filtered by
// that status; it is first in the navigation and fits a phone without horizontal overflow.

test('the home page: counts per status open the filtered list; fits 390 px and 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/portal/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  // First in the navigation, and the current page there.
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' }).first();
  await expect(nav.getByRole('link').first()).toHaveText('Übersicht');
  await expect(nav.getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page');

  const counts = page.getByTestId('home-counts');
  await expect(counts.getByRole('link')).toHaveCount(8);
  const link = counts.locator('a[data-status="rejected"]');
  await expect(link).toContainText('Abgelehnt');
  // A rejected offer of the demo dealer (its price above the list price): once processed, the count shows it.
  const countOf = async () => Number((await link.getByTestId('count-value').innerText()).replace(/\D/g, ''));
  const before = await countOf();
  const auth = await page.request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' } });
  const token = (await auth.json()).access_token as string;
  const created = await page.request.post('/v1/offers', { headers: { authorization: `Bearer ${token}` }, data: offerBody() });
  expect(created.status()).toBe(202);
  await expect
    .poll(async () => {
      await page.reload();
      return countOf();
    })
    .toBe(before + 1);
  const status = 'rejected';
  const n = before + 1;
  await expect(page.getByTestId('home-rejected-list')).toBeVisible();
  await expect(page.getByTestId('home-needs-action')).toBeVisible();
  await expect(page.getByTestId('home-changes')).toBeVisible();
  // Words, not codes.
  await expect(page.locator('main')).not.toContainText('operator_decision_pending');
  await check(page, 'portal-home-desktop');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/portal\\?status=${status}$`));
  await expect(page.getByText(new RegExp(`von ${n} Angebot`))).toBeVisible();
  const badges = page.locator('tbody [data-status]');
  await expect(badges).toHaveCount(Math.min(n, 10));
  for (const shown of await badges.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))) expect(shown).toBe(status);

  // A phone: no horizontal overflow.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/portal/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await check(page, 'portal-home-phone');
});
