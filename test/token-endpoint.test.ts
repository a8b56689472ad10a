import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/database';
import { apiClients } from '@/db/schema';
import { DEMO, DEMO_CLIENTS } from '@/db/seed';
import { SCOPES } from '@/lib/auth/scopes';
import { GET as getJwks } from '@/app/.well-known/jwks.json/route';
import { GET as getMetadata } from '@/app/.well-known/oauth-authorization-server/route';
import { api, type ApiResponse } from './helpers/api';
import { newClient } from './helpers/auth';

// POST /oauth/token: RFC 6749 client credentials grant (§4.4), errors as §5.2, and the
// failed-authentication limits. Every request that may fail authentication comes from its own
// address (X-Forwarded-For), so the per-address limit of one test does not leak into another.

const ISSUER = 'http://spoke.test';
const AUDIENCE = 'http://spoke.test/v1';
const FORM = 'application/x-www-form-urlencoded';
/** The scopes demo-sandbox was granted (all of them, the three of docs/contract.md among them). */
const SANDBOX_SCOPES = DEMO_CLIENTS.find((c) => c.clientId === 'demo-sandbox')!.scopes.join(' ');

let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;

type TokenRequest = {
  form?: Record<string, string> | string;
  basic?: [string, string];
  contentType?: string;
  address?: string;
  headers?: Record<string, string>;
};

function basicHeader(id: string, secret: string): string {
  // RFC 6749 §2.3.1: form-urlencode each part, then Base64 "id:secret".
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

function requestToken(r: TokenRequest = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = {
    'content-type': r.contentType ?? FORM,
    'x-forwarded-for': r.address ?? freshAddress(),
    ...r.headers,
  };
  if (r.basic) headers.authorization = basicHeader(...r.basic);
  const raw = typeof r.form === 'string' ? r.form : new URLSearchParams(r.form ?? {}).toString();
  return api.post('/oauth/token', { raw, headers });
}

const grant = { grant_type: 'client_credentials' };
const sandboxForm = { ...grant, client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' };

function expectOAuthError(res: ApiResponse, status: number, error: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error).toBe(error);
  expect(typeof res.body.error_description).toBe('string');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  // Errors of the token endpoint never use the /v1 envelope or leak a token.
  expect(res.body.access_token).toBeUndefined();
  expect(res.body.errors).toBeUndefined();
}

function expectInvalidClient(res: ApiResponse) {
  expectOAuthError(res, 401, 'invalid_client');
  expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="spoke"/);
}

