import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The walk over the lived-in demo (lib/demo/lived-in.ts): months of dealer A's work — full lists,
// offers with long histories, rejections with every check code, edits, long and non-Latin names,
// webhook endpoints with delivered, failed and retrying deliveries, read and unread notifications,
// three employers with their rules. Every page of the portal, the console and the employer face
// (requests, the page per request, decided requests) at 390 and 1366 px, in German and
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

/** Search fields whose hint (placeholder) does not fit: measured with the hint as the value, then put back. */
async function placeholdersCut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input[type="search"][placeholder]'))
      .filter((input) => input.offsetParent !== null && input.value === '')
      .flatMap((input) => {
        input.value = input.placeholder;
        const cut = input.scrollWidth > input.clientWidth;
        input.value = '';
        return cut ? [input.placeholder] : [];
      }),
  );
}

/** E-mail addresses that wrap inside a word: a line may only begin at their "@", at a "." or after a "-". */
async function emailsBroken(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const nodes = Array.from(el.childNodes).filter((n): n is Text => n.nodeType === Node.TEXT_NODE);
      const chars: { c: string; top: number }[] = [];
      for (const node of nodes) {
        for (let i = 0; i < node.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          chars.push({ c: node.data[i]!, top: rect ? rect.top : -1 });
        }
      }
      const text = chars.map((x) => x.c).join('');
      for (const m of text.matchAll(email)) {
        for (let i = m.index + 1; i < m.index + m[0].length; i++) {
          const [a, b] = [chars[i - 1]!, chars[i]!];
          if (a.top >= 0 && b.top > a.top + 2 && b.c !== '@' && b.c !== '.' && a.c !== '-') found.push(`${m[0]} (before "${text.slice(i, i + 6)}")`);
        }
      }
    }
    return found;
  });
}

/** Every check of a page, each reported on its own (a page's later checks run after an earlier one failed). */
async function assertPage(page: Page, name: string, lang: Lang) {
  await page.waitForLoadState('networkidle');
  await expect.soft(page.locator('html'), `${name}: <html lang>`).toHaveAttribute('lang', lang);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect.soft(scrollWidth, `${name}: page wider than the screen`).toBeLessThanOrEqual(innerWidth);
  const text = await page.locator('body').innerText();
  for (const [what, re] of RAW) expect.soft(text.match(re)?.[0], `${name}: raw ${what} in the text`).toBeUndefined();
  expect.soft(await cutOff(page), `${name}: text cut off`).toEqual([]);
  expect.soft(await placeholdersCut(page), `${name}: a search field's hint cut off`).toEqual([]);
  expect.soft(await emailsBroken(page), `${name}: an e-mail address broken inside a word`).toEqual([]);
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
  const entries = async (id: string) => (await (await request.get(`/v1/offers/${id}/history?perPage=100`, { headers })).json()).data as { action: string; toStatus?: string }[];
  const history = async (id: string) => (await entries(id)).map((h) => h.action);

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
    const list = await entries(o.id);
    if (list.some((h) => h.action === 'processed' && h.toStatus === 'rejected') && list.some((h) => h.action === 'updated')) {
      edited = o.id;
      break;
    }
  }
  expect(edited, 'a draft that was rejected, edited and accepted').toBeTruthy();
  const longName = (await list(`search=${encodeURIComponent('Hohenberg')}`))[0]?.id ?? done[0]!.id;
  const draft = (await list('status=draft'))[0]!.id;
  return { longHistory, rejected: twoCodes.id, edited: edited!, longName, draft };
}

type Walk = { face: 'portal' | 'console'; env?: 'production'; name: string; path: (found: Found) => string };

