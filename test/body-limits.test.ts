import { beforeAll, describe, expect, it } from 'vitest';
import { api, routeFetch } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';
import { hugeBody } from './helpers/bodies';

// Issue 15, points 1 and 4: bodies are bounded in size (from Content-Length and while streaming)
// on every route that reads one — the token endpoint and next-auth's sign-in included — and in
// nesting depth; the refusal is a 400 in the route's error format, never a 500, and a huge body is
// not read beyond the limit.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

function post(path: string, body: BodyInit, headers: Record<string, string>) {
  return routeFetch(new Request(`http://spoke.test${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit));
}

const HUNDRED_MB = 100 * 1024 * 1024;

describe('size: a 100 MB body is refused after at most one chunk past the limit', () => {
  it('POST /oauth/token: 400 invalid_request (RFC 6749)', async () => {
    const body = hugeBody(HUNDRED_MB);
    const res = await post('/oauth/token', body.stream, { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.41' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect(body.pulled()).toBeLessThanOrEqual(8 * 1024 + 2 * 64 * 1024);
  });

  it('POST /api/auth/callback/credentials: 400 INVALID_REQUEST in the error envelope', async () => {
    const body = hugeBody(HUNDRED_MB);
    const res = await post('/api/auth/callback/credentials', body.stream, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ code: 'INVALID_REQUEST', message: 'The body is larger than 8 KiB.' }] });
    expect(body.pulled()).toBeLessThanOrEqual(8 * 1024 + 2 * 64 * 1024);
  });

  it('POST /api/auth/callback/credentials: malformed JSON is 400 in the envelope, not an empty 500', async () => {
    const res = await post('/api/auth/callback/credentials', '{"email":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ code: 'INVALID_REQUEST' }] });
  });

  it('every JSON route of /v1: 400 INVALID_REQUEST', async () => {
    const offer = await createOffer(dealer.token);
    for (const [method, path] of [
      ['POST', '/v1/offers'],
      ['POST', '/v1/offers/validate'],
      ['PUT', `/v1/offers/${offer.id}`],
      ['POST', '/v1/webhooks'],
    ] as const) {
      const body = hugeBody(HUNDRED_MB);
      const res = await routeFetch(
        new Request(`http://spoke.test${path}`, {
          method,
          headers: { authorization: `Bearer ${dealer.token}`, 'content-type': 'application/json', 'idempotency-key': `size-${Math.random()}` },
          body: body.stream,
          duplex: 'half',
        } as RequestInit),
      );
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('INVALID_REQUEST');
      expect(body.pulled()).toBeLessThanOrEqual(256 * 1024 + 2 * 64 * 1024);
    }
  });
});

describe('nesting: a body nested thousands of levels deep', () => {
  const deep = (levels: number) => {
    let v: unknown = 'x';
    for (let i = 0; i < levels; i++) v = { n: v };
    return v;
  };

  it('with an Idempotency-Key on create, and on every other JSON route: 400 INVALID_REQUEST, not a stack overflow', async () => {
    const offer = await createOffer(dealer.token);
    // Written as text: JSON.stringify itself recurses.
    const deepText = `${'{"n":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const raw = `${JSON.stringify(offerBody()).slice(0, -1)},"unknownField":${deepText}}`;
    const calls = [
      () => api.post('/v1/offers', { token: dealer.token, raw, headers: { 'content-type': 'application/json', 'idempotency-key': `deep-${Math.random()}` } }),
      () => api.post('/v1/offers', { token: dealer.token, raw, headers: { 'content-type': 'application/json' } }),
      () => api.post('/v1/offers/validate', { token: dealer.token, raw, headers: { 'content-type': 'application/json' } }),
      () => api.put(`/v1/offers/${offer.id}`, { token: dealer.token, raw, headers: { 'content-type': 'application/json' } }),
      () => api.post('/v1/webhooks', { token: dealer.token, raw: `{"url":"https://example.com/hook","x":${deepText}}`, headers: { 'content-type': 'application/json' } }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_REQUEST', message: 'The body nests deeper than 32 levels.' });
    }
  });

  it('a body at the depth limit is read (unknown fields are ignored)', async () => {
    const res = await api.post('/v1/offers/validate', { token: dealer.token, body: offerBody({ unknownField: deep(30) }) });
    expect(res.status, res.text).toBe(200);
  });
});