// The test router does not see dot-folders (app/.well-known): call those handlers directly.
async function wellKnown(path: string) {
  const handler = { '/.well-known/jwks.json': getJwks, '/.well-known/oauth-authorization-server': getMetadata }[path];
  if (!handler) throw new Error(`no well-known document ${path}`);
  const res = await handler(new Request(`${ISSUER}${path}`), { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function jwks(): Promise<JSONWebKeySet> {
  const res = await wellKnown('/.well-known/jwks.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.body as JSONWebKeySet;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /oauth/token: success', () => {
  it('issues a token to HTTP Basic authentication', async () => {
    const res = await requestToken({ form: grant, basic: ['demo-sandbox', 'demo-sandbox-secret'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: SANDBOX_SCOPES,
    });
    expect(SANDBOX_SCOPES.split(' ')).toEqual(expect.arrayContaining(['offers:read', 'offers:write', 'catalogue:read']));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('issues a token to form-field authentication (client_secret_post)', async () => {
    const res = await requestToken({ form: sandboxForm });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: SANDBOX_SCOPES });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts a charset parameter on the content type and a client_id in the form that matches Basic', async () => {
    const res = await requestToken({
      form: { ...grant, client_id: 'demo-sandbox' },
      basic: ['demo-sandbox', 'demo-sandbox-secret'],
      contentType: `${FORM}; charset=UTF-8`,
    });
    expect(res.status, res.text).toBe(200);
  });

  it('issues the scopes of a read-only client', async () => {
    const res = await requestToken({ form: grant, basic: ['demo-readonly', 'demo-readonly-secret'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.scope).toBe('offers:read catalogue:read');
  });

  it('issues a signed ES256 JWT with the documented header and claims', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await requestToken({ form: grant, basic: ['demo-sandbox', 'demo-sandbox-secret'] });
    const token = res.body.access_token as string;

    const header = decodeProtectedHeader(token);
    expect(header).toEqual({ alg: 'ES256', kid: expect.any(String), typ: 'at+jwt' });

    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: 'demo-sandbox',
      dealer_id: DEMO.dealerA.id,
      environment: 'sandbox',
      scope: SANDBOX_SCOPES,
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    // No secret or hash ever travels in a token.
    expect(JSON.stringify(claims)).not.toMatch(/secret|scrypt/);

    // The signature verifies against the published JWKS, with the algorithm pinned.
    const keys = await jwks();
    expect(keys.keys.map((k) => k.kid)).toContain(header.kid);
    for (const key of keys.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d'); // never the private part
    }
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(keys), {
      algorithms: ['ES256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    expect(payload.sub).toBe('demo-sandbox');
    expect(protectedHeader.kid).toBe(header.kid);
  });

  it('gives each token its own jti', async () => {
    const a = await requestToken({ form: sandboxForm });
    const b = await requestToken({ form: sandboxForm });
    expect(decodeJwt(a.body.access_token).jti).not.toBe(decodeJwt(b.body.access_token).jti);
  });

  it('carries the environment and dealer of a production client', async () => {
    const res = await requestToken({ form: grant, basic: ['demo-production', 'demo-production-secret'] });
    expect(res.status, res.text).toBe(200);
    expect(decodeJwt(res.body.access_token)).toMatchObject({ sub: 'demo-production', dealer_id: DEMO.dealerA.id, environment: 'production' });
    const other = await requestToken({ form: grant, basic: ['other-sandbox', 'other-sandbox-secret'] });
    expect(decodeJwt(other.body.access_token)).toMatchObject({ sub: 'other-sandbox', dealer_id: DEMO.dealerB.id, environment: 'sandbox' });
  });

  it('issues a subset of the granted scopes on request, in the token and in the answer', async () => {
    const res = await requestToken({ form: { ...sandboxForm, scope: 'catalogue:read offers:read' } });
    expect(res.status, res.text).toBe(200);
    const scopes = (res.body.scope as string).split(' ').sort();
    expect(scopes).toEqual(['catalogue:read', 'offers:read']);
    expect((decodeJwt(res.body.access_token).scope as string).split(' ').sort()).toEqual(['catalogue:read', 'offers:read']);

    const one = await requestToken({ form: { ...sandboxForm, scope: 'offers:read' } });
    expect(one.body.scope).toBe('offers:read');
    expect(decodeJwt(one.body.access_token).scope).toBe('offers:read');
  });

  it('issues a token that works on /v1, and a narrowed token is limited to its scopes', async () => {
    const full = await requestToken({ form: sandboxForm });
    const list = await api.get('/v1/offers', { token: full.body.access_token });
    expect(list.status, list.text).toBe(200);

    const narrow = await requestToken({ form: { ...sandboxForm, scope: 'catalogue:read' } });
    const denied = await api.get('/v1/offers', { token: narrow.body.access_token });
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].code).toBe('FORBIDDEN');
    const catalogue = await api.get('/v1/offers/accessory', { token: narrow.body.access_token });
    expect(catalogue.status, catalogue.text).toBe(200);
  });
});

describe('POST /oauth/token: RFC 6749 §5.2 errors', () => {
  it('invalid_request: grant_type missing', async () => {
    const { grant_type: _omit, ...rest } = sandboxForm;
    expectOAuthError(await requestToken({ form: rest }), 400, 'invalid_request');
    expectOAuthError(await requestToken({ form: {}, basic: ['demo-sandbox', 'demo-sandbox-secret'] }), 400, 'invalid_request');
  });

  it('invalid_request: a parameter repeated', async () => {
    const base = new URLSearchParams(sandboxForm).toString();
    expectOAuthError(await requestToken({ form: `${base}&grant_type=client_credentials` }), 400, 'invalid_request');
    expectOAuthError(await requestToken({ form: `${base}&scope=offers:read&scope=offers:write` }), 400, 'invalid_request');
    expectOAuthError(await requestToken({ form: `${base}&client_secret=demo-sandbox-secret` }), 400, 'invalid_request');
  });

  it('invalid_request: HTTP Basic and a form secret together', async () => {
    const res = await requestToken({
      form: { ...grant, client_secret: 'demo-sandbox-secret' },
      basic: ['demo-sandbox', 'demo-sandbox-secret'],
    });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('invalid_request: a form client_id that contradicts HTTP Basic', async () => {
    const res = await requestToken({ form: { ...grant, client_id: 'other-sandbox' }, basic: ['demo-sandbox', 'demo-sandbox-secret'] });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('invalid_request: a body that is not form-encoded', async () => {
    for (const contentType of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await api.post('/oauth/token', {
        raw: contentType === 'application/json' ? JSON.stringify(sandboxForm) : new URLSearchParams(sandboxForm).toString(),
        headers: { 'content-type': contentType, 'x-forwarded-for': freshAddress() },
      });
      expectOAuthError(res, 400, 'invalid_request');
    }
    const none = await api.post('/oauth/token', { raw: new URLSearchParams(sandboxForm).toString() });
    expectOAuthError(none, 400, 'invalid_request');
  });

  it('invalid_request: a malformed Authorization header', async () => {
    const res = await requestToken({ form: grant, headers: { authorization: 'Basic !!not-base64!!' } });
    expectOAuthError(res, 400, 'invalid_request');
    const noColon = await requestToken({ form: grant, headers: { authorization: `Basic ${Buffer.from('demo-sandbox').toString('base64')}` } });
    expectOAuthError(noColon, 400, 'invalid_request');
  });

  it('unsupported_grant_type', async () => {
    for (const grantType of ['authorization_code', 'password', 'refresh_token', 'CLIENT_CREDENTIALS']) {
      const res = await requestToken({ form: { ...sandboxForm, grant_type: grantType } });
      expectOAuthError(res, 400, 'unsupported_grant_type');
    }
  });

  it('invalid_client: no client authentication at all', async () => {
    expectInvalidClient(await requestToken({ form: grant }));
    expectInvalidClient(await requestToken({ form: { ...grant, client_id: 'demo-sandbox' } }));
  });

  it('invalid_client: unknown client, by Basic and by form', async () => {
    expectInvalidClient(await requestToken({ form: grant, basic: ['no-such-client', 'whatever'] }));
    expectInvalidClient(await requestToken({ form: { ...grant, client_id: 'no-such-client', client_secret: 'whatever' } }));
  });

  it('invalid_client: a client id with U+0000 (found by fuzzing: it reached PostgreSQL and answered 500)', async () => {
    expectInvalidClient(await requestToken({ form: { ...grant, client_id: '\u0000', client_secret: 'demo-sandbox-secret' } }));
    expectInvalidClient(await requestToken({ form: grant, basic: ['demo-\u0000sandbox', 'demo-sandbox-secret'] }));
  });

  it('invalid_client: wrong secret, by Basic and by form', async () => {
    expectInvalidClient(await requestToken({ form: grant, basic: ['demo-sandbox', 'demo-sandbox-secreT'] }));
    expectInvalidClient(await requestToken({ form: { ...sandboxForm, client_secret: '' } }));
    // Another client's secret is just a wrong secret.
    expectInvalidClient(await requestToken({ form: { ...sandboxForm, client_secret: 'other-sandbox-secret' } }));
  });

  it('invalid_client: a disabled client, even with the right secret', async () => {
    const client = await newClient(DEMO.dealerA.id);
    expect((await requestToken({ form: { ...grant, client_id: client.clientId, client_secret: client.secret } })).status).toBe(200);
    await getDb().update(apiClients).set({ disabledAt: new Date() }).where(eq(apiClients.clientId, client.clientId));
    expectInvalidClient(await requestToken({ form: grant, basic: [client.clientId, client.secret] }));
    expectInvalidClient(await requestToken({ form: { ...grant, client_id: client.clientId, client_secret: client.secret } }));
  });

  it('invalid_scope: an unknown scope', async () => {
    expectOAuthError(await requestToken({ form: { ...sandboxForm, scope: 'offers:delete' } }), 400, 'invalid_scope');
    expectOAuthError(await requestToken({ form: { ...sandboxForm, scope: 'offers:read admin' } }), 400, 'invalid_scope');
  });

  it('invalid_scope: a scope the client was not granted', async () => {
    const res = await requestToken({ form: { ...grant, scope: 'offers:read offers:write' }, basic: ['demo-readonly', 'demo-readonly-secret'] });
    expectOAuthError(res, 400, 'invalid_scope');
    expect(res.body.error_description).toContain('offers:write');
  });

  it('answers other methods with a JSON 405 and Allow', async () => {
    const res = await api.get('/oauth/token');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
    expect(res.body.errors[0].code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('POST /oauth/token: failed authentication is rate-limited', () => {
  it('refuses a client id from an address after 10 failures from it (429, Retry-After), even with the right secret, until the window passes', async () => {
    // Fake the clock (and the limiter's expiry timer) so the 15-minute window can pass in the test;
    // real time keeps running underneath so database I/O is not starved.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const client = await newClient(DEMO.dealerA.id);
    const correct = { ...grant, client_id: client.clientId, client_secret: client.secret };
    const wrong = { ...correct, client_secret: 'guess' };
    const attacker = freshAddress();

    for (let i = 0; i < 10; i++) expectInvalidClient(await requestToken({ form: wrong, address: attacker }));

    const blocked = await requestToken({ form: correct, address: attacker });
    expect(blocked.status, blocked.text).toBe(429);
    expect(blocked.body.access_token).toBeUndefined();
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // By Basic as well, and a further guess is refused without being checked.
    expect((await requestToken({ form: grant, basic: [client.clientId, client.secret], address: attacker })).status).toBe(429);
    expect((await requestToken({ form: wrong, address: attacker })).status).toBe(429);

    // The owner, from its own address, is not locked out (issue 15, point 5); other clients neither.
    expect((await requestToken({ form: correct })).status).toBe(200);
    expect((await requestToken({ form: sandboxForm })).status).toBe(200);

    // After the window the right secret works again from that address too.
    await vi.advanceTimersByTimeAsync(retryAfter * 1000 + 1000);
    const after = await requestToken({ form: correct, address: attacker });
    expect(after.status, after.text).toBe(200);
    expect(after.body.access_token).toEqual(expect.any(String));
  });

  it('failures from many addresses do not lock the owner out (anyone may know a client id)', async () => {
    const client = await newClient(DEMO.dealerA.id);
    const correct = { ...grant, client_id: client.clientId, client_secret: client.secret };
    for (let i = 0; i < 30; i++) expectInvalidClient(await requestToken({ form: { ...correct, client_secret: `guess-${i}` } }));
    const owner = await requestToken({ form: correct });
    expect(owner.status, owner.text).toBe(200);
  });

  it('nine failures still leave the client usable', async () => {
    const client = await newClient(DEMO.dealerA.id);
    const correct = { ...grant, client_id: client.clientId, client_secret: client.secret };
    for (let i = 0; i < 9; i++) expectInvalidClient(await requestToken({ form: { ...correct, client_secret: `guess-${i}` } }));
    for (let i = 0; i < 3; i++) expect((await requestToken({ form: correct })).status).toBe(200);
  });

  it('refuses an address after 50 failures, whichever client ids it tries', async () => {
    const address = freshAddress();
    for (let i = 0; i < 50; i++) {
      const res = await requestToken({ form: { ...grant, client_id: `guess-${randomBytes(4).toString('hex')}`, client_secret: 'x' }, address });
      expectInvalidClient(res);
    }
    const blocked = await requestToken({ form: sandboxForm, address });
    expect(blocked.status, blocked.text).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same client from another address is fine.
    expect((await requestToken({ form: sandboxForm })).status).toBe(200);
  });
});

describe('RFC 8414 authorization server metadata', () => {
  it('describes the token endpoint, the keys and the scopes', async () => {
    const res = await wellKnown('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      issuer: ISSUER,
      token_endpoint: `${ISSUER}/oauth/token`,
      jwks_uri: `${ISSUER}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      response_types_supported: expect.any(Array),
    });
    expect([...res.body.token_endpoint_auth_methods_supported].sort()).toEqual(['client_secret_basic', 'client_secret_post']);
    expect([...res.body.scopes_supported].sort()).toEqual([...SCOPES].sort());
    expect(res.body.scopes_supported).toEqual(expect.arrayContaining(['offers:read', 'offers:write', 'catalogue:read']));
  });

  it('names the issuer that tokens carry, and a JWKS that verifies them', async () => {
    const meta = (await wellKnown('/.well-known/oauth-authorization-server')).body;
    const token = (await requestToken({ form: sandboxForm })).body.access_token as string;
    expect(decodeJwt(token).iss).toBe(meta.issuer);
    const path = new URL(meta.jwks_uri).pathname;
    const keys = (await wellKnown(path)).body as JSONWebKeySet;
    await expect(jwtVerify(token, createLocalJWKSet(keys), { algorithms: ['ES256'], issuer: meta.issuer })).resolves.toBeTruthy();
  });
});
