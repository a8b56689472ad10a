import { randomBytes } from 'node:crypto';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from '@/proxy';

// No header steers a page request past the proxy (proxy.ts): a prefetch gets the page's policy and
// an ended customer link its 404 like any other request.

const PREFETCH_HEADERS = [{ 'next-router-prefetch': '1' }, { purpose: 'prefetch' }, { 'next-router-prefetch': '1', purpose: 'prefetch', rsc: '1' }, {}];

describe('the proxy’s matcher', () => {
  it('takes every page request, prefetches included; the API and static files stay outside', () => {
    for (const headers of PREFETCH_HEADERS) {
      for (const path of ['/', '/order/abc', '/order/ended/unknown', '/portal', '/console/offers', '/employer', '/docs']) {
        expect(unstable_doesMiddlewareMatch({ config, url: path, headers }), `${path} ${JSON.stringify(headers)}`).toBe(true);
      }
      for (const path of ['/v1/offers', '/api/health', '/oauth/token', '/_next/static/x.js', '/.well-known/jwks.json']) {
        expect(unstable_doesMiddlewareMatch({ config, url: path, headers }), path).toBe(false);
      }
    }
  });

  it('answers a prefetch of an unknown customer link 404 with the page’s security headers', async () => {
    const res = await proxy(
      new NextRequest(`http://spoke.test/order/${randomBytes(32).toString('base64url')}`, {
        headers: { 'next-router-prefetch': '1', purpose: 'prefetch', 'x-forwarded-for': `198.51.100.${randomBytes(1)[0]}` },
      }),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toMatch(/nonce-/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });
});
