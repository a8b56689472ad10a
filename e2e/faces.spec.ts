import { expect, test, type Page } from '@playwright/test';
import { check, demoSandboxOffer, signIn } from './helpers';

// Every page of both faces at desktop and phone width, in German and English: no horizontal
// overflow, no serious accessibility violation (with a screenshot kept), and no code or unfilled
// placeholder in the text a person reads.

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Snake-case statuses, upper-case check codes, ICU placeholders and next-intl's fallback keys.
const RAW = [
  /\b(order_journey_started|employer_decision_pending|operator_decision_pending)\b/,
  /\b[A-Z]{2,}(?:_[A-Z]+)+\b/,
  /\{[a-zA-Z]+\}/,
  /\b(portal|console|common)\.[a-z]+[A-Z]\w*/,
];

async function assertPage(page: Page, name: string, lang: 'de' | 'en') {
  await page.waitForLoadState('networkidle');
  // The page says what language it is in (a screen reader pronounces it so).
  await expect(page.locator('html'), `${name}: <html lang>`).toHaveAttribute('lang', lang);
  // The tab's title in the page's language (the site's English default only outside the faces).
  expect(await page.title(), `${name}: title`).not.toMatch(/leasing offers for company bikes/);
  // Every column of a table is headed in words (a selection column holds its checkbox).
  const blankHeads = await page
    .locator('th')
    .evaluateAll((cells) => cells.filter((th) => !th.querySelector('input') && !(th.textContent ?? '').trim()).map((th) => th.outerHTML.slice(0, 80)));
  expect(blankHeads, `${name}: table headings without words`).toEqual([]);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${name}: page wider than the screen`).toBeLessThanOrEqual(innerWidth);
  // From 768 px the main navigation is a row of its own; at desktop width every link of it in one line.
  const tops = await page.locator('header nav a:visible').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  if (innerWidth >= 1280) expect(new Set(tops).size, `${name}: the navigation in one line (${tops})`).toBeLessThanOrEqual(1);
  const text = await page.locator('body').innerText();
  for (const re of RAW) expect(text, `${name}: raw text ${re}`).not.toMatch(re);
  await check(page, name);
}

async function useLanguage(page: Page, lang: 'de' | 'en') {
  const url = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? 'http://127.0.0.1') : page.url());
  await page.context().addCookies([{ name: 'spoke-lang', value: lang, domain: url.hostname, path: '/' }]);
}

for (const size of WIDTHS) {
  for (const lang of ['de', 'en'] as const) {
    test(`portal pages at ${size.name} width in ${lang}`, async ({ page, request }) => {
      const offer = await demoSandboxOffer(request);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page);
      await useLanguage(page, lang);
      for (const [name, path] of [
        ['home', '/portal/home'],
        ['list', '/portal'],
        ['builder', '/portal/offers/new'],
        ['copy', `/portal/offers/new?from=${offer.id}`],
        ['webhooks', '/portal/webhooks'],
        ['account', '/portal/account'],
        ['notifications', '/portal/notifications'],
        ['forgot-password', '/portal/forgot-password'],
        ['password-link', '/portal/password?token=no-such-link'],
        ['not-found', '/portal/no-such-page'],
      ] as const) {
        await page.goto(path);
        await assertPage(page, `portal-${name}-${size.name}-${lang}`, lang);
      }
      const href = `/portal/offers/${offer.id}`;
      await page.goto(href);
      await assertPage(page, `portal-offer-${size.name}-${lang}`, lang);
      await page.goto(`${href}/edit`);
      await assertPage(page, `portal-edit-${size.name}-${lang}`, lang);
      // The list's filter sheet, open.
      await page.goto('/portal');
      await page.getByRole('button', { name: /^Filters?( \(\d+\))?$/ }).click();
      await expect(page.getByTestId('offer-filters')).toBeVisible();
      await assertPage(page, `portal-list-filters-${size.name}-${lang}`, lang);
    });

    test(`console sign-in at ${size.name} width in ${lang}: the console's own`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLanguage(page, lang);
      await page.goto('/console');
      await expect(page).toHaveURL(/\/console\/sign-in$/);
      await expect(page).not.toHaveTitle(/Händlerportal|Dealer portal/);
      await expect(page.getByText(lang === 'de' ? 'Leasinggeber-Konsole' : 'Operator console').first()).toBeVisible();
      await assertPage(page, `console-sign-in-${size.name}-${lang}`, lang);
    });

    test(`console pages at ${size.name} width in ${lang}`, async ({ page, request }) => {
      const offer = await demoSandboxOffer(request);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, 'operator@example.com');
      await useLanguage(page, lang);
      for (const [name, path] of [
        ['queue', '/console/rejected'],
        ['decision-queue', '/console/queues/decision'],
        ['mailbox', '/console/mailbox'],
        ['dealers', '/console/dealers'],
        ['employers', '/console/employers'],
        ['not-found', '/console/no-such-page'],
      ] as const) {
        await page.goto(path);
        await assertPage(page, `console-${name}-${size.name}-${lang}`, lang);
      }
      // A dealer's page (credentials, evaluation, staff logins).
      await page.goto('/console/dealers');
      const dealerHref = await page.locator('a[href^="/console/dealers/"]').first().getAttribute('href');
      expect(dealerHref).toBeTruthy();
      await page.goto(dealerHref!);
      await assertPage(page, `console-dealer-${size.name}-${lang}`, lang);
      // An offer's review: statuses and checks in words, no codes beside them.
      await page.goto(`/console/offers/${offer.id}`);
      await assertPage(page, `console-review-${size.name}-${lang}`, lang);
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
