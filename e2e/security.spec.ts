import { expect, test, type Page } from '@playwright/test';
import { signIn, signInWithForm } from './helpers';

// Attack tests in the browser: script payloads in offer data stay inert in the portal and the
// console; security headers on pages and API answers; JSON 404s for paths no route serves.

const XSS = {
  customerName: `Eve <img src=x onerror="window.__xss=1"> Angreifer`,
  notes: `</textarea><script>window.__xss=2</script><svg onload="window.__xss=3">`,
  modelName: `"><script>window.__xss=4</script>`,
  brandName: `javascript:window.__xss=5`,
};

async function token(page: Page): Promise<string> {
  const res = await page.request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' },
  });
  return (await res.json()).access_token;
}


async function expectInert(page: Page, path: string) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('script payloads in customer name, notes and product names never run in the portal or the console', async ({ page, browser }) => {
  const auth = { Authorization: `Bearer ${await token(page)}` };
  const created = await page.request.post('/v1/offers', {
    headers: auth,
    data: {
      externalOfferId: `XSS-${Date.now()}`,
      customerName: XSS.customerName,
      customerEmail: 'eve@example.com',
      notes: XSS.notes,
      // Not leasable, so the offer is rejected and shows up in the operator's queue too.
      product: { bidexCode: '201010', brandName: XSS.brandName, modelName: XSS.modelName, priceGross: 100 },
      accessory: [{ bidexCode: '999999', brandName: XSS.brandName, modelName: XSS.modelName, priceGross: 1 }],
    },
  });
  expect(created.status()).toBe(202);
  const { data } = await created.json();
  await expect
    .poll(async () => (await (await page.request.get(`/v1/offers/${data.id}`, { headers: auth })).json()).data.status.current.code, { timeout: 15_000 })
    .toBe('rejected');

  await signIn(page, 'dealer@example.com');
  await expectInert(page, '/portal');
  await expect(page.getByText('Eve <img', { exact: false }).first()).toBeVisible();
  await expectInert(page, `/portal/offers/${data.id}`);
  await expectInert(page, `/portal/offers/${data.id}/edit`);

  const operator = await browser.newPage();
  await signIn(operator, 'operator@example.com');
  await expectInert(operator, '/console');
  await expectInert(operator, `/console/offers/${data.id}`);
  await operator.close();
});

test('security headers on pages and API answers', async ({ request }) => {
  for (const path of ['/', '/portal/sign-in', '/v1/offers', '/oauth/token', '/api/ready']) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBeTruthy();
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['x-powered-by'], path).toBeUndefined();
  }
  for (const path of ['/v1/offers', '/api/ready']) {
    const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
  }
  // Pages: a strict script policy with a fresh nonce per response.
  const nonces = new Set<string>();
  for (const path of ['/', '/portal/sign-in', '/portal/sign-in']) {
    const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).not.toContain('unsafe-eval');
    nonces.add(/'nonce-([^']+)'/.exec(csp)![1]!);
  }
  expect(nonces.size).toBe(3);
  expect((await request.get('/docs')).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Paths no route serves answer JSON in the error envelope, not an HTML page.
  for (const path of ['/v1/nothing', '/api/console/nothing', '/api/nothing/at/all']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toMatch(/^application\/json/);
    expect((await res.json()).errors[0].code, path).toBe('NOT_FOUND');
  }
});

test('session cookies are HttpOnly and SameSite', async ({ page }) => {
  // The cookie as the server sets it at sign-in.
  await signInWithForm(page, 'dealer@example.com');
  const session = (await page.context().cookies()).find((c) => c.name.includes('session-token'));
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe('Lax');
});

test('a stranger learns nothing of a record from the pages of either face: the answer for an existing id is the one for a missing id', async ({ page, request: stranger }) => {
  const auth = { Authorization: `Bearer ${await token(page)}` };
  const created = await page.request.post('/v1/offers', {
    headers: auth,
    data: { externalOfferId: `META-${Date.now()}`, customerName: 'Zofia Łukasiewicz', customerEmail: 'zofia@example.com', product: { bidexCode: '102010', brandName: 'Riese & Müller', modelName: 'Geheimmodell', priceGross: 4000 }, accessory: [] },
  });
  expect(created.status()).toBe(202);
  const offer = (await created.json()).data as { id: string; offerNumber: string };
  const missing = '00000000-0000-4000-8000-000000000000';
  const pairs: [string, string][] = [
    [`/console/offers/${offer.id}`, `/console/offers/${missing}`],
    ['/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001', `/console/dealers/${missing}`],
    ['/console/employers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1', `/console/employers/${missing}`],
    [`/portal/offers/${offer.id}`, `/portal/offers/${missing}`],
    [`/portal/offers/${offer.id}/edit`, `/portal/offers/${missing}/edit`],
  ];
  // Nonces and the requested id are the only differences a page may have.
  const normal = (text: string, id: string) => text.replaceAll(id, '{id}').replace(/nonce[-=":\\]*[A-Za-z0-9+/=]{16,}/g, 'nonce');
  for (const [known, unknown] of pairs) {
    const [a, b] = [await stranger.get(known, { maxRedirects: 0 }), await stranger.get(unknown, { maxRedirects: 0 })];
    expect(a.status(), known).toBe(b.status());
    expect(a.headers().location, known).toBe(b.headers().location);
    const [ta, tb] = [await a.text(), await b.text()];
    for (const secret of [offer.offerNumber, 'Radhaus Demo', 'Acme GmbH', 'Łukasiewicz', 'Geheimmodell']) expect(ta, `${known} names ${secret}`).not.toContain(secret);
    expect(normal(ta, known.split('/')[3]!), known).toBe(normal(tb, missing));
  }
});
