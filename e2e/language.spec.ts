import { expect, test } from '@playwright/test';

// The faces speak the browser's language until the reader chooses one: English for an en-GB
// browser from the sign-in page on, German for de-DE (and for a browser that names neither).

for (const [locale, lang, heading] of [
  ['en-GB', 'en', /sign in/i],
  ['de-DE', 'de', /anmelden/i],
  ['fr-FR', 'de', /anmelden/i],
] as const) {
  test(`a ${locale} browser reads the sign-in pages in ${lang}`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    for (const path of ['/portal/sign-in', '/console/sign-in']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    }
    await context.close();
  });
}

test('a chosen language wins over the browser’s', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const url = new URL(test.info().project.use.baseURL!);
  await context.addCookies([{ name: 'spoke-lang', value: 'de', domain: url.hostname, path: '/' }]);
  const page = await context.newPage();
  await page.goto('/portal/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.close();
});

// The start page and "not found" follow the browser's language too (a chosen one wins).
for (const [locale, lang, heading, missing] of [
  ['de-DE', 'de', 'Leasingangebote für Diensträder', 'Seite nicht gefunden'],
  ['en-GB', 'en', 'Lease offers for company bikes', 'Page not found'],
] as const) {
  test(`a ${locale} browser reads the start page and "not found" in ${lang}`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    const answer = await page.goto('/no-such-page');
    expect(answer?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(missing);
    await context.close();
  });
}