const PAGES: Walk[] = [
  // The portal opens on the sandbox.
  { face: 'portal', name: 'home', path: () => '/portal/home' },
  { face: 'portal', name: 'list', path: () => '/portal' },
  { face: 'portal', name: 'list-page-3', path: () => '/portal?page=3' },
  { face: 'portal', name: 'builder', path: () => '/portal/offers/new' },
  { face: 'portal', name: 'webhooks', path: () => '/portal/webhooks' },
  { face: 'portal', name: 'notifications', path: () => '/portal/notifications' },
  { face: 'portal', name: 'account', path: () => '/portal/account' },
  { face: 'portal', env: 'production', name: 'home', path: () => '/portal/home' },
  { face: 'portal', env: 'production', name: 'list', path: () => '/portal' },
  { face: 'portal', env: 'production', name: 'list-rejected', path: () => '/portal?status=rejected' },
  { face: 'portal', env: 'production', name: 'list-by-customer', path: () => '/portal?sortBy=customerName&order=desc' },
  { face: 'portal', env: 'production', name: 'offer-long-history', path: (f) => `/portal/offers/${f.longHistory}` },
  { face: 'portal', env: 'production', name: 'offer-rejected', path: (f) => `/portal/offers/${f.rejected}` },
  { face: 'portal', env: 'production', name: 'offer-edited', path: (f) => `/portal/offers/${f.edited}` },
  { face: 'portal', env: 'production', name: 'offer-long-name', path: (f) => `/portal/offers/${f.longName}` },
  { face: 'portal', env: 'production', name: 'edit', path: (f) => `/portal/offers/${f.draft}/edit` },
  { face: 'portal', env: 'production', name: 'copy', path: (f) => `/portal/offers/new?from=${f.longHistory}` },
  { face: 'portal', env: 'production', name: 'webhooks', path: () => '/portal/webhooks' },
  { face: 'portal', env: 'production', name: 'notifications', path: () => '/portal/notifications' },
  { face: 'console', name: 'all', path: () => '/console/rejected' },
  { face: 'console', name: 'decision', path: () => '/console/queues/decision' },
  { face: 'console', name: 'rejected', path: () => '/console/queues/rejected' },
  { face: 'console', name: 'employer', path: () => '/console/queues/employer' },
  { face: 'console', name: 'search', path: () => `/console/queues/search?q=${encodeURIComponent('Łukasiewicz')}` },
  { face: 'console', name: 'mailbox', path: () => '/console/mailbox' },
  { face: 'console', name: 'dealers', path: () => '/console/dealers' },
  { face: 'console', name: 'dealer-a', path: () => '/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001' },
  { face: 'console', name: 'employers', path: () => '/console/employers' },
  { face: 'console', name: 'employer-acme', path: () => '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1' },
  { face: 'console', name: 'employer-stadtwerke', path: () => '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e2' },
  { face: 'console', name: 'employer-baeckerei', path: () => '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e3' },
  { face: 'console', name: 'review-long-history', path: (f) => `/console/offers/${f.longHistory}` },
  { face: 'console', name: 'review-rejected', path: (f) => `/console/offers/${f.rejected}` },
  { face: 'console', name: 'review-edited', path: (f) => `/console/offers/${f.edited}` },
  { face: 'console', name: 'review-long-name', path: (f) => `/console/offers/${f.longName}` },
  { face: 'console', name: 'privacy', path: () => '/console/privacy' },
];

const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
let found: Found | undefined;

test.beforeAll(async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  found = await livedInOffers(request);
  await request.dispose();
  for (const email of ['dealer@example.com', 'operator@example.com']) {
    const context = await browser.newContext();
    await signIn(await context.newPage(), email);
    sessions.set(email, await context.storageState());
    await context.close();
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/employer/sign-in');
  await page.waitForLoadState('networkidle');
  await page.locator('input[type="email"]').fill('hr@acme.example');
  await page.locator('input[type="password"]').fill('demo1234');
  await page.locator('input[type="password"]').press('Enter');
  await expect(page).toHaveURL(/\/employer$/);
  sessions.set('hr@acme.example', await context.storageState());
  await context.close();
});

