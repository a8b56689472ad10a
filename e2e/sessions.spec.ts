import { expect, request as playwrightRequest, test } from '@playwright/test';
import { signInWithForm, USERS } from './helpers';

// Sign-out ends the session on the server: the cookie a browser held before signing out (copied,
// stolen, or kept by a second tab) no longer reads the API or opens the portal.

test('after sign-out the old session cookie gets 401 on /v1/offers and the sign-in page in the portal', async ({ page, baseURL }) => {
  await signInWithForm(page);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith('next-auth.session-token'));
  expect(session, 'the portal sets a session cookie').toBeTruthy();
  const header = `${session!.name}=${session!.value}`;

  const copy = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: header } });
  expect((await copy.get('/v1/offers')).status()).toBe(200);

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/portal\/sign-in/);

  const refused = await copy.get('/v1/offers');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).errors[0].code).toBe('UNAUTHORIZED');

  const portal = await copy.get('/portal', { maxRedirects: 0 });
  expect([302, 303, 307, 308]).toContain(portal.status());
  expect(portal.headers()['location']).toContain('/portal/sign-in');
  await copy.dispose();
});

test('the console signs out to its own sign-in page at the address it was opened at, and the old cookie opens nothing', async ({ browser, baseURL }) => {
  // Opened at the other loopback address than the one the server announces (NEXTAUTH_URL).
  const announced = new URL(baseURL!);
  const origin = `${announced.protocol}//${announced.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${announced.port}`;
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInWithForm(page, USERS.operator.email);
  await expect(page).toHaveURL(new RegExp(`^${origin}/console`));
  const session = (await context.cookies()).find((c) => c.name.endsWith('next-auth.session-token'));
  const copy = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { cookie: `${session!.name}=${session!.value}` } });
  expect((await copy.get('/console/dealers', { maxRedirects: 0 })).status()).toBe(200);

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/console/sign-in`));

  const after = await copy.get('/console/dealers', { maxRedirects: 0 });
  expect([302, 303, 307, 308]).toContain(after.status());
  expect(after.headers()['location']).toContain('/console/sign-in');
  await copy.dispose();
  await context.close();
});
