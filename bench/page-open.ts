import { chromium, type Browser, type BrowserContext } from '@playwright/test';

// How long the dealer portal's offer list takes to open in a real browser (Debian's Chromium,
// headless), signed in as the demo dealer: from the start of the navigation until the table
// shows its first row of offers (the page, its JavaScript, the session check and the
// GET /v1/offers the list makes). Used by `npm run bench`; alone:
//   npx tsx bench/page-open.ts http://127.0.0.1:3210 [visits]
// against a running server whose database holds the demo dealer's offers.

export type PageOpenView = {
  name: string;
  path: string;
  /** First visit: a new browser context (empty HTTP cache) that only holds the session cookie. */
  firstVisitMs: number[];
  /** Repeat visit: the same context navigates to the page again (JavaScript cached, as at the counter all day). */
  repeatVisitMs: number[];
  totalCount: number;
};

export type PageOpenResult = { views: PageOpenView[]; dealer: string; visits: number };

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const PAGE_OPEN_VIEWS = [
  { name: 'offer list (defaults)', path: '/portal' },
  { name: 'offer list (filters + search + sort)', path: '/portal?status=!canceled,!rejected&search=kalkhoff&sortBy=productName&order=asc' },
] as const;

async function signIn(browser: Browser, baseUrl: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/portal/sign-in');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByLabel('Passwort').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/portal/sign-in'), { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Navigates to `path` and answers the milliseconds until the list's first offer row is visible. */
async function openOnce(context: BrowserContext, path: string): Promise<{ ms: number; totalCount: number }> {
  const page = await context.newPage();
  let totalCount = NaN;
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname === '/v1/offers' && res.ok()) {
      totalCount = ((await res.json().catch(() => ({}))) as { meta?: { totalCount?: number } }).meta?.totalCount ?? NaN;
    }
  });
  const started = performance.now();
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('table tbody tr a[href^="/portal/offers/"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = performance.now() - started;
  await page.close();
  return { ms, totalCount };
}

export async function measurePageOpen(
  baseUrl: string,
  options: { visits?: number; email?: string; password?: string } = {},
): Promise<PageOpenResult> {
  const visits = options.visits ?? 10;
  const email = options.email ?? 'dealer@example.com';
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const storageState = await signIn(browser, baseUrl, email, options.password ?? 'demo1234');
    const views: PageOpenView[] = [];
    for (const view of PAGE_OPEN_VIEWS) {
      const firstVisitMs: number[] = [];
      const repeatVisitMs: number[] = [];
      let totalCount = NaN;
      // One unmeasured visit first: the server's own first compile of the route and the first
      // count of a big list are not what a dealer sees all day.
      const warm = await browser.newContext({ baseURL: baseUrl, storageState });
      await openOnce(warm, view.path);
      await warm.close();
      for (let i = 0; i < visits; i++) {
        const context = await browser.newContext({ baseURL: baseUrl, storageState });
        const first = await openOnce(context, view.path);
        firstVisitMs.push(first.ms);
        totalCount = first.totalCount;
        repeatVisitMs.push((await openOnce(context, view.path)).ms);
        await context.close();
      }
      views.push({ ...view, firstVisitMs, repeatVisitMs, totalCount });
    }
    return { views, dealer: email, visits };
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3210';
  measurePageOpen(baseUrl, { visits: Number(process.argv[3] ?? 10) })
    .then((r) => {
      for (const v of r.views) {
        const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
        const med = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? NaN;
        console.log(
          `${v.name} (${v.totalCount} offers): first visit median ${med(v.firstVisitMs).toFixed(0)} ms, max ${Math.max(...v.firstVisitMs).toFixed(0)} ms; repeat median ${med(v.repeatVisitMs).toFixed(0)} ms, max ${Math.max(...v.repeatVisitMs).toFixed(0)} ms`,
        );
      }
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
