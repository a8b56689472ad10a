import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { check, signIn } from './helpers';

// Acme's HR at the employer's side of running leases (docs/employer.md), German, at desktop width
// and at 390 px: the leases with personnel numbers and German amounts, the month's payroll CSV
// downloaded from the leases page, a roster import refused by line number and then applied, and a
// rule edited (recorded in the history, old → new).

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

test('Acme’s HR: leases, the payroll file, the roster import and the rules', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'hr@acme.example');

  // The leases: personnel numbers and German amounts.
  await page.goto('/employer/leases');
  const rows = page.getByTestId('lease-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId('lease-personnel-number')).toContainText(/Personalnummer: AC-\d{5}/);
  await expect(rows.first().getByTestId('lease-salaryConversion')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
  await check(page, 'employer-leases');

  // The month's payroll file as CSV: BOM, `;`, German amounts, the totals last.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV herunterladen' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^gehaltsabrechnung-acme-gmbh-\d{4}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Personalnummer;Name;E-Mail;Angebotsnummer;Vertragsbeginn;Vertragsende;Entgeltumwandlung (brutto, monatlich);Geldwerter Vorteil (monatlich);Arbeitgeberzuschuss (monatlich)');
  expect(lines.length).toBeGreaterThan(2);
  expect(lines[1]).toMatch(/^AC-\d{5};[^;]+;[^;]+@acme\.example;SPK-\d+;\d{2}\.\d{2}\.\d{4};\d{2}\.\d{2}\.\d{4};\d+,\d{2};\d+,\d{2};\d+,\d{2}$/);
  expect(lines.at(-1)).toMatch(/^Summe;;;;;;[\d.]+,\d{2};[\d.]+,\d{2};[\d.]+,\d{2}$/);

  // The roster import: a bad line refuses the file by its line number; a good one is checked, then applied.
  const tag = Date.now().toString(36);
  await page.goto('/employer/employees');
  const upload = page.getByLabel('CSV-Datei');
  await upload.setInputFiles(file('bad.csv', `email;name;personnelNumber\nneu-${tag}@acme.example;Nele Neu;N-${tag}\nkein-at-zeichen;Kaputt;\n`));
  await expect(page.getByTestId('import-refused')).toContainText('Zeile 3: „kein-at-zeichen“ ist keine gültige E-Mail-Adresse.');
  await expect(page.getByTestId('import-preview')).toHaveCount(0);
  await upload.setInputFiles(file('good.csv', `email;name;personnelNumber\nneu-${tag}@acme.example;Nele Neu;N-${tag}\n`));
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('1 Person neu');
  await expect(preview).toContainText('Niemand wird entfernt.');
  await preview.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText(/Import übernommen: 1 neu/)).toBeVisible();
  await page.getByLabel('Suchen', { exact: true }).fill(`neu-${tag}`);
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByTestId('roster-row')).toHaveCount(1);
  await expect(page.getByTestId('roster-personnel-number')).toContainText(`N-${tag}`);
  await check(page, 'employer-employees');

  // A rule edited, in the history old → new; then back to none.
  await page.goto('/employer/policy');
  const form = page.getByTestId('policy-form');
  await form.getByLabel('Niedrigster Gesamtpreis').fill('100,00');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('rules-saved')).toHaveText('Regeln gespeichert.');
  await expect(page.getByTestId('min-total')).toHaveText('Gesamtpreis mindestens 100,00\u00a0€ (brutto)');
  await check(page, 'employer-policy-edit');
  await page.goto('/employer/history?view=changes');
  await expect(page.getByTestId('employer-changes').locator('li[data-kind="rules_changed"]').first()).toContainText('Niedrigster Gesamtpreis: keine → 100,00\u00a0€');
  await expect(page.getByTestId('employer-changes').locator('li[data-kind="employee_added"]').first()).toContainText(`neu-${tag}@acme.example`);
  await page.goto('/employer/policy');
  await form.getByLabel('Niedrigster Gesamtpreis').fill('');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('min-total')).toHaveText('Kein Mindestpreis.');

  // At 390 px: every page fits without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/employer/leases', '/employer/employees', '/employer/policy', '/employer/history?view=changes']) {
    await page.goto(path);
    await noSidewaysScroll(page);
  }
  await expect(page.getByTestId('employer-changes')).toBeVisible();
  await page.goto('/employer/leases');
  await expect(page.getByTestId('lease-row').first()).toBeVisible();
  await check(page, 'employer-leases-390');
});
