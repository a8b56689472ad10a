import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// What every browser test shares: signing in as a demo user, an offer of the demo dealer, and the
// accessibility check with its screenshot.

/** Signs in through the portal's sign-in page (demo password) and waits until it has left it. */
export async function signIn(page: Page, email = 'dealer@example.com') {
  await page.goto('/portal/sign-in');
  // The form signs in through next-auth's client: wait until the page is interactive.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill('demo1234');
  await page.getByLabel('Passwort').press('Enter');
  await expect(page).not.toHaveURL(/sign-in/);
}

/**
 * axe-core on the page as it is now (no serious or critical violations), then a screenshot kept
 * as a test artifact. A page's <title> may arrive after its content (streamed metadata after a
 * client-side navigation): it is waited for, so axe judges the finished page — and a page without
 * one still fails.
 */
export async function check(page: Page, name: string) {
  await expect(page).toHaveTitle(/\S/);
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
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
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
