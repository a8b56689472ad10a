import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The walk over the lived-in demo (lib/ops/lived-in.ts): months of dealer A's work — full lists,
// offers with long histories, rejections with every check code, edits, long and non-Latin names,
// webhook endpoints with delivered, failed and retrying deliveries, read and unread notifications,
// three employers with their rules. Every page of both faces at 390 and 1366 px, in German and
// English: no sideways scroll, no raw code (statuses, check codes, ISO timestamps, placeholders),
// no text cut off by its box. The portal also from the second loopback address (localhost when
// the server announces 127.0.0.1, and the other way round): signed in there, one change works.

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const RAW: [string, RegExp][] = [
  // Statuses (order_journey_started, …) and cancel reasons (customer_wants_different_bicycle, …).
  ['snake-case code', /\b[a-z]+(?:_[a-z]+){2,}\b/],
  ['check code', /\b[A-Z]{2,}(?:_[A-Z]+)+\b/],
  ['ISO timestamp', /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ['placeholder', /\{[a-zA-Z]+\}/],
  ['message key', /\b(portal|console|common)\.[a-z]+[A-Z]\w*/],
];

type Lang = 'de' | 'en';

/** Elements whose content is cut off: wider than their box with overflow hidden, and no ellipsis saying so. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of [document.documentElement, document.body, ...Array.from(document.querySelectorAll('body *'))]) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (style.textOverflow === 'ellipsis' || style.position === 'absolute' || style.position === 'fixed') continue;
      const box = el.getBoundingClientRect();
      // Visually hidden text (1 px boxes) and what is not shown.
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const cls = typeof el.className === 'string' ? el.className.slice(0, 80) : '';
        found.push(`<${el.tagName.toLowerCase()} class="${cls}"> ${el.scrollWidth} > ${el.clientWidth}: ${(el.textContent ?? '').trim().slice(0, 80)}`);
      }
    }
    return found;
  });
}

async function assertPage(page: Page, name: string, lang: Lang) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html'), `${name}: <html lang>`).toHaveAttribute('lang', lang);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${name}: page wider than the screen`).toBeLessThanOrEqual(innerWidth);
  const text = await page.locator('body').innerText();
  for (const [what, re] of RAW) expect(text.match(re)?.[0], `${name}: raw ${what} in the text`).toBeUndefined();
  expect(await cutOff(page), `${name}: text cut off`).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function useCookie(page: Page, name: string, value: string) {
  const url = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? 'http://127.0.0.1') : page.url());
  await page.context().addCookies([{ name, value, domain: url.hostname, path: '/' }]);
}

type Found = { longHistory: string; rejected: string; edited: string; longName: string; draft: string };

/** Offers of the lived-in demo to look at, found through the production API client. */
async function livedInOffers(request: APIRequestContext): Promise<Found> {
  const token = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-production', client_secret: 'demo-production-secret' } });
  expect(token.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await token.json()).access_token as string}` };
  const list = async (query: string) => (await (await request.get(`/v1/offers?perPage=100&${query}`, { headers })).json()).data as { id: string; externalOfferId: string; status: { errors: { code: string }[] } }[];
  const history = async (id: string) => ((await (await request.get(`/v1/offers/${id}/history?perPage=100`, { headers })).json()).data as { action: string }[]).map((h) => h.action);

  const done = (await list('status=done')).filter((o) => o.externalOfferId.startsWith('RH-'));
  let longHistory = done[0]!.id;
  let longest = 0;
  for (const o of done.slice(0, 25)) {
    const actions = await history(o.id);
    if (actions.length > longest) [longHistory, longest] = [o.id, actions.length];
  }
  expect(longest, 'a done offer with a long history').toBeGreaterThanOrEqual(7);

  const rejected = (await list('status=rejected')).filter((o) => o.externalOfferId.startsWith('RH-'));
  const codes = new Set(rejected.flatMap((o) => o.status.errors.map((e) => e.code)));
  for (const code of ['PRICE_ABOVE_LIST_PRICE', 'PRODUCT_NOT_LEASABLE', 'ACCESSORY_NOT_LEASABLE', 'MISSING_PRODUCT_DATA', 'CATEGORY_NOT_ALLOWED', 'EMPLOYER_DECLINED', 'OPERATOR_DECLINED']) {
    expect([...codes], `a rejected offer with ${code}`).toContain(code);
  }
  const twoCodes = rejected.find((o) => o.status.errors.length > 1) ?? rejected[0]!;

  let edited: string | undefined;
  for (const o of (await list('status=draft')).filter((x) => x.externalOfferId.startsWith('RH-')).slice(0, 60)) {
    const actions = await history(o.id);
    if (actions.filter((a) => a === 'processed').length > 1 && actions.includes('updated')) {
      edited = o.id;
      break;
    }
  }
  expect(edited, 'a draft that was rejected, edited and accepted').toBeTruthy();
  const longName = (await list(`search=${encodeURIComponent('Hohenberg')}`))[0]?.id ?? done[0]!.id;
  const draft = (await list('status=draft'))[0]!.id;
  return { longHistory, rejected: twoCodes.id, edited: edited!, longName, draft };
}

test.describe.configure({ timeout: 900_000 });

for (const size of WIDTHS) {
  for (const lang of ['de', 'en'] as const) {
    test(`lived-in portal at ${size.name} width in ${lang}`, async ({ page, request }) => {
      const found = await livedInOffers(request);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page);
      await useCookie(page, 'spoke-lang', lang);
      // The sandbox first (where the portal opens), then production.
      for (const [name, path] of [
        ['home', '/portal/home'],
        ['list', '/portal'],
        ['list-page-3', '/portal?page=3'],
        ['builder', '/portal/offers/new'],
        ['webhooks', '/portal/webhooks'],
        ['notifications', '/portal/notifications'],
        ['account', '/portal/account'],
      ] as const) {
        await page.goto(path);
        await assertPage(page, `sandbox-${name}-${size.name}-${lang}`, lang);
      }
      await useCookie(page, 'spoke-env', 'production');
      for (const [name, path] of [
        ['home', '/portal/home'],
        ['list', '/portal'],
        ['list-rejected', '/portal?status=rejected'],
        ['list-by-customer', '/portal?sortBy=customerName&order=desc'],
        ['offer-long-history', `/portal/offers/${found.longHistory}`],
        ['offer-rejected', `/portal/offers/${found.rejected}`],
        ['offer-edited', `/portal/offers/${found.edited}`],
        ['offer-long-name', `/portal/offers/${found.longName}`],
        ['edit', `/portal/offers/${found.draft}/edit`],
        ['copy', `/portal/offers/new?from=${found.longHistory}`],
        ['webhooks', '/portal/webhooks'],
        ['notifications', '/portal/notifications'],
      ] as const) {
        await page.goto(path);
        await assertPage(page, `production-${name}-${size.name}-${lang}`, lang);
      }
    });

    test(`lived-in console at ${size.name} width in ${lang}`, async ({ page, request }) => {
      const found = await livedInOffers(request);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, 'operator@example.com');
      await useCookie(page, 'spoke-lang', lang);
      for (const [name, path] of [
        ['all', '/console'],
        ['decision', '/console/queues/decision'],
        ['rejected', '/console/queues/rejected'],
        ['employer', '/console/queues/employer'],
        ['search', `/console/queues/search?q=${encodeURIComponent('Łukasiewicz')}`],
        ['mailbox', '/console/mailbox'],
        ['dealers', '/console/dealers'],
        ['dealer-a', '/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001'],
        ['employers', '/console/employers'],
        ['employer-acme', '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1'],
        ['employer-stadtwerke', '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e2'],
        ['employer-baeckerei', '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e3'],
        ['review-long-history', `/console/offers/${found.longHistory}`],
        ['review-rejected', `/console/offers/${found.rejected}`],
        ['review-edited', `/console/offers/${found.edited}`],
        ['review-long-name', `/console/offers/${found.longName}`],
        ['privacy', '/console/privacy'],
      ] as const) {
        await page.goto(path);
        await assertPage(page, `console-${name}-${size.name}-${lang}`, lang);
      }
    });
  }
}

test('the portal from the second loopback address: signed in there, every page opens, a change works', async ({ browser }) => {
  const announced = new URL(test.info().project.use.baseURL!);
  const host = announced.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const origin = `${announced.protocol}//${host}:${announced.port}`;
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await signIn(page);
    expect(new URL(page.url()).hostname, 'stays on the address it was opened at').toBe(host);
    await useCookie(page, 'spoke-env', 'production');
    for (const [name, path] of [
      ['home', '/portal/home'],
      ['list', '/portal'],
      ['builder', '/portal/offers/new'],
      ['webhooks', '/portal/webhooks'],
      ['notifications', '/portal/notifications'],
      ['account', '/portal/account'],
    ] as const) {
      await page.goto(path);
      expect(new URL(page.url()).hostname, `${name}: not sent to another address`).toBe(host);
      await expect(page, `${name}: still signed in`).not.toHaveURL(/sign-in/);
      await assertPage(page, `loopback-${name}`, 'de');
    }
    // An offer of the list opens there too.
    await page.goto('/portal');
    const first = page.locator('main a[href^="/portal/offers/"]').filter({ hasNotText: /Neues Angebot/ }).first();
    await first.click();
    await expect(page).toHaveURL(/\/portal\/offers\/[0-9a-f-]{36}$/);
    await assertPage(page, 'loopback-offer', 'de');

    // The change: an unread notification is marked read (a same-origin request from this address).
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
