import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';
import { assertPage, WIDTHS, type Lang } from './page-checks';

// The console's own sign-in page at desktop and phone width in German and English (the page
// checks of e2e/page-checks.ts with axe-core; the signed-in pages are walked by e2e/walk.spec.ts),
// and the shell by keyboard.

async function useLanguage(page: Page, lang: Lang) {
  const url = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
  await page.context().addCookies([{ name: 'spoke-lang', value: lang, domain: url.hostname, path: '/' }]);
}

for (const size of WIDTHS) {
  for (const lang of ['de', 'en'] as const) {
    test(`console sign-in at ${size.name} width in ${lang}: the console's own`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLanguage(page, lang);
      await page.goto('/console');
      await expect(page).toHaveURL(/\/console\/sign-in$/);
      await expect(page).not.toHaveTitle(/Händlerportal|Dealer portal/);
      await expect(page.getByText(lang === 'de' ? 'Leasinggeber-Konsole' : 'Operator console').first()).toBeVisible();
      await assertPage(page, `console-sign-in-${size.name}-${lang}`, lang, { axe: true });
    });
  }
}

test('the sign-in page and the shell work by keyboard; the navigation is a sheet on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/portal');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
  await page.keyboard.press('Tab');
  const menu = page.getByRole('button', { name: 'Menü öffnen' });
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Menü' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('link', { name: 'Neues Angebot' }).click();
  await expect(page).toHaveURL(/\/portal\/offers\/new$/);
  await expect(sheet).toBeHidden();
});

test('the category picker opens on focus with the grouped list and filters as one types', async ({ page }) => {
  await signIn(page);
  await page.goto('/portal/offers/new');
  const picker = page.getByRole('combobox', { name: /Fahrradkategorie/ });
  await picker.focus();
  const list = page.getByRole('listbox').first();
  await expect(list).toBeVisible();
  expect(await list.getByRole('group').count()).toBeGreaterThan(1);
  await picker.fill('trekking');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(picker).not.toHaveValue('');
});
