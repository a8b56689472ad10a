import { expect, test } from '@playwright/test';
import { keepPicture } from './helpers';

test('the landing page says what Spoke is and links to the portal and the API docs', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lease offers for company bikes');
  await expect(page.getByRole('link', { name: /portal/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /API reference/i })).toBeVisible();
  await keepPicture(page, 'landing');
});

test('every page names its icon, and the icon is there (no 404 for a favicon in the console)', async ({ page, request }) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/portal/sign-in');
  const link = page.locator('link[rel="icon"]');
  await expect(link).toHaveCount(1);
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(missing).toEqual([]);
});

// Liveness (/api/health) is answered by `npm start`'s server process, not by the app that `next
// start` serves here: test/server-process.test.ts checks it on the real entry point.
test('readiness answers', async ({ request }) => {
  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
});

test('unknown /v1 paths and wrong methods answer JSON, never HTML', async ({ request }) => {
  const missing = await request.get('/v1/anything');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toContain('application/json');
  expect(missing.headers()['spoke-request-id']).toBeTruthy();
  expect((await missing.json()).errors[0].code).toBe('NOT_FOUND');

  const wrong = await request.delete('/v1/offers');
  expect(wrong.status()).toBe(405);
  expect(wrong.headers()['allow']).toContain('GET');
  expect((await wrong.json()).errors[0].code).toBe('METHOD_NOT_ALLOWED');

  const echoed = await request.get('/v1/offers', { headers: { 'Spoke-Request-ID': 'trace-123' } });
  expect(echoed.status()).toBe(401);
  expect(echoed.headers()['spoke-request-id']).toBe('trace-123');
});

test('a partner system gets a token, submits an offer and sees it processed', async ({ request }) => {
  const tokenRes = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials' },
    headers: { Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
  });
  expect(tokenRes.status()).toBe(200);
  const { access_token: token } = await tokenRes.json();
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post('/v1/offers', {
    headers: auth,
    data: {
      externalOfferId: `E2E-${Date.now()}`,
      customerName: 'Max Muster',
      customerEmail: 'max@example.com',
      product: { bidexCode: '102020', brandName: 'Riese & Müller', modelName: 'Charger4', priceGross: 5299, listPriceGross: 5499 },
      accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo', priceGross: 89.9 }],
    },
  });
  expect(created.status()).toBe(202);
  const { data } = await created.json();
  expect(data.status.current.code).toBe('pending');
  await expect
    .poll(async () => (await (await request.get(`/v1/offers/${data.id}`, { headers: auth })).json()).data.status.current.code, {
      timeout: 15_000,
    })
    .toBe('draft');
});
