import { expect, test } from '@playwright/test';

// The server as `npm start` runs it (scripts/start.mjs, the suite's web server): what its own
// process answers before the app sees a request — liveness, and bodies over their path's limit
// refused from Content-Length. The stop on SIGTERM is the suite's own end (playwright.config.ts).

test('liveness is answered by the process itself, with the headers of every API answer', async ({ request }) => {
  const live = await request.get('/api/health');
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ data: { status: 'ok' }, meta: {} });
  expect(live.headers()['cache-control']).toBe('no-store');
  expect(live.headers()['spoke-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(live.headers()['x-content-type-options']).toBe('nosniff');
  const head = await request.head('/api/health');
  expect(head.status()).toBe(200);
  const refused = await request.post('/api/health', { data: {} });
  expect(refused.status()).toBe(405);
  expect(refused.headers()['allow']).toBe('GET, HEAD, OPTIONS');
  expect((await refused.json()).errors[0].code).toBe('METHOD_NOT_ALLOWED');
});

test('a body over its path’s limit is refused before it is read, in the answer of that path', async ({ request }) => {
  // /v1: 256 KiB, in the error envelope.
  const api = await request.post('/v1/offers', { headers: { 'content-type': 'application/json' }, data: `"${'a'.repeat(300 * 1024)}"` });
  expect(api.status()).toBe(400);
  const envelope = (await api.json()).errors[0];
  expect(envelope.code).toBe('INVALID_REQUEST');
  expect(envelope.translations.en).toContain('256 KiB');
  // The token endpoint: 8 KiB, in RFC 6749's form.
  const token = await request.post('/oauth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: `grant_type=client_credentials&client_id=${'x'.repeat(9 * 1024)}` });
  expect(token.status()).toBe(400);
  expect(await token.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('8 KiB') });
});
