import { expect, test } from '@playwright/test';
import { keepPicture, otherLoopback, signInWithForm } from './helpers';

// The lived-in demo (lib/demo/lived-in.ts) from the second loopback address (localhost when the
// server announces 127.0.0.1, and the other way round): signed in there, every page opens, one
// change works. The employer face's requests are walked in e2e/walk-employer.spec.ts.

test('the portal from the second loopback address: signed in there, every page opens, a change works', async ({ browser }) => {
  const { host, origin } = otherLoopback(test.info().project.use.baseURL!);
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  try {
    await signInWithForm(page);
    expect(new URL(page.url()).hostname, 'stays on the address it was opened at').toBe(host);
    await context.addCookies([{ name: 'spoke-env', value: 'production', domain: host, path: '/' }]);
    for (const [name, path] of [
      ['home', '/portal/home'],
      ['list', '/portal'],
      ['builder', '/portal/offers/new'],
      ['webhooks', '/portal/webhooks'],
      ['notifications', '/portal/notifications'],
      ['account', '/portal/account'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).hostname, `${name}: not sent to another address`).toBe(host);
      await expect(page, `${name}: still signed in`).not.toHaveURL(/sign-in/);
      await expect(page.getByRole('heading', { level: 1 }).first(), `${name}: its heading`).toBeVisible();
      await keepPicture(page, `loopback-${name}`);
    }
    // An offer of the list opens there too.
    await page.goto('/portal');
    await page.locator('main').getByRole('link', { name: /^SPK-\d+$/ }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/portal\/offers\/[0-9a-f-]{36}$/);
    expect(new URL(page.url()).hostname).toBe(host);

    // The change: the unread notifications are marked read (a same-origin request from this address).
    await page.goto('/portal/notifications');
    await page.waitForLoadState('networkidle');
    const bell = page.getByTestId('notifications-bell');
    const unread = Number(await bell.getAttribute('data-unread'));
    expect(unread, 'the lived-in demo has unread notifications').toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await expect(bell).toHaveAttribute('data-unread', '0');
    await page.reload();
    await expect(page.getByTestId('notifications-bell')).toHaveAttribute('data-unread', '0');
  } finally {
    await context.close();
  }
});
