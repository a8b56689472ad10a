import { expect, request as playwrightRequest, test, type BrowserContext } from '@playwright/test';
import { otherLoopback, signInWithForm, USERS } from './helpers';

// Sign-out ends the session on the server: the cookie a browser held before signing out (copied,
// stolen, or kept by a second tab) no longer reads the API or opens the portal.

/** A second client holding a copy of the context's session cookie. */
async function copyOfSession(context: BrowserContext, baseURL: string) {
  const session = (await context.cookies()).find((c) => c.name.endsWith('next-auth.session-token'));
  expect(session, 'a session cookie').toBeTruthy();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: `${session!.name}=${session!.value}` } });
}

test('after sign-out the old session cookie gets 401 on /v1/offers and the sign-in page in the portal', async ({ page, baseURL }) => {
  await signInWithForm(page);
  const copy = await copyOfSession(page.context(), baseURL!);
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
  const { origin } = otherLoopback(baseURL!);
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInWithForm(page, USERS.operator.email);
  await expect(page).toHaveURL(new RegExp(`^${origin}/console`));
  const copy = await copyOfSession(context, origin);
  expect((await copy.get('/console/dealers', { maxRedirects: 0 })).status()).toBe(200);

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/console/sign-in`));

  const after = await copy.get('/console/dealers', { maxRedirects: 0 });
  expect([302, 303, 307, 308]).toContain(after.status());
  expect(after.headers()['location']).toContain('/console/sign-in');
  await copy.dispose();
  await context.close();
});
