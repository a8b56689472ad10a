import { expect, test } from '@playwright/test';
import { check, signIn } from './helpers';

// Copying an offer: the offer page's "Kopieren" opens the builder with the same bicycle,
// accessories, shipping and installation, and an empty customer and offer number of the dealer.

const run = Date.now().toString(36);

test('a dealer copies an offer into a new one for another customer', async ({ page }) => {
  const tokenRes = await page.request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' },
  });
  const auth = { Authorization: `Bearer ${(await tokenRes.json()).access_token}` };
  const created = await page.request.post('/v1/offers', {
    headers: auth,
    data: {
      externalOfferId: `COPY-${run}`,
      customerName: 'Erika Mustermann',
      customerEmail: 'erika.copy@example.com',
      product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: 3499, listPriceGross: 3699 },
      accessory: [
        { bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 89.9 },
        { bidexCode: '201310', brandName: 'Racktime', priceGross: 49.9 },
      ],
      withShipping: true,
      shippingCostGross: 29.9,
      installationCostGross: 15,
    },
  });
  expect(created.status()).toBe(202);
  const { data } = await created.json();

  await signIn(page);
  await page.goto(`/portal/offers/${data.id}`);
  await expect(page.getByTestId('status-current').locator('[data-status="draft"]')).toBeVisible({ timeout: 15_000 });
  // One next step: the customer is registered with no employer, so nobody says they can order now.
  await expect(page.getByTestId('offer-next-step')).toHaveAttribute('data-kind', 'noEmployer');
  await expect(page.getByTestId('offer-next-step')).not.toContainText('kann jetzt bestellen');

  await page.getByRole('link', { name: 'Kopieren' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/offers/new\\?from=${data.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Angebot' })).toBeVisible();
  await expect(page.getByTestId('copied-from')).toContainText(data.offerNumber);

  // The same bicycle, accessories, shipping and installation …
  await expect(page.getByRole('combobox', { name: 'Fahrradkategorie', exact: true })).toHaveValue('E-Trekkingrad (102020)');
  await expect(page.getByRole('textbox', { name: 'Marke', exact: true })).toHaveValue('Cube');
  await expect(page.getByRole('textbox', { name: 'Modell', exact: true })).toHaveValue('Kathmandu');
  await expect(page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true })).toHaveValue('3.499,00');
  await expect(page.getByRole('textbox', { name: 'Listenpreis brutto (€)', exact: true })).toHaveValue('3.699,00');
  await expect(page.getByRole('combobox', { name: 'Zubehörkategorie (Zubehör 1)' })).toHaveValue(/\(201010\)$/);
  await expect(page.getByRole('textbox', { name: 'Marke (Zubehör 1)' })).toHaveValue('Abus');
  await expect(page.getByRole('combobox', { name: 'Zubehörkategorie (Zubehör 2)' })).toHaveValue(/\(201310\)$/);
  await expect(page.getByRole('textbox', { name: 'Preis brutto (€) (Zubehör 2)', exact: true })).toHaveValue('49,90');
  await expect(page.getByRole('checkbox', { name: 'Das Fahrrad wird versendet (statt im Laden abgeholt)' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Versandkosten brutto (€)' })).toHaveValue('29,90');
  await expect(page.getByRole('textbox', { name: 'Montagekosten brutto (€)' })).toHaveValue('15,00');
  await expect(page.getByTestId('live-total')).toHaveText('3.683,70 €');

  // … and no customer, no offer number of the dealer.
  await expect(page.getByRole('textbox', { name: 'Name des Kunden' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'E-Mail des Kunden' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Eigene Angebotsnummer' })).toHaveValue('');
  await check(page, 'builder-copy');

  // The copy becomes a new offer of its own once the new customer is filled in.
  await page.getByRole('textbox', { name: 'Eigene Angebotsnummer' }).fill(`COPY-${run}-2`);
  await page.getByRole('textbox', { name: 'Name des Kunden' }).fill('Max Muster');
  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('max.copy@example.com');
  await page.getByRole('button', { name: 'Angebot einreichen' }).click();
  await expect(page).toHaveURL(/\/portal\/offers\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(data.id);
  await expect(page.getByTestId('status-current').locator('[data-status="draft"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('offer-total')).toHaveText('3.683,70 €');
});
