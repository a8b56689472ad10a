import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { check, demoSandboxOffer, signIn } from './helpers';

// After `done`, one walk: the sandbox dealer at the counter on a phone (390 px) hands the bicycle
// over with the code the sandbox shows (one wrong try first: the tries left are said at the field),
// uploads the invoice as a PDF with the amount typed the German way; the operator approves it in
// /console/invoices, runs the payout and downloads its CSV; the dealer's offer page says paid.

/** A tiny well-formed PDF (one empty page, a correct cross-reference table). */
function tinyPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The demo dealer's sandbox offer, taken to `done` by the sandbox's steps (its order issued). */
async function doneOffer(request: APIRequestContext) {
  const offer = await demoSandboxOffer(request);
  const tokenRes = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' } });
  const headers = { authorization: `Bearer ${(await tokenRes.json()).access_token as string}` };
  for (let i = 0; i < 6; i++) {
    const read = (await (await request.get(`/v1/offers/${offer.id}`, { headers })).json()).data;
    if (read.status.current.code === 'done') return read as { id: string; offerNumber: string; totalPriceGross: number; order: { pickupCode: string } };
    expect((await request.post(`/v1/sandbox/offers/${offer.id}/advance`, { headers })).status()).toBe(200);
  }
  throw new Error('the offer did not reach done');
}

const noSidewaysScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('the counter hands over and invoices at 390 px; the operator approves and pays; the dealer sees paid', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const offer = await doneOffer(request);
  const code = offer.order.pickupCode;
  const wrong = `${code.slice(0, -1)}${code.endsWith('2') ? '3' : '2'}`;
  const invoiceNumber = `RE-E2E-${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`/portal/offers/${offer.id}`);
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-status')).toHaveText('Wartet auf Übergabe');
  await expect(panel.getByTestId('sandbox-pickup-code')).toContainText(code);

  const form = panel.getByTestId('handover-form');
  const codeField = form.getByRole('textbox', { name: /Abholcode/ });
  await expect(codeField).toHaveAttribute('autocapitalize', 'characters');
  await expect(codeField).toHaveAttribute('autocomplete', 'off');
  await codeField.fill(wrong.toLowerCase());
  await form.getByRole('textbox', { name: /Rahmennummer/ }).fill('WBK-2026-04711');
  await form.getByRole('textbox', { name: /Seriennummer des Akkus/ }).fill('BO-750-8812345');
  await form.getByTestId('handover-submit').click();
  await expect(form.getByText('Der Abholcode ist falsch. Noch 4 Versuche, bevor er gesperrt wird.')).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await noSidewaysScroll(page);
  await check(page, 'order-handover-wrong-code');

  await codeField.fill(code);
  await form.getByTestId('handover-submit').click();
  await expect(panel.getByTestId('order-status')).toHaveText('Übergeben');

  const invoice = panel.getByTestId('invoice-form');
  await invoice.getByRole('textbox', { name: /Rechnungsnummer/ }).fill(invoiceNumber);
  const typed = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(offer.totalPriceGross);
  await invoice.getByRole('textbox', { name: /Bruttobetrag/ }).fill(typed);
  await invoice.getByLabel(/Rechnung als PDF/).setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await invoice.getByTestId('invoice-submit').click();
  await expect(panel.getByTestId('order-status')).toHaveText('Rechnung eingereicht');
  await expect(panel.getByTestId('order-invoice')).toContainText(invoiceNumber);
  await noSidewaysScroll(page);
  await check(page, 'order-invoiced');

  // The operator, in a browser of its own.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signIn(operator, 'operator@example.com');
  await operator.goto('/console/invoices?environment=sandbox');
  const card = operator.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await expect(card.getByTestId('invoice-checks')).not.toContainText('✗');
  await check(operator, 'console-invoices');
  await card.getByTestId('approve-invoice').click();
  await expect(card).toHaveCount(0);

  const payout = operator.getByTestId('payout-panel');
  await payout.getByRole('button', { name: 'Auszahlung starten' }).click();
  await operator.getByRole('alertdialog').getByRole('button', { name: 'Auszahlung starten' }).click();
  const result = payout.getByTestId('payout-result');
  await expect(result).toBeVisible();
  const [download] = await Promise.all([operator.waitForEvent('download'), result.getByRole('link', { name: /CSV/ }).click()]);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split(/\r\n/)[0]).toContain('Händler;Rechnungsnummer;Angebotsnummer');
  expect(csv).toContain(`;${invoiceNumber};${offer.offerNumber};`);
  expect(csv).toContain(typed);
  await operatorContext.close();

  await page.reload();
  await expect(panel.getByTestId('order-status')).toHaveText('Bezahlt');
  await expect(panel.getByTestId('order-invoice')).toContainText('SPK-PAY-');
  await noSidewaysScroll(page);
});
