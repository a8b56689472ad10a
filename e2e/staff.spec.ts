import { expect, test, type Browser, type Page } from '@playwright/test';
import { check, signIn } from './helpers';

// Dealer staff logins end to end: the operator invites a staff member (link shown once, mail in
// the development mailbox), the new user chooses a password with the link and signs in, changes
// it, forgets it (the reset link is for the user only, never shown to operators), and is signed
// out everywhere when the operator disables the login.

const DEALER = '/console/dealers/0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001';

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/portal/sign-in');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByLabel('Passwort').press('Enter');
  await expect(page).toHaveURL(/\/portal$/);
}

/** The newest link of the development mailbox mailed to `email` whose subject matches. */
async function mailedLink(operator: Page, email: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect(async () => {
    await operator.goto(`/console/mailbox?q=${encodeURIComponent(email)}`);
    const mail = operator.getByTestId('mailbox').locator('li').filter({ hasText: email }).filter({ hasText: subject }).first();
    const text = await mail.innerText({ timeout: 1000 });
    link = /https?:\/\/\S+\/portal\/password\?token=[\w-]+(&welcome=1)?/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 30_000 });
  return link;
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('invite, set the password, change it, ask for a reset (its link for the user only), and be signed out when disabled', async ({ page, browser }) => {
  const email = `nora.${Date.now()}@radhaus.example`;
  await signIn(page, 'operator@example.com');
  await page.goto(DEALER);
  const staff = page.getByTestId('staff');
  await staff.getByLabel('Name', { exact: true }).fill('Nora Neu');
  await staff.getByLabel('E-Mail', { exact: true }).fill(email);
  await staff.getByRole('button', { name: 'Einladen' }).click();
  const shown = (await page.getByTestId('invite-link').innerText()).trim();
  expect(shown).toContain('/portal/password?token=');
  await expect(staff.locator(`[data-email="${email}"]`)).toContainText('noch kein Passwort');
  await check(page, 'console-staff');

  // The mail carries the same link.
  expect(await mailedLink(page, email, /Zugang zum Spoke-Portal/)).toBe(shown);

  // The invited user opens the link and chooses a password.
  const nora = await newPage(browser);
  await nora.goto(shown);
  await expect(nora.getByText(`Willkommen, Nora Neu!`)).toBeVisible();
  await nora.getByLabel('Neues Passwort', { exact: true }).fill('nora-first-pass');
  await nora.getByLabel('Neues Passwort wiederholen').fill('nora-first-pass');
  await nora.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(nora.getByTestId('password-saved')).toBeVisible();
  // Used once: the same link no longer works.
  await nora.goto(shown);
  await expect(nora.getByText('Dieser Link gilt nicht mehr')).toBeVisible();

  await signInAs(nora, email, 'nora-first-pass');
  await nora.getByRole('link', { name: 'Mein Zugang' }).first().click();
  await expect(nora.getByRole('heading', { name: 'Mein Zugang' })).toBeVisible();
  await nora.getByLabel('Bisheriges Passwort').fill('nora-first-pass');
  await nora.getByLabel('Neues Passwort', { exact: true }).fill('nora-second-pass');
  await nora.getByLabel('Neues Passwort wiederholen').fill('nora-second-pass');
  await nora.getByRole('button', { name: 'Passwort speichern' }).click();
  // The page says it, and a toast says it again.
  await expect(nora.getByRole('status').filter({ hasText: 'Passwort geändert.' })).toBeVisible();
  await check(nora, 'portal-account');

  // Forgotten: the sign-in page's link, the same answer for any e-mail; the reset mail is kept for
  // the mailbox, but its link is for the user alone: the operators' mailbox does not show it.
  const other = await newPage(browser);
  await other.goto('/portal/sign-in');
  await other.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await other.getByLabel('E-Mail').fill(email);
  await other.getByRole('button', { name: 'Link senden' }).click();
  await expect(other.getByTestId('forgot-sent')).toBeVisible();
  await check(other, 'portal-forgot');
  await expect(async () => {
    await page.goto('/console/mailbox');
    const mail = page.getByTestId('mailbox').locator('li').filter({ hasText: email }).filter({ hasText: /Passwort zurücksetzen/ }).first();
    await expect(mail).toContainText('Link verborgen', { timeout: 1000 });
    expect(await mail.innerText()).not.toMatch(/token=/);
  }).toPass({ timeout: 30_000 });

  // The operator can send a reset mail (never a new invitation) to a user who has a password.
  await page.goto(DEALER);
  const staffRow = page.getByTestId('staff').locator(`[data-email="${email}"]`);
  await expect(staffRow.getByRole('button', { name: `Neuer Einladungslink: ${email}` })).toHaveCount(0);
  await staffRow.getByRole('button', { name: `Mail zum Zurücksetzen senden: ${email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mail zum Zurücksetzen senden' }).click();
  await expect(staffRow.getByTestId('reset-sent')).toBeVisible();
  await signInAs(other, email, 'nora-second-pass');

  // Disabled by the operator: signed out everywhere at once.
  await page.goto(DEALER);
  const row = page.getByTestId('staff').locator(`[data-email="${email}"]`);
  await row.getByRole('button', { name: `Sperren: ${email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sperren' }).click();
  await expect(row).toContainText('gesperrt seit');
  await other.reload();
  await expect(other).toHaveURL(/\/portal\/sign-in/);
  expect((await other.request.get('/v1/offers')).status()).toBe(401);
});
