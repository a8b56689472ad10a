import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoSandboxOffer, storageStateOf } from './helpers';
import { assertPage, WIDTHS } from './page-checks';

// Every page of the portal and the console at 1366 and 390 px in German, and at 390 px in English
// (e2e/page-checks.ts: no sideways scroll, no raw code, ISO timestamp or placeholder, no text cut
// off, the page's language), over the lived-in demo (lib/demo/lived-in.ts: months of dealer A's
// work — full lists, long histories, rejections with every check code, edits, long and non-Latin
// names, webhook deliveries, notifications, three employers) and a fresh sandbox offer. In German
// the faces' pages are also checked with axe-core (serious and critical violations fail): its
// rules judge structure, names, contrast and sizes, which the English words do not change.
// English is walked at the phone's width, where its words have the least room; at 1366 px German's
// longer words are the harder test of the one check bound to that width (the navigation in one
// line). One test walks one face and environment at one width in one language, in one browser
// context signed in once (e2e/sign-in.setup.ts). The walk changes nothing but one sandbox offer of
// its own, so it runs beside the other specs (the `walk` project, playwright.config.ts).

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


type Offers = Found & { sandbox: string };

type Walk = {
  name: string;
  path: (offers: Offers) => string;
  /** Checked with axe-core too (in German). */
  axe?: true;
  /** What to do on the page before it is checked (a sheet to open). */
  open?: (page: Page) => Promise<void>;
};

const GROUPS: { face: 'portal' | 'console'; env: 'sandbox' | 'production' | 'all'; pages: Walk[] }[] = [
  {
    // The portal opens on the sandbox.
    face: 'portal',
    env: 'sandbox',
    pages: [
      { name: 'home', path: () => '/portal/home', axe: true },
      { name: 'list', path: () => '/portal', axe: true },
      { name: 'list-page-3', path: () => '/portal?page=3' },
      { name: 'builder', path: () => '/portal/offers/new', axe: true },
      { name: 'copy', path: (o) => `/portal/offers/new?from=${o.sandbox}`, axe: true },
      { name: 'offer', path: (o) => `/portal/offers/${o.sandbox}`, axe: true },
      { name: 'edit', path: (o) => `/portal/offers/${o.sandbox}/edit`, axe: true },
      { name: 'webhooks', path: () => '/portal/webhooks', axe: true },
      { name: 'account', path: () => '/portal/account', axe: true },
      { name: 'notifications', path: () => '/portal/notifications', axe: true },
      { name: 'forgot-password', path: () => '/portal/forgot-password', axe: true },
      { name: 'password-link', path: () => '/portal/password?token=no-such-link', axe: true },
      { name: 'not-found', path: () => '/portal/no-such-page', axe: true },
      {
        // The list's filter sheet, open.
        name: 'list-filters',
        path: () => '/portal',
        axe: true,
        open: async (page) => {
          await page.getByRole('button', { name: /^Filters?( \(\d+\))?$/ }).click();
          await expect(page.getByTestId('offer-filters')).toBeVisible();
        },
      },
    ],
  },
  {
    face: 'portal',
    env: 'production',
    pages: [
      { name: 'home', path: () => '/portal/home' },
      { name: 'list', path: () => '/portal' },
      { name: 'list-rejected', path: () => '/portal?status=rejected' },
      { name: 'list-by-customer', path: () => '/portal?sortBy=customerName&order=desc' },
      { name: 'offer-long-history', path: (o) => `/portal/offers/${o.longHistory}` },
      { name: 'offer-rejected', path: (o) => `/portal/offers/${o.rejected}` },
      { name: 'offer-edited', path: (o) => `/portal/offers/${o.edited}` },
      { name: 'offer-long-name', path: (o) => `/portal/offers/${o.longName}` },
      { name: 'edit', path: (o) => `/portal/offers/${o.draft}/edit` },
      { name: 'copy', path: (o) => `/portal/offers/new?from=${o.longHistory}` },
      { name: 'webhooks', path: () => '/portal/webhooks' },
      { name: 'notifications', path: () => '/portal/notifications' },
    ],
  },
  {
    face: 'console',
    env: 'all',
    pages: [
      { name: 'all', path: () => '/console/rejected', axe: true },
      { name: 'decision', path: () => '/console/queues/decision', axe: true },
      { name: 'rejected', path: () => '/console/queues/rejected' },
      { name: 'employer', path: () => '/console/queues/employer' },
      { name: 'search', path: () => `/console/queues/search?q=${encodeURIComponent('Łukasiewicz')}` },
      { name: 'mailbox', path: () => '/console/mailbox', axe: true },
      { name: 'dealers', path: () => '/console/dealers', axe: true },
      // A dealer's page (credentials, evaluation, staff logins).
      { name: 'dealer-a', path: () => '/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001', axe: true },
      { name: 'employers', path: () => '/console/employers', axe: true },
      { name: 'employer-acme', path: () => '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1' },
      { name: 'employer-stadtwerke', path: () => '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e2' },
      { name: 'employer-baeckerei', path: () => '/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e3' },
      // An offer's review: statuses and checks in words, no codes beside them.
      { name: 'review-sandbox', path: (o) => `/console/offers/${o.sandbox}`, axe: true },
      { name: 'review-long-history', path: (o) => `/console/offers/${o.longHistory}` },
      { name: 'review-rejected', path: (o) => `/console/offers/${o.rejected}` },
      { name: 'review-edited', path: (o) => `/console/offers/${o.edited}` },
      { name: 'review-long-name', path: (o) => `/console/offers/${o.longName}` },
      { name: 'privacy', path: () => '/console/privacy' },
      { name: 'not-found', path: () => '/console/no-such-page', axe: true },
    ],
  },
];

let offers: Offers | undefined;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  offers = { ...(await livedInOffers(request)), sandbox: (await demoSandboxOffer(request)).id };
  await request.dispose();
});

for (const size of WIDTHS) {
  for (const lang of size.name === 'phone' ? (['de', 'en'] as const) : (['de'] as const)) {
    for (const group of GROUPS) {
      test(`${group.face} ${group.env} pages at ${size.name} width in ${lang}`, async ({ browser }) => {
        // A walk of up to 19 pages, each checked in full.
        test.slow();
        const host = new URL(test.info().project.use.baseURL!).hostname;
        const context = await browser.newContext({ storageState: storageStateOf(group.face === 'portal' ? 'dealer' : 'operator'), viewport: { width: size.width, height: size.height } });
        await context.addCookies([
          { name: 'spoke-lang', value: lang, domain: host, path: '/' },
          ...(group.env === 'production' ? [{ name: 'spoke-env', value: 'production', domain: host, path: '/' }] : []),
        ]);
        const page = await context.newPage();
        try {
          for (const walk of group.pages) {
            const key = `${group.face}-${group.env}-${walk.name}-${size.name}-${lang}`;
            await test.step(key, async () => {
              await page.goto(walk.path(offers!));
              await expect(page, `${key}: still signed in`).not.toHaveURL(/sign-in/);
              await walk.open?.(page);
              await assertPage(page, key, lang, { axe: walk.axe && lang === 'de' });
            });
          }
        } finally {
          await context.close();
        }
      });
    }
  }
}
