import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

// What every browser test shares: signing in as a demo user, an offer of the demo dealer, and the
// accessibility check, and pictures of the pages checked.

/**
 * The demo users the suite signs in as. e2e/sign-in.setup.ts (the `setup` project every other
 * project depends on) signs each in once through its sign-in page and keeps the browser's state
 * in SIGNED_IN_DIR; `signIn` and `storageStateOf` reuse it.
 */
export const USERS = {
  dealer: { email: 'dealer@example.com', start: '/portal' },
  operator: { email: 'operator@example.com', start: '/console' },
  employer: { email: 'hr@acme.example', start: '/employer' },
} as const;
export type Role = keyof typeof USERS;

export const SIGNED_IN_DIR = path.join('e2e', '.auth');

/** The file with a signed-in browser state of the role (Playwright's storageState), e.g. for `test.use` or `browser.newContext`. */
export const storageStateOf = (role: Role) => path.join(SIGNED_IN_DIR, `${role}.json`);

/** The site at the loopback address the server does not announce (localhost for 127.0.0.1, and back). */
export function otherLoopback(baseURL: string): { host: string; origin: string } {
  const announced = new URL(baseURL);
  const host = announced.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return { host, origin: `${announced.protocol}//${host}:${announced.port}` };
}

const roleOf = (email: string) => (Object.keys(USERS) as Role[]).find((role) => USERS[role].email === email);

/**
 * Signs the page's browser in as a demo user and opens its start page (/portal, the console's
 * queue, /employer). The session made once by the setup project is reused; should it have ended
 * (a test signed out) or the page be on another address, the user signs in through the sign-in
 * page instead. A test about signing in itself, or one that ends its session, uses
 * `signInWithForm` — its session is its own.
 */
export async function signIn(page: Page, email: string = USERS.dealer.email) {
  const role = roleOf(email);
  const file = role && storageStateOf(role);
  if (!role || !file || !existsSync(file)) return signInWithForm(page, email);
  await page.context().addCookies((JSON.parse(readFileSync(file, 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] }).cookies);
  await page.goto(USERS[role].start);
  if (!/\/sign-in/.test(new URL(page.url()).pathname)) return;
  await signInWithForm(page, email);
  // The shared session had ended: the new one is shared from now on (on the suite's own address).
  if (new URL(page.url()).host === new URL(test.info().project.use.baseURL ?? page.url()).host) await saveSignedIn(page, role);
}

/** Signs in through the face's sign-in page (demo password) and waits until it has left it: a session of its own. */
export async function signInWithForm(page: Page, email: string = USERS.dealer.email) {
  const employer = roleOf(email) === 'employer';
  await page.goto(employer ? '/employer/sign-in' : '/portal/sign-in');
  // The form signs in through next-auth's client: wait until the page is interactive.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill('demo1234');
  await page.getByLabel('Passwort').press('Enter');
  await expect(page).not.toHaveURL(/sign-in/);
}

/** Keeps the page's signed-in state as the role's (the setup project, or `signIn` after a session ended). */
export async function saveSignedIn(page: Page, role: Role) {
  mkdirSync(SIGNED_IN_DIR, { recursive: true });
  writeFileSync(storageStateOf(role), JSON.stringify(await page.context().storageState()));
}

/** A full-page picture of a checked page among the test's artifacts, with E2E_SCREENSHOTS=true. */
export async function keepPicture(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === 'true') await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/**
 * axe-core on the page as it is now (no serious or critical violations), then its picture
 * (`keepPicture`). A page's <title> may arrive after its content (streamed metadata after a
 * client-side navigation): it is waited for, so axe judges the finished page — and a page without
 * one still fails.
 */
export async function check(page: Page, name: string) {
  await expect(page).toHaveTitle(/\S/);
  // Colours are judged once every transition that ends has ended (a toast fading in is half its
  // colour); endless ones (a spinner) are left to run.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
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
  await keepPicture(page, name);
}

/** An offer of the demo dealer's sandbox through /v1 (overrides replace top-level fields), once the processor checked it. */
export function demoSandboxOffer(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<{ id: string; offerNumber: string }> {
  return demoOffer(request, 'demo-sandbox', overrides);
}

/** An offer of the demo dealer through one of its clients (`demo-sandbox`, `demo-production`), processed. */
export async function demoOffer(request: APIRequestContext, client: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; offerNumber: string }> {
  const tokenRes = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: client, client_secret: `${client}-secret` } });
  expect(tokenRes.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await tokenRes.json()).access_token as string}` };
  const created = await request.post('/v1/offers', {
    headers,
    data: {
      externalOfferId: `E2E-WALK-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      customerName: 'Jana Müller',
      customerEmail: 'jana.mueller@example.com',
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
      accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 99.95 }],
      ...overrides,
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const offer = (await created.json()).data as { id: string; offerNumber: string };
  await expect
    .poll(async () => (await (await request.get(`/v1/offers/${offer.id}`, { headers })).json()).data.status.current.code)
    .not.toBe('pending');
  return offer;
}
