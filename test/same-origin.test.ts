import { describe, expect, it } from 'vitest';
import { isSameOrigin, ownOrigin } from '@/lib/auth/session';
import { api } from './helpers/api';
import { consoleHeaders, demoUser } from './operator-session';

// The same-origin check of every change made with a session cookie (portal, console, account):
// without PUBLIC_URL the site is itself at whatever address it was opened at (its Host), so
// http://127.0.0.1:<port> and http://localhost:<port> both work; with PUBLIC_URL only that address.
// A refusal says in the reader's language which address to open.

/** A write as a browser sends it: to `url` (Host from it, as the server sees it) from a page of `origin`. */
function write(url: string, origin: string | null, extra: Record<string, string> = {}): Request {
  const headers: Record<string, string> = { host: new URL(url).host, ...extra };
  if (origin !== null) headers.origin = origin;
  // The app's own idea of its URL may differ from the address the browser used (npm start calls itself localhost).
  return new Request(url.replace(/\/\/[^/]+/, '//localhost:3210'), { method: 'POST', headers });
}

describe('same origin', () => {
  it('without PUBLIC_URL: the address the request came in on is the site’s own, at 127.0.0.1 as at localhost', () => {
    for (const base of ['http://127.0.0.1:3210', 'http://localhost:3210']) {
      expect(ownOrigin(write(`${base}/api/console/x`, base), null)).toBe(base);
      expect(isSameOrigin(write(`${base}/api/console/x`, base), null), base).toBe(true);
    }
    // Another site, or the other address's page, is not.
    expect(isSameOrigin(write('http://127.0.0.1:3210/api/console/x', 'http://localhost:3210'), null)).toBe(false);
    expect(isSameOrigin(write('http://127.0.0.1:3210/api/console/x', 'https://evil.example'), null)).toBe(false);
    // The scheme is the one the request arrived by (the server sets X-Forwarded-Proto).
    expect(isSameOrigin(write('http://shop.example/api/console/x', 'https://shop.example', { 'x-forwarded-proto': 'https' }), null)).toBe(true);
    expect(isSameOrigin(write('http://shop.example/api/console/x', 'http://shop.example', { 'x-forwarded-proto': 'https' }), null)).toBe(false);
    // Without Origin, the browser's Sec-Fetch-Site decides.
    expect(isSameOrigin(write('http://127.0.0.1:3210/x', null, { 'sec-fetch-site': 'same-origin' }), null)).toBe(true);
    expect(isSameOrigin(write('http://127.0.0.1:3210/x', null, { 'sec-fetch-site': 'cross-site' }), null)).toBe(false);
    expect(isSameOrigin(write('http://127.0.0.1:3210/x', 'http://127.0.0.1:3210', { 'sec-fetch-site': 'cross-site' }), null)).toBe(false);
  });

  it('with PUBLIC_URL: that address only, whatever Host the request names', () => {
    const configured = 'http://localhost:3210';
    expect(isSameOrigin(write('http://localhost:3210/api/console/x', 'http://localhost:3210'), configured)).toBe(true);
    expect(isSameOrigin(write('http://127.0.0.1:3210/api/console/x', 'http://127.0.0.1:3210'), configured)).toBe(false);
    expect(ownOrigin(write('http://127.0.0.1:3210/x', 'http://127.0.0.1:3210'), 'https://spoke.example.com/')).toBe('https://spoke.example.com');
  });

  it('a refusal names the address to open, in the reader’s language only', async () => {
    const headers = await consoleHeaders(await demoUser('operator@example.com'));
    for (const [lang, words] of [
      ['de', /^Diese Änderung wurde abgelehnt: .*Öffnen Sie http:\/\/spoke\.test\/console und versuchen Sie es dort noch einmal\.$/],
      ['en', /^This change was refused: .*Open http:\/\/spoke\.test\/console and try again there\.$/],
    ] as const) {
      const res = await api.post('/api/console/dealers', { headers: { ...headers, origin: 'http://127.0.0.1:3000', 'accept-language': lang }, body: { name: 'Nope' } });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('FORBIDDEN');
      expect(res.body.errors[0].message).toMatch(words);
      // No developer sentence beside it (the console shows `details` after the message).
      expect(res.body.errors[0].details).toBeUndefined();
    }
    const portal = await api.post('/api/account/password-reset', { headers: { origin: 'https://evil.example', 'accept-language': 'de' }, body: { email: 'x@example.com' } });
    expect(portal.status).toBe(403);
    expect(portal.body.errors[0].message).toContain('Öffnen Sie http://spoke.test/portal');
  });
});
