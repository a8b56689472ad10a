import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { check, signIn } from './helpers';

// Claims in the browser: the operator finds an offer waiting for the operator's decision through
// the console's navigation, takes it ("In Bearbeitung von Ihnen", also in the queue), hands it back,
// takes it again and approves it (asked first) — the decision ends the claim, the queue goes on,
// and the closed offer offers no claim.

async function bearer(request: APIRequestContext) {
  const res = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' } });
  return (await res.json()).access_token as string;
}

async function decisionOffer(page: Page): Promise<{ id: string; offerNumber: string }> {
  const token = await bearer(page.request);
  const created = await page.request.post('/v1/offers', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      externalOfferId: `E2E-CLAIM-${Date.now().toString(36)}`,
      customerName: 'Clara Claim',
      customerEmail: 'clara@example.com',
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
      accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 99.95 }],
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const offer = (await created.json()).data as { id: string; offerNumber: string };
  await expect
    .poll(async () => (await (await page.request.get(`/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.status.current.code, { timeout: 15_000 })
    .toBe('draft');
  const origin = new URL(page.url()).origin;
  for (const action of ['start_order', 'submit_order', 'employer_approve']) {
    const res = await page.request.post(`/api/console/offers/${offer.id}/steps`, { data: { action, onBehalfReason: 'Telefonisch beauftragt' }, headers: { origin } });
    expect(res.status()).toBe(200);
  }
  return offer;
}

test('an operator takes an offer from the decision queue, the queue shows it, and the decision ends the claim', async ({ page }) => {
  await signIn(page, 'operator@example.com');
  const offer = await decisionOffer(page);

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: /Ihre Entscheidung/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Warten auf Ihre Entscheidung' })).toBeVisible();
  // The queue shows production by default; the demo client's offer is the sandbox's.
  await page.goto('/console/queues/decision?environment=sandbox');
  // The queue's live search finds it among the demo's offers.
  await page.getByLabel('Suche').fill(offer.offerNumber);
  await page.getByRole('link', { name: new RegExp(offer.offerNumber) }).click();

  // The status by its one name (as the portal and the PDF call it), the operator's perspective beneath.
  await expect(page.getByTestId('status-current').locator('[data-status="operator_decision_pending"]')).toHaveText('Wartet auf Leasinggeber');
  await expect(page.getByTestId('operator-status')).toHaveText('Sie sind dran');
  await expect(page.getByTestId('operator-hint')).toContainText('Genehmigen Sie das Angebot');
  const claim = page.getByTestId('claim');
  await expect(claim.getByTestId('claim-state')).toHaveText('Niemand bearbeitet dieses Angebot gerade.');
  await claim.getByRole('button', { name: 'Bearbeitung übernehmen' }).click();
  await expect(claim.getByTestId('claim-state')).toContainText('In Bearbeitung von Ihnen');
  await check(page, 'console-claim');

  await page.goto(`/console/queues/decision?q=${offer.offerNumber}&environment=sandbox`);
  await expect(page.locator(`tr[data-offer-number="${offer.offerNumber}"]`).getByTestId('claim')).toHaveText('In Bearbeitung von Ihnen');

  await page.getByRole('link', { name: new RegExp(offer.offerNumber) }).click();
  // Handing back is named for what it is, apart from the decisions.
  await expect(claim.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);
  await claim.getByRole('button', { name: 'Bearbeitung abgeben' }).click();
  await expect(claim.getByTestId('claim-state')).toHaveText('Niemand bearbeitet dieses Angebot gerade.');
  await claim.getByRole('button', { name: 'Bearbeitung übernehmen' }).click();
  await expect(claim.getByTestId('claim-state')).toContainText('In Bearbeitung von Ihnen');

  // The final decision asks first, naming the offer and what happens.
  await page.getByRole('button', { name: 'Leasinggeber gibt frei' }).click();
  const ask = page.getByRole('alertdialog', { name: `Angebot ${offer.offerNumber} genehmigen?` });
  await expect(ask).toContainText('Es wird abgeschlossen (endgültig)');
  await check(page, 'console-approve-ask');
  await ask.getByRole('button', { name: 'Endgültig genehmigen' }).click();
  // Opened from the queue, the decision goes on (to the queue's next offer, or the queue), and a
  // toast says what happened with a way back to the offer.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Angebot ${offer.offerNumber}: Abgeschlossen` });
  await expect(toast).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/console/offers/${offer.id}`));
  await toast.getByRole('button', { name: 'Angebot öffnen' }).click();
  await expect(page).toHaveURL(new RegExp(`/console/offers/${offer.id}$`));
  await expect(page.getByTestId('status-current').locator('[data-status="done"]')).toBeVisible();
  // A closed offer offers no claim.
  await expect(claim.getByRole('button')).toHaveCount(0);
  await expect(claim.getByTestId('claim-state')).toHaveText('Abgeschlossen: Niemand muss es mehr bearbeiten.');
});