const EMPLOYER_WORDS = {
  de: { approve: /^Zustimmen: /, approveTitle: /^Der Anfrage von .+ zustimmen\?$/, bulk: /^Ausgewählten zustimmen \(2\)/, bulkTitle: '2 Anfragen zustimmen?', keep: 'Abbrechen', search: 'Suchen', none: 'Keine wartende Anfrage passt', sort: 'Sortieren', newest: 'Neueste zuerst', request: /^Anfrage SPK-\d+$/, back: 'Zurück zu den Anfragen', decisions: [/^Zustimmen/, /^Ablehnen/], decisionFilter: 'Entscheidung', show: 'Anzeigen', bulkDecisions: [/^Ausgewählten zustimmen/, /^Ausgewählte ablehnen/] },
  en: { approve: /^Approve: /, approveTitle: /^Approve the request of .+\?$/, bulk: /^Approve selected \(2\)/, bulkTitle: 'Approve 2 requests?', keep: 'Cancel', search: 'Search', none: 'No waiting request matches', sort: 'Sort', newest: 'Newest first', request: /^Request SPK-\d+$/, back: 'Back to the requests', decisions: [/^Approve/, /^Decline/], decisionFilter: 'Decision', show: 'Show', bulkDecisions: [/^Approve selected/, /^Decline selected/] },
} as const;

// The employer face's requests: a table (cards below 768 px) with search, sorting and a selection;
// every decision, on one request or the selection, asks first — cancelled here, nothing is decided.
for (const size of WIDTHS) {
  for (const lang of ['de', 'en'] as const) {
    test(`lived-in employer-requests-${size.name}-${lang}`, async ({ browser }) => {
      const w = EMPLOYER_WORDS[lang];
      const host = new URL(test.info().project.use.baseURL!).hostname;
      const context = await browser.newContext({ storageState: sessions.get('hr@acme.example'), viewport: { width: size.width, height: size.height } });
      await context.addCookies([{ name: 'spoke-lang', value: lang, domain: host, path: '/' }]);
      const page = await context.newPage();
      try {
        await page.goto('/employer');
        await expect(page).not.toHaveURL(/sign-in/);
        await assertPage(page, `employer-requests-${size.name}-${lang}`, lang);
        const rows = page.getByTestId('employer-request');
        const count = await rows.count();
        expect(count, 'the lived-in demo has requests waiting for Acme').toBeGreaterThan(0);
        if (size.width >= 768) await expect(page.getByRole('columnheader').first()).toBeVisible();

        // One request: the approve button opens a question, and cancelling leaves it waiting.
        const first = rows.first();
        const approve = first.getByRole('button', { name: w.approve });
        if ((await approve.count()) > 0) {
          await approve.click();
          const ask = page.getByRole('alertdialog', { name: w.approveTitle });
          await expect(ask).toBeVisible();
          await page.screenshot({ path: test.info().outputPath(`employer-approve-${size.name}-${lang}.png`) });
          await ask.getByRole('button', { name: w.keep }).click();
          await expect(ask).toBeHidden();
          await expect(rows).toHaveCount(count);
        }

        // The selection: two rows, the decision on both asks first.
        const approvable = rows.filter({ has: page.getByRole('button', { name: w.approve }) });
        // Approve stands first, then decline: in a row, and in the selection's bar.
        await expect(approvable.first().getByRole('button')).toHaveText(w.decisions);
        await expect(page.getByTestId('bulk-bar').getByRole('button')).toHaveText(w.bulkDecisions);
        expect(await approvable.count(), 'two requests that meet the rules').toBeGreaterThanOrEqual(2);
        await approvable.nth(0).getByRole('checkbox').check();
        await approvable.nth(1).getByRole('checkbox').check();
        await page.getByRole('button', { name: w.bulk }).click();
        const bulk = page.getByRole('alertdialog', { name: w.bulkTitle });
        await expect(bulk).toBeVisible();
        const box = await bulk.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= size.width, 'the question fits the screen').toBe(true);
        await bulk.getByRole('button', { name: w.keep }).click();
        await expect(rows).toHaveCount(count);

        // Sorting and search.
        await page.getByLabel(w.sort).selectOption({ label: w.newest });
        await expect(rows).toHaveCount(count);
        await page.getByLabel(w.search).fill('zzz-nobody-zzz');
        await expect(page.getByTestId('no-match')).toContainText(w.none);
        await page.getByLabel(w.search).fill('');
        await expect(rows).toHaveCount(count);

        // The page per request (the HR mail's link), opened from the list: its decision asks first too.
        const href = await rows.first().getByRole('link').first().getAttribute('href');
        expect(href).toMatch(/^\/employer\/requests\/[0-9a-f-]{36}$/);
        await page.goto(href!);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.request);
        await expect(page.getByRole('link', { name: w.back })).toHaveAttribute('href', '/employer');
        await assertPage(page, `employer-request-${size.name}-${lang}`, lang);
        const decide = page.getByRole('button', { name: w.approve });
        if ((await decide.count()) > 0) {
          await expect(page.getByTestId('employer-request').getByRole('button')).toHaveText(w.decisions);
          await decide.click();
          const ask = page.getByRole('alertdialog', { name: w.approveTitle });
          await expect(ask).toBeVisible();
          await ask.getByRole('button', { name: w.keep }).click();
          await expect(ask).toBeHidden();
        }

        // The decided requests.
        await page.goto('/employer/history');
        await assertPage(page, `employer-history-${size.name}-${lang}`, lang);
        // At volume: a table, paged, narrowed by the decision (and by words).
        await expect(page.getByTestId('history-table')).toBeVisible();
        expect(await page.getByTestId('history-row').count()).toBeLessThanOrEqual(25);
        await page.getByLabel(w.decisionFilter, { exact: true }).selectOption('declined');
        await page.getByRole('button', { name: w.show, exact: true }).click();
        await expect(page).toHaveURL(/decision=declined/);
        await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-decision', 'declined');
        await expect(page.locator('[data-testid="history-row"]:not([data-decision="declined"])')).toHaveCount(0);
        await assertPage(page, `employer-history-declined-${size.name}-${lang}`, lang);
      } finally {
        await context.close();
      }
    });
  }
}

