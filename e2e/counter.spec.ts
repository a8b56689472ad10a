import { expect, test, type APIRequestContext } from '@playwright/test';
import { check, demoSandboxOffer, signIn } from './helpers';

// The builder at the shop counter: prices typed the German way, and an edit that changes only
// what the dealer changed.

const run = Date.now().toString(36);

async function sandboxHeaders(request: APIRequestContext) {
  const res = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token as string}` };
}

async function readOffer(request: APIRequestContext, headers: Record<string, string>, id: string) {
  const res = await request.get(`/v1/offers/${id}`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Record<string, unknown> & { status: { current: { code: string } }; updatedAt: string };
}

test('German prices: 5.000 is five thousand euros, rewritten 5.000,00; what cannot be read is said and not totalled', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/portal/offers/new');
  await page.getByRole('textbox', { name: 'Eigene Angebotsnummer' }).fill(`E2E-${run}-de`);
  await page.getByRole('textbox', { name: 'Name des Kunden' }).fill('Zoë Łukasiewicz');
  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('zoe@example.com');
  const bike = page.getByRole('combobox', { name: 'Fahrradkategorie', exact: true });
  await bike.fill('E-Trekking');
  await page.getByRole('option', { name: /E-Trekkingrad/ }).click();
  await page.getByRole('textbox', { name: 'Marke', exact: true }).fill('Riese & Müller');
  await page.getByRole('textbox', { name: 'Modell', exact: true }).fill('Charger4');

  const price = page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true });
  const list = page.getByRole('textbox', { name: 'Listenpreis brutto (€)', exact: true });
  await price.fill('5.000');
  await list.fill('5.299,5');
  await list.blur();
  await expect(price).toHaveValue('5.000,00');
  await expect(list).toHaveValue('5.299,50');
  await expect(page.getByTestId('live-total')).toHaveText('5.000,00 €');

  // "5.00" is no German amount: the field says how to write it, and there is no total.
  await page.getByRole('textbox', { name: 'Montagekosten brutto (€)' }).fill('5.00');
  await page.getByRole('textbox', { name: 'Montagekosten brutto (€)' }).blur();
  await expect(page.locator('#f-installationCostGross-msg')).toContainText('das Komma die Cent: 5.000,00');
  await expect(page.getByRole('textbox', { name: 'Montagekosten brutto (€)' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('live-total')).toHaveText('—');
  await check(page, 'builder-amount-unreadable');
  await page.getByRole('textbox', { name: 'Montagekosten brutto (€)' }).fill('49,9');
  await page.getByRole('textbox', { name: 'Montagekosten brutto (€)' }).blur();
  await expect(page.getByRole('textbox', { name: 'Montagekosten brutto (€)' })).toHaveValue('49,90');
  await expect(page.getByTestId('live-total')).toHaveText('5.049,90 €');

  await page.getByRole('button', { name: 'Angebot einreichen' }).click();
  await expect(page).toHaveURL(/\/portal\/offers\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const offer = await readOffer(request, await sandboxHeaders(request), id);
  expect(offer).toMatchObject({ product: { priceGross: 5000, listPriceGross: 5299.5 }, installationCostGross: 49.9, totalPriceGross: 5049.9 });
  await expect(page.getByTestId('offer-total')).toHaveText('5.049,90 €');
});

test('an edit changes nothing the dealer did not touch; a save without a change changes nothing', async ({ page, request }) => {
  const headers = await sandboxHeaders(request);
  const { id } = await demoSandboxOffer(request, {
    externalOfferId: `E2E-${run}-edit`,
    product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', modelYear: '2025/26', priceGross: 3499.9, listPriceGross: 3699 },
    withShipping: true,
    shippingCostGross: 19.9,
    deliveryDate: '2030-12-20T09:00:00.000Z',
    notes: 'Rahmenhöhe 54 cm',
  });
  const before = await readOffer(request, headers, id);
  expect(before.status.current.code).toBe('draft');
  const history = async () => ((await (await request.get(`/v1/offers/${id}/history?perPage=100`, { headers })).json()).data as unknown[]).length;
  const entries = await history();

  await signIn(page);
  await page.goto(`/portal/offers/${id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true })).toHaveValue('3.499,90');
  await page.getByRole('button', { name: 'Änderungen einreichen' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/offers/${id}$`));
  expect(await readOffer(request, headers, id)).toEqual(before);
  expect(await history()).toBe(entries);

  // Only the price changes: the delivery date keeps its time, every other field its value.
  await page.goto(`/portal/offers/${id}/edit`);
  await page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true }).fill('3.399,90');
  await page.getByRole('button', { name: 'Änderungen einreichen' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/offers/${id}$`));
  await expect.poll(async () => (await readOffer(request, headers, id)).status.current.code).toBe('draft');
  const after = await readOffer(request, headers, id);
  const data = (o: Record<string, unknown>) => {
    const { status: _s, updatedAt: _u, statusChangedAt: _c, totalPriceGross: _t, product, ...rest } = o;
    return { ...rest, product: { ...(product as object), priceGross: undefined } };
  };
  expect(after.deliveryDate).toBe('2030-12-20T09:00:00.000Z');
  expect((after.product as { priceGross: number }).priceGross).toBe(3399.9);
  expect(data(after)).toEqual(data(before));
});

test('the builder on a phone: total and submit stay in reach, 16 px inputs, the delivery day sent as a day', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/portal/offers/new');
  const footer = page.getByTestId('builder-footer');
  const submit = footer.getByRole('button', { name: 'Angebot einreichen' });
  // At the top of the form, the footer already holds the total and the submit button, at the screen's foot.
  await expect(submit).toBeInViewport();
  await expect(footer.getByTestId('live-total')).toBeInViewport();
  const box = (await footer.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844 + 1);
  expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const name = page.getByRole('textbox', { name: 'Name des Kunden' });
  expect(await name.evaluate((e) => getComputedStyle(e).fontSize)).toBe('16px');
  expect((await name.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await page.getByRole('textbox', { name: 'Eigene Angebotsnummer' }).fill(`E2E-${run}-phone`);
  await name.fill('Nguyễn Thị Mai');
  await page.getByRole('textbox', { name: 'E-Mail des Kunden' }).fill('mai@example.com');
  await page.getByRole('combobox', { name: 'Fahrradkategorie', exact: true }).fill('E-Trekking');
  await page.getByRole('option', { name: /E-Trekkingrad/ }).click();
  await page.getByRole('textbox', { name: 'Marke', exact: true }).fill('Kalkhoff');
  await page.getByRole('textbox', { name: 'Modell', exact: true }).fill('Endeavour');
  await page.getByRole('textbox', { name: 'Preis brutto (€)', exact: true }).fill('3.999');
  await page.getByRole('button', { name: 'Liefertermin', exact: true }).click();
  await expect(page.getByRole('grid').locator(':focus')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid')).toBeHidden();
  await expect(footer.getByTestId('live-total')).toHaveText('3.999,00 €');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await check(page, 'builder-phone');

  const [sent] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/offers'), submit.click()]);
  // The picked day as a day (the API reads it as that day in Europe/Berlin), never UTC midnight.
  const day: string = sent.postDataJSON().deliveryDate;
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page).toHaveURL(/\/portal\/offers\/[0-9a-f-]{36}$/);
  const offer = await readOffer(request, await sandboxHeaders(request), page.url().split('/').pop()!);
  const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(offer.deliveryDate as string));
  expect(berlinDay).toBe(day);
  const [y, m, d] = day.split('-');
  await expect(page.getByText(`${d}.${m}.${y}`, { exact: true })).toBeVisible();
});
