import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// The builder's details in the browser: keys typed right after "+ Zubehör hinzufügen" land in the
// new row's category, and "Kindersitz h" + Enter picks the highlighted "Kindersitz hinten", not
// the group "Kindersitze"; the calendar offers no day before today.

test('a new accessory row takes the keys typed right after the click, and Enter picks the highlighted match', async ({ page }) => {
  await signIn(page);
  await page.goto('/portal/offers/new');
  await page.waitForLoadState('networkidle');
  const rows = page.getByRole('group', { name: /^Zubehör \d+$/ });
  const before = await rows.count();
  await page.getByRole('button', { name: '+ Zubehör hinzufügen' }).click();
  await page.keyboard.type('Kindersitz h');
  await page.keyboard.press('Enter');
  const category = rows.nth(before).getByRole('combobox', { name: /Zubehörkategorie/ });
  await expect(category).toBeFocused();
  await expect(category).toHaveValue('Kindersitz hinten (201620)');
});

test('the delivery date’s calendar offers no day before today', async ({ page }) => {
  await signIn(page);
  await page.goto('/portal/offers/new');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /Liefertermin/ }).first().click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  // Every day of the shown month before today is disabled; today is not.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const day = Number(today.slice(8, 10));
  const cells = grid.getByRole('gridcell');
  if (day > 1) await expect(grid.locator('button[disabled]').first()).toBeVisible();
  await expect(cells.filter({ hasText: new RegExp(`^${day}$`) }).first().locator('button')).toBeEnabled();
});
