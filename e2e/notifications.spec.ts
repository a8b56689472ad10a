import { expect, test, type Page } from '@playwright/test';
import { check, demoSandboxOffer, signIn } from './helpers';

// The portal's notifications as a dealer user meets them: a rejected offer raises the bell's unread
// count, the list shows it (offer number, status in words, unread), opening it marks it read and
// opens the offer, "mark all as read" empties the count, and the account page saves which statuses
// to follow and the mail language. No horizontal overflow at 1366 px and 390 px.

// A price above the list price: the processor rejects it.
const overpriced = { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Overpriced', priceGross: 5000, listPriceGross: 3000 }, customerName: 'Nina Nachricht' };

const bell = (page: Page) => page.getByTestId('notifications-bell');
const unreadOf = async (page: Page) => Number(await bell(page).getAttribute('data-unread'));

async function noOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('a rejection raises the unread count; the list opens the offer and marks read; the settings are saved', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/portal/home');
  await expect(bell(page)).toBeVisible();
  const before = await unreadOf(page);

  // A rejected offer of the demo dealer's sandbox.
  const offer = await demoSandboxOffer(page.request, overpriced);
  // Once processed, the bell counts it (an earlier test's offer may be counted too: at least one more).
  await expect
    .poll(async () => {
      await page.reload();
      return unreadOf(page);
    })
    .toBeGreaterThanOrEqual(before + 1);
  const unread = await unreadOf(page);
  await expect(bell(page)).toHaveAccessibleName(`Benachrichtigungen, ${unread} ungelesen`);

  // The list: newest first, the offer's entry unread with its status in words.
  await bell(page).click();
  await expect(page).toHaveURL(/\/portal\/notifications$/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
  const entry = page.locator(`[data-testid="notification"][data-offer-number="${offer.offerNumber}"]`);
  await expect(entry).toHaveAttribute('data-read', 'false');
  await expect(entry).toContainText('Abgelehnt');
  await expect(entry).toContainText('Ungelesen');
  await expect(page.getByTestId('notifications-unread-count')).toContainText(`${unread} ungelesen`);
  await noOverflow(page);
  await check(page, 'portal-notifications-desktop');

  // Opening it: the offer page, and one unread less.
  await entry.getByRole('link', { name: offer.offerNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/offers/${offer.id}$`));
  await expect(bell(page)).toHaveAttribute('data-unread', String(unread - 1));
  await page.goto('/portal/notifications');
  // The buttons act once the page is interactive.
  await page.waitForLoadState('networkidle');
  await expect(entry).toHaveAttribute('data-read', 'true');
  await expect(entry).toContainText('Gelesen');

  // Mark all as read.
  const markAll = page.getByRole('button', { name: 'Alle als gelesen markieren' });
  if (unread - 1 > 0) {
    await markAll.click();
    await expect(bell(page)).toHaveAttribute('data-unread', '0');
  }
  await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, keine ungelesen');
  await expect(page.getByTestId('notifications-unread-count')).toHaveText('Alles gelesen');
  await expect(markAll).toBeDisabled();

  // The settings on the account page: rejected always on; "Abgeschlossen" and English chosen, saved.
  await page.getByRole('link', { name: 'Einstellungen ändern' }).click();
  await expect(page).toHaveURL(/\/portal\/account/);
  await page.waitForLoadState('networkidle');
  const form = page.getByTestId('notification-settings');
  await expect(form.getByRole('checkbox', { name: 'Abgelehnt (immer)' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Abgelehnt (immer)' })).toBeDisabled();
  await form.getByRole('checkbox', { name: 'Abgeschlossen' }).check();
  await form.getByRole('radio', { name: 'English' }).check();
  await form.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(form.getByText('Ihre Einstellungen sind gespeichert.')).toBeVisible();
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('notification-settings').getByRole('checkbox', { name: 'Abgeschlossen' })).toBeChecked();
  await expect(page.getByTestId('notification-settings').getByRole('radio', { name: 'English' })).toBeChecked();
  await noOverflow(page);

  // Back to the demo user's defaults (other tests count on them).
  const again = page.getByTestId('notification-settings');
  await again.getByRole('checkbox', { name: 'Abgeschlossen' }).uncheck();
  await again.getByRole('radio', { name: 'Deutsch' }).check();
  await again.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(again.getByText('Ihre Einstellungen sind gespeichert.')).toBeVisible();

  // A phone: the bell stays in the header, the list fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/portal/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
  await expect(bell(page)).toBeVisible();
  await noOverflow(page);
  await check(page, 'portal-notifications-phone');
});
