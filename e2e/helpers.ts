import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// What every browser test shares: signing in as a demo user, and the accessibility check with its
// screenshot.

/** Signs in through the portal's sign-in page (demo password) and waits until it has left it. */
export async function signIn(page: Page, email = 'dealer@example.com') {
  await page.goto('/portal/sign-in');
  // The form signs in through next-auth's client: wait until the page is interactive.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill('demo1234');
  await page.getByLabel('Passwort').press('Enter');
  await expect(page).not.toHaveURL(/sign-in/);
}

/**
 * axe-core on the page as it is now (no serious or critical violations), then a screenshot kept
 * as a test artifact. A page's <title> may arrive after its content (streamed metadata after a
 * client-side navigation): it is waited for, so axe judges the finished page — and a page without
 * one still fails.
 */
export async function check(page: Page, name: string) {
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe,
    JSON.stringify(
      severe.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target) })),
      null,
      2,
    ),
  ).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
