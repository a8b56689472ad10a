import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The portal's offer page follows its offer while it is open: a change made elsewhere — the
// processor checking it, the dealer's ERP moving it on through the API — shows without a reload
// (components/portal/offer-live-status.tsx, Server-Sent Events from /portal/offers/{id}/events).

const statusIs = (page: Page, status: string) => page.getByTestId('status-current').locator(`[data-status="${status}"]`);

test('the offer page shows status changes made elsewhere as they happen, without a reload', async ({ page, request }) => {
  const auth = await request.post('/oauth/token', {
    headers: { Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(auth.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await auth.json()).access_token}` };

  // The dealer's ERP sends an offer; the dealer opens it in the portal (sandbox, the demo dealer's).
  const created = await request.post('/v1/offers', {
    headers,
    data: {
      externalOfferId: `ERP-LIVE-${Date.now().toString(36)}`,
      customerName: 'Jürgen Müller',
      customerEmail: 'juergen.mueller@example.com',
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
      accessory: [],
    },
  });
  expect(created.status()).toBe(202);
  const id = (await created.json()).data.id as string;

  await signIn(page);
  await page.goto(`/portal/offers/${id}`);
  await expect(page.getByTestId('status-current')).toBeVisible();
  // A marker on the window: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // Pending (or already checked, the processor is quick): it reaches draft on the open page.
  await expect(statusIs(page, 'draft')).toBeVisible({ timeout: 15_000 });

  // The ERP moves the offer on. Draft is no processing state the page would poll for: the page
  // hears of the change from the server.
  for (const to of ['order_journey_started', 'employer_decision_pending']) {
    const advanced = await request.post(`/v1/sandbox/offers/${id}/advance?to=${to}`, { headers });
    expect(advanced.status(), await advanced.text()).toBe(200);
    await expect(statusIs(page, to)).toBeVisible({ timeout: 15_000 });
  }
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