for (const size of WIDTHS) {
  for (const lang of ['de', 'en'] as const) {
    for (const walk of PAGES) {
      const key = `${walk.face}-${walk.env ?? (walk.face === 'portal' ? 'sandbox' : 'all')}-${walk.name}-${size.name}-${lang}`;
      test(`lived-in ${key}`, async ({ browser }) => {
        const host = new URL(test.info().project.use.baseURL!).hostname;
        const context = await browser.newContext({
          storageState: sessions.get(walk.face === 'portal' ? 'dealer@example.com' : 'operator@example.com'),
          viewport: { width: size.width, height: size.height },
        });
        await context.addCookies([
          { name: 'spoke-lang', value: lang, domain: host, path: '/' },
          ...(walk.env ? [{ name: 'spoke-env', value: walk.env, domain: host, path: '/' }] : []),
        ]);
        const page = await context.newPage();
        try {
          await page.goto(walk.path(found!));
          await expect(page).not.toHaveURL(/sign-in/);
          await assertPage(page, key, lang);
        } finally {
          await context.close();
        }
      });
    }
  }
}

test('the portal from the second loopback address: signed in there, every page opens, a change works', async ({ browser }) => {
  const announced = new URL(test.info().project.use.baseURL!);
  const host = announced.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const origin = `${announced.protocol}//${host}:${announced.port}`;
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } });
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
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).hostname, `${name}: not sent to another address`).toBe(host);
      await expect(page, `${name}: still signed in`).not.toHaveURL(/sign-in/);
      await expect(page.getByRole('heading', { level: 1 }).first(), `${name}: its heading`).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`loopback-${name}.png`), fullPage: true });
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
