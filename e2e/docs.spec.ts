import { expect, test } from '@playwright/test';
import { keepPicture } from './helpers';

// The API reference works without internet: every request to another host is blocked, and /docs
// still lists every operation, under the strict nonce policy of every page, and a sandbox call
// made from it ("try it") reaches this server.

// An integrator's browser in English (the suite's default browser is a German dealer's).
test.use({ locale: 'en-US' });

test('/docs lists the operations with every non-local request blocked, under the nonce policy, and tries a call', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreign.push(url);
    return route.abort('internetdisconnected');
  });
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });

  // The server's first answers of a route are slower (a fresh process); "opening" is what a reader does later.
  for (const path of ['/docs', '/docs/assets/swagger-ui-bundle.js', '/v1/openapi.json']) expect((await page.request.get(path)).ok()).toBe(true);
  const started = Date.now();
  const res = await page.goto('/docs', { waitUntil: 'commit' });
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toContain('unsafe-eval');

  // Every operation of the document is listed (the 5-second target is a measurement on an idle
  // machine, docs/decisions.md; tests wait for conditions, never for a time).
  const doc = await (await page.request.get('/v1/openapi.json')).json();
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  // The operations of the paths and of the webhooks section: each is one block of the reference.
  const items = [...Object.values(doc.paths ?? {}), ...Object.values(doc.webhooks ?? {})] as Record<string, { operationId: string }>[];
  const operationIds = items.flatMap((item) =>
    Object.entries(item).filter(([method]) => methods.includes(method)).map(([, op]) => op.operationId),
  );
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 30_000 });
  test.info().annotations.push({ type: 'listed after', description: `${Date.now() - started} ms` });
  await expect(page.locator('.opblock')).toHaveCount(operationIds.length);
  await expect(page.getByText('/v1/offers/{id}/history', { exact: true })).toBeVisible();

  // "Try it": a public call from the reference reaches this server.
  const ops = page.locator('.opblock').filter({ hasText: '/v1/openapi.json' });
  await ops.first().locator('.opblock-summary').click();
  const answer = page.waitForResponse((r) => r.url() === `${origin}/v1/openapi.json` && r.request().method() === 'GET');
  await ops.first().getByRole('button', { name: 'Execute' }).click();
  expect((await answer).status()).toBe(200);

  // The sandbox client is prefilled in the authorize dialog.
  await page.getByRole('button', { name: /Authorize/ }).first().click();
  await expect(page.locator('.auth-container input[id^="client_id"]').first()).toHaveValue('demo-sandbox');

  expect(foreign).toEqual([]);
  expect(violations).toEqual([]);
  await keepPicture(page, 'docs');
});

test('/docs/errors: every code with cause and fix, offline, in German and English; an error’s docs link opens its entry', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
    foreign.push(url);
    return route.abort('internetdisconnected');
  });
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });

  // A real error answer: a malformed offer id, without a token first (401), then with one (400).
  const token = await (
    await page.request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' } })
  ).json();
  const answer = await page.request.get('/v1/offers/not-a-uuid', { headers: { Authorization: `Bearer ${token.access_token}` } });
  expect(answer.status()).toBe(400);
  const error = (await answer.json()).errors[0];
  const link = new URL(error.docs);
  expect(link.pathname + link.hash).toBe(`/docs/errors#${error.code}`);

  await page.setViewportSize({ width: 390, height: 844 });
  const res = await page.goto(link.pathname + link.hash);
  expect(res!.headers()['content-security-policy'] ?? '').toMatch(/script-src 'self' 'nonce-/);
  const entry = page.locator(`section[id="${error.code}"]`);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Cause');
  await expect(entry).toContainText('Fix');
  await expect(entry).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Every code of the error envelope's enum has its entry.
  const doc = await (await page.request.get('/v1/openapi.json')).json();
  // In answers ErrorCode is an open enum: the known codes are the enum among its alternatives.
  const errorCode = doc.components.schemas.ErrorCode as { enum?: string[]; anyOf?: { enum?: string[] }[] };
  const codes = errorCode.enum ?? errorCode.anyOf?.find((alternative) => alternative.enum)?.enum ?? [];
  expect(codes).toContain('OFFER_NOT_MODIFIABLE');
  for (const code of codes) await expect(page.locator(`section[id="${code}"]`)).toHaveCount(1);

  // German by ?lang and by Accept-Language.
  await page.goto('/docs/errors?lang=de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehlerreferenz');
  await expect(page.locator('section[id="OFFER_NOT_MODIFIABLE"]')).toContainText('Abhilfe');
  // The browser sends its own Accept-Language; a plain request says which language it prefers.
  const german = await page.request.get('/docs/errors', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
  expect(await german.text()).toContain('Fehlerreferenz');

  expect(foreign).toEqual([]);
  expect(violations).toEqual([]);
});
