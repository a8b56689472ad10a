import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { check, signIn } from './helpers';

// The portal's webhooks page against the real app: a dealer registers an HTTPS endpoint served by
// this test (the server trusts its certificate, made by scripts/e2e.mjs), sees the secret once,
// and follows the deliveries of a new offer; a re-send arrives again, signed with that secret.

const run = Date.now().toString(36);

type Received = { headers: Record<string, string | string[] | undefined>; body: string; json: { id: string; type: string; data: { offerNumber: string } } };

async function startReceiver() {
  const key = process.env.E2E_WEBHOOK_TLS_KEY;
  const cert = process.env.E2E_WEBHOOK_TLS_CERT;
  if (!key || !cert) throw new Error('No receiver certificate: run the browser tests through `npm run test:e2e` (scripts/e2e.mjs makes it).');
  const received: Received[] = [];
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/spoke-hook-${run}`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The v1 values of Spoke-Signature that match HMAC-SHA256(secret, "<t>.<body>"), as docs/webhooks.md says to check. */
function signedWith(header: string | string[] | undefined, body: string, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, hex]) => {
      const given = Buffer.from(hex, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}



test('webhooks: register an endpoint, see the secret once, follow deliveries, re-send, rotate, pause, delete', async ({ page, context }) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/portal\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    // Register: a URL is needed; then the endpoint and its secret, once.
    const register = page.getByRole('button', { name: 'Endpunkt registrieren' });
    await register.click();
    await expect(page.getByText('URL des Endpunkts fehlt: Bitte eine Adresse eingeben.')).toBeVisible();
    const urlBox = page.getByRole('textbox', { name: 'URL des Endpunkts' });
    await expect(urlBox).toBeFocused();
    await urlBox.fill(receiver.url);
    await expect(page.getByRole('checkbox', { name: /offer\.created/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /offer\.status_changed/ })).toBeChecked();
    await register.click();

    const reveal = page.getByTestId('webhook-secret');
    await expect(reveal).toBeVisible();
    await expect(reveal).toContainText('Sie sehen dieses Geheimnis nur jetzt');
    const secret = await reveal.getByRole('textbox', { name: 'Geheimnis' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    await reveal.getByRole('button', { name: 'Geheimnis kopieren' }).click();
    await expect(reveal.getByText('Kopiert.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await check(page, 'webhooks-secret');
    await reveal.getByRole('button', { name: 'Ich habe es gespeichert' }).click();
    await expect(reveal).toBeHidden();

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(endpoint).toHaveCount(1);
    await expect(endpoint.getByTestId('webhook-state')).toHaveText('Aktiv');
    await expect(endpoint.getByText('Noch keine Zustellungen.')).toBeVisible();
    // Never again: not after a reload either.
    await page.reload();
    await expect(endpoint).toHaveCount(1);
    expect(await page.content()).not.toContain(secret);

    // An offer: offer.created, then offer.status_changed (pending → draft) once processed.
    const origin = new URL(page.url()).origin;
    const created = await page.request.post('/v1/offers', {
      headers: { Origin: origin },
      data: {
        externalOfferId: `HOOK-${run}`,
        customerName: 'Hook Kunde',
        customerEmail: 'hook@example.com',
        product: { bidexCode: '101020', brandName: 'Kalkhoff', modelName: 'Image', priceGross: 1899 },
        accessory: [],
      },
    });
    expect(created.status()).toBe(202);
    const offerNumber: string = (await created.json()).data.offerNumber;

    await expect.poll(() => receiver.received.map((r) => r.json.type), { timeout: 20_000 }).toEqual(['offer.created', 'offer.status_changed']);
    for (const r of receiver.received) {
      expect(r.json.data.offerNumber).toBe(offerNumber);
      expect(signedWith(r.headers['spoke-signature'], r.body, secret)).toBe(true);
    }

    // The page lists both deliveries, delivered, with the receiver's answer.
    const rows = endpoint.getByTestId('webhook-delivery');
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    await expect(endpoint.locator('[data-testid="webhook-delivery"][data-status="delivered"]')).toHaveCount(2, { timeout: 15_000 });
    await expect(rows.first()).toContainText(offerNumber);
    await expect(rows.first()).toContainText('Zugestellt');
    await expect(rows.first()).toContainText('HTTP 200');
    await check(page, 'webhooks');

    // On a phone, with deliveries: each one is a card, and nothing widens the page.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await rows.first().evaluate((r) => getComputedStyle(r).display)).toBe('grid');
    // Each line of the card names its column (drawn from data-label).
    expect(await rows.first().locator('td[data-label="Versuche"]').evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Versuche"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const resendBox = await rows.first().getByRole('button', { name: /erneut senden/ }).boundingBox();
    expect(resendBox!.height).toBeGreaterThanOrEqual(44);
    await check(page, 'webhooks-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Re-send offer.created: the same event again, signed with the same secret.
    const firstEventId = receiver.received[0]!.json.id;
    await endpoint.getByRole('button', { name: `offer.created zu ${offerNumber} erneut senden` }).click();
    await expect(endpoint.getByText('Wird beim nächsten Lauf erneut gesendet.')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    const again = receiver.received[2]!;
    expect(again.json.id).toBe(firstEventId);
    expect(again.headers['spoke-event-id']).toBe(firstEventId);
    expect(signedWith(again.headers['spoke-signature'], again.body, secret)).toBe(true);
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Wiederholung' })).toHaveAttribute('data-status', 'delivered', { timeout: 15_000 });

    // Pause and activate again.
    await endpoint.getByRole('button', { name: 'Pausieren' }).click();
    await expect(endpoint.getByTestId('webhook-state')).toHaveText('Pausiert');
    // An action that stays on the page says what happened (a toast).
    await expect(page.locator('[data-sonner-toast]', { hasText: 'Der Endpunkt ist pausiert' })).toBeVisible();
    await endpoint.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(endpoint.getByTestId('webhook-state')).toHaveText('Aktiv');

    // Rotate: a new secret, shown once; during the grace period both secrets sign.
    await endpoint.getByRole('button', { name: 'Geheimnis erneuern' }).click();
    const rotateDialog = page.getByRole('alertdialog', { name: 'Geheimnis erneuern' });
    await expect(rotateDialog).toBeVisible();
    await rotateDialog.getByRole('button', { name: 'Geheimnis erneuern' }).click();
    await expect(reveal).toBeVisible();
    await expect(reveal).toContainText('Das vorige Geheimnis signiert noch bis');
    const newSecret = await reveal.getByRole('textbox', { name: 'Geheimnis' }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await reveal.getByRole('button', { name: 'Ich habe es gespeichert' }).click();
    await endpoint.getByRole('button', { name: `offer.status_changed zu ${offerNumber} erneut senden` }).first().click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(4);
    const rotated = receiver.received[3]!;
    expect(rotated.json.type).toBe('offer.status_changed');
    expect(signedWith(rotated.headers['spoke-signature'], rotated.body, newSecret)).toBe(true);
    expect(signedWith(rotated.headers['spoke-signature'], rotated.body, secret)).toBe(true);

    // A test event: a signed ping sent at once, and the page says the receiver took it.
    await endpoint.getByRole('button', { name: 'Testereignis senden' }).click();
    await expect(endpoint.getByTestId('webhook-test-result')).toContainText('Testereignis zugestellt: HTTP 200');
    expect(receiver.received).toHaveLength(5);
    expect(receiver.received[4]!.json.type).toBe('ping');
    expect(signedWith(receiver.received[4]!.headers['spoke-signature'], receiver.received[4]!.body, newSecret)).toBe(true);

    // English labels, then back.
    await page.getByText('EN', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Registered endpoints' })).toBeVisible();
    await expect(endpoint.getByRole('columnheader', { name: 'Attempts' })).toBeVisible();
    await page.getByText('DE', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Registrierte Endpunkte' })).toBeVisible();

    // Delete, after confirming.
    await endpoint.getByRole('button', { name: 'Löschen' }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Endpunkt löschen' });
    await expect(deleteDialog).toContainText(receiver.url);
    await check(page, 'webhooks-delete-dialog');
    await deleteDialog.getByRole('button', { name: 'Behalten' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(endpoint).toHaveCount(1);
    await endpoint.getByRole('button', { name: 'Löschen' }).click();
    await deleteDialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(endpoint).toHaveCount(0);

    // Production has its own endpoints (the demo shop's, never the sandbox's): the switch keeps the page.
    await page.getByText('Produktion', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Produktion' })).toBeChecked();
    await expect(page).toHaveURL(/\/portal\/webhooks$/);
    await expect(page.getByText(new URL(receiver.url).host)).toHaveCount(0);
    await check(page, 'webhooks-production');
    await page.getByText('Sandbox', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
  } finally {
    await receiver.close();
  }
});
