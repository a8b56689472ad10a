import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT, UnsecuredJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getJwks } from '@/app/.well-known/jwks.json/route';
import { getDb } from '@/lib/database';
import { apiClients } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { forgetClientStatus } from '@/lib/auth/client-status';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import { keySet, rotateSigningKey } from '@/lib/auth/signing-keys';
import { api, call, type ApiResponse, type CallOptions } from './helpers/api';
import { demoToken, newClient, tokenFor } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';
import { minimalPdf } from './helpers/pdf';

// Every /v1 endpoint × every way a caller can be wrong. Each wrong caller gets the specified status
// in the error envelope, and never a byte of dealer A's offer. Forged tokens are signed with the
// real signing key (unless the case is about the key), so only the one thing a case varies makes
// them invalid: a verifier that skipped that check would let the request through and fail the test.

const ISSUER = 'http://spoke.test';
const AUDIENCE = 'http://spoke.test/v1';
const ALL_SCOPES = SCOPES.join(' ');

// ---- The endpoints ----------------------------------------------------------------------------

type Kind = 'offer' | 'list' | 'create' | 'validate' | 'catalogue' | 'sandbox' | 'webhook' | 'webhook-list' | 'webhook-create';
/** Dealer A's resources the requests aim at. */
type Ids = { offerId: string; webhookId: string; deliveryId: string };
type Endpoint = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route file's path under app/, as Next.js names it. */
  route: string;
  scope: Scope;
  kind: Kind;
  request: (ids: Ids) => { path: string; options?: CallOptions };
};

/** A complete invoice upload (multipart/form-data), as the dealer's shop system sends one. */
const INVOICE_FORM: CallOptions = (() => {
  const boundary = 'spoke-matrix-boundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const pdf = Buffer.from(minimalPdf()).toString('latin1');
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    raw:
      field('invoiceNumber', 'RE-MATRIX-1') +
      field('invoiceDate', '2026-01-02') +
      field('amountGross', '1000.00') +
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`,
  };
})();

const ENDPOINTS: Endpoint[] = [
  { name: 'list', method: 'GET', route: '/v1/offers', scope: 'offers:read', kind: 'list', request: () => ({ path: '/v1/offers', options: { query: { perPage: 100 } } }) },
  { name: 'create', method: 'POST', route: '/v1/offers', scope: 'offers:write', kind: 'create', request: () => ({ path: '/v1/offers', options: { body: offerBody() } }) },
  {
    name: 'dry-run validation',
    method: 'POST',
    route: '/v1/offers/validate',
    scope: 'offers:write',
    kind: 'validate',
    request: () => ({ path: '/v1/offers/validate', options: { body: offerBody() } }),
  },
  { name: 'get', method: 'GET', route: '/v1/offers/[id]', scope: 'offers:read', kind: 'offer', request: ({ offerId }) => ({ path: `/v1/offers/${offerId}` }) },
  {
    name: 'update',
    method: 'PUT',
    route: '/v1/offers/[id]',
    scope: 'offers:write',
    kind: 'offer',
    request: ({ offerId }) => ({ path: `/v1/offers/${offerId}`, options: { body: offerBody({ notes: 'changed by an intruder' }) } }),
  },
  {
    name: 'cancel',
    method: 'POST',
    route: '/v1/offers/[id]/cancel',
    scope: 'offers:write',
    kind: 'offer',
    request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/cancel`, options: { query: { cancelReason: 'other', contactFromEmployeeRequested: true } } }),
  },
  {
    name: 'customer correction',
    method: 'PUT',
    route: '/v1/offers/[id]/customer',
    scope: 'offers:write',
    kind: 'offer',
    request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/customer`, options: { body: { customerName: 'Intruder', customerEmail: 'intruder@example.com' } } }),
  },
  {
    name: 'customer link',
    method: 'POST',
    route: '/v1/offers/[id]/customer-link',
    scope: 'offers:write',
    kind: 'offer',
    request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/customer-link` }),
  },
  {
    name: 'handover',
    method: 'POST',
    route: '/v1/offers/[id]/handover',
    scope: 'offers:write',
    kind: 'offer',
    request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/handover`, options: { body: { pickupCode: 'ABCD-EFGH', frameNumber: 'WBK-12345' } } }),
  },
  {
    name: 'invoice',
    method: 'POST',
    route: '/v1/offers/[id]/invoice',
    scope: 'offers:write',
    kind: 'offer',
    request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/invoice`, options: INVOICE_FORM }),
  },
  { name: 'invoice document', method: 'GET', route: '/v1/offers/[id]/invoice/document', scope: 'offers:read', kind: 'offer', request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/invoice/document` }) },
  { name: 'order document', method: 'GET', route: '/v1/offers/[id]/order/document', scope: 'offers:read', kind: 'offer', request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/order/document` }) },
  { name: 'history', method: 'GET', route: '/v1/offers/[id]/history', scope: 'offers:read', kind: 'offer', request: ({ offerId }) => ({ path: `/v1/offers/${offerId}/history` }) },
  { name: 'accessory catalogue', method: 'GET', route: '/v1/offers/accessory', scope: 'catalogue:read', kind: 'catalogue', request: () => ({ path: '/v1/offers/accessory' }) },
  {
    name: 'categories',
    method: 'GET',
    route: '/v1/offers/categories',
    scope: 'catalogue:read',
    kind: 'catalogue',
    request: () => ({ path: '/v1/offers/categories', options: { query: { email: DEMO.employeeEmail, lang: 'en' } } }),
  },
  {
    name: 'sandbox advance',
    method: 'POST',
    route: '/v1/sandbox/offers/[id]/advance',
    scope: 'offers:write',
    kind: 'sandbox',
    request: ({ offerId }) => ({ path: `/v1/sandbox/offers/${offerId}/advance` }),
  },
  { name: 'webhook list', method: 'GET', route: '/v1/webhooks', scope: 'webhooks:read', kind: 'webhook-list', request: () => ({ path: '/v1/webhooks', options: { query: { perPage: 100 } } }) },
  {
    name: 'webhook register',
    method: 'POST',
    route: '/v1/webhooks',
    scope: 'webhooks:write',
    kind: 'webhook-create',
    request: () => ({ path: '/v1/webhooks', options: { body: { url: 'http://127.0.0.1:9/intruder' } } }),
  },
  { name: 'webhook get', method: 'GET', route: '/v1/webhooks/[id]', scope: 'webhooks:read', kind: 'webhook', request: ({ webhookId }) => ({ path: `/v1/webhooks/${webhookId}` }) },
  {
    name: 'webhook change',
    method: 'PATCH',
    route: '/v1/webhooks/[id]',
    scope: 'webhooks:write',
    kind: 'webhook',
    request: ({ webhookId }) => ({ path: `/v1/webhooks/${webhookId}`, options: { body: { url: 'http://127.0.0.1:9/intruder', active: false } } }),
  },
  { name: 'webhook delete', method: 'DELETE', route: '/v1/webhooks/[id]', scope: 'webhooks:write', kind: 'webhook', request: ({ webhookId }) => ({ path: `/v1/webhooks/${webhookId}` }) },
  {
    name: 'webhook secret rotation',
    method: 'POST',
    route: '/v1/webhooks/[id]/rotate-secret',
    scope: 'webhooks:write',
    kind: 'webhook',
    request: ({ webhookId }) => ({ path: `/v1/webhooks/${webhookId}/rotate-secret` }),
  },
  {
    name: 'webhook test event',
    method: 'POST',
    route: '/v1/webhooks/[id]/test',
    scope: 'webhooks:write',
    kind: 'webhook',
    request: ({ webhookId }) => ({ path: `/v1/webhooks/${webhookId}/test` }),
  },
  {
    name: 'webhook deliveries',
    method: 'GET',
    route: '/v1/webhooks/[id]/deliveries',
    scope: 'webhooks:read',
    kind: 'webhook',
    request: ({ webhookId }) => ({ path: `/v1/webhooks/${webhookId}/deliveries` }),
  },
  {
    name: 'webhook delivery',
    method: 'GET',
    route: '/v1/webhooks/[id]/deliveries/[deliveryId]',
    scope: 'webhooks:read',
    kind: 'webhook',
    request: ({ webhookId, deliveryId }) => ({ path: `/v1/webhooks/${webhookId}/deliveries/${deliveryId}` }),
  },
  {
    name: 'webhook re-send',
    method: 'POST',
    route: '/v1/webhooks/[id]/deliveries/[deliveryId]/resend',
    scope: 'webhooks:write',
    kind: 'webhook',
    request: ({ webhookId, deliveryId }) => ({ path: `/v1/webhooks/${webhookId}/deliveries/${deliveryId}/resend` }),
  },
];

// ---- Forged tokens --------------------------------------------------------------------------

/** Claims exactly like those of a real demo-sandbox token (dealer A, sandbox, all scopes). */
function validClaims(): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'demo-sandbox',
    dealer_id: DEMO.dealerA.id,
    environment: 'sandbox',
    scope: ALL_SCOPES,
    iat: now,
    nbf: now,
    exp: now + 3600,
    jti: randomUUID(),
  };
}

type Forge = { claims?: Partial<Record<keyof JWTPayload | 'dealer_id' | 'environment', unknown>>; kid?: string; key?: CryptoKey };

/** A token signed with the real active key (or `key`), with `claims` replacing the valid ones (undefined removes one). */
async function forge(options: Forge = {}): Promise<string> {
  const { signer } = await keySet();
  const payload = Object.fromEntries(
    Object.entries({ ...validClaims(), ...options.claims }).filter(([, v]) => v !== undefined),
  ) as JWTPayload;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? signer.kid, typ: 'at+jwt' })
    .sign(options.key ?? signer.key);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

// ---- The cases --------------------------------------------------------------------------------

type Fixture = {
  offer: { id: string; offerNumber: string; externalOfferId: string; customerName: string; customerEmail: string };
  /** Dealer A's webhook endpoint (sandbox) and the delivery of the offer's creation. */
  webhook: { id: string; url: string; deliveryId: string };
  disabledToken: string;
  readOnlyToken: string;
  otherDealerToken: string;
  productionToken: string;
};

type Outcome = 'unauthorized' | 'forbidden' | 'tenant';

type Case = {
  name: string;
  outcome: Outcome;
  /** The Authorization header to send (undefined: none). */
  authorization: (f: Fixture, endpoint: Endpoint) => Promise<string | undefined>;
  /** Which token the case uses, for the tenant cases. */
  tenant?: 'other dealer' | 'other environment';
};

const bearer = (token: string) => `Bearer ${token}`;

const CASES: Case[] = [
  { name: 'no token', outcome: 'unauthorized', authorization: async () => undefined },
  { name: 'malformed header: another scheme', outcome: 'unauthorized', authorization: async () => `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
  { name: 'malformed header: Bearer without a token', outcome: 'unauthorized', authorization: async () => 'Bearer' },
  { name: 'malformed header: not a JWT', outcome: 'unauthorized', authorization: async () => 'Bearer not-a-jwt' },
  { name: 'malformed header: two tokens', outcome: 'unauthorized', authorization: async () => `Bearer ${await forge()} ${await forge()}` },
  {
    name: 'expired',
    outcome: 'unauthorized',
    authorization: async () => {
      const now = Math.floor(Date.now() / 1000);
      return bearer(await forge({ claims: { iat: now - 7200, nbf: now - 7200, exp: now - 60 } }));
    },
  },
  {
    name: 'not yet valid (nbf in the future)',
    outcome: 'unauthorized',
    authorization: async () => bearer(await forge({ claims: { nbf: Math.floor(Date.now() / 1000) + 600 } })),
  },
  { name: 'no exp', outcome: 'unauthorized', authorization: async () => bearer(await forge({ claims: { exp: undefined } })) },
  { name: 'wrong issuer', outcome: 'unauthorized', authorization: async () => bearer(await forge({ claims: { iss: 'https://evil.example' } })) },
  { name: 'wrong audience', outcome: 'unauthorized', authorization: async () => bearer(await forge({ claims: { aud: ISSUER } })) },
  {
    name: 'alg none',
    outcome: 'unauthorized',
    authorization: async () => bearer(new UnsecuredJWT(validClaims()).encode()),
  },
  {
    name: 'alg none with the real kid',
    outcome: 'unauthorized',
    authorization: async () => {
      const { signer } = await keySet();
      return bearer(`${b64url({ alg: 'none', kid: signer.kid, typ: 'at+jwt' })}.${b64url(validClaims())}.`);
    },
  },
  {
    name: 'alg HS256 keyed with the public key',
    outcome: 'unauthorized',
    authorization: async () => {
      const { signer, jwks } = await keySet();
      const pub = jwks.keys.find((k) => k.kid === signer.kid)!;
      const secret = new TextEncoder().encode(JSON.stringify(pub));
      return bearer(await new SignJWT(validClaims()).setProtectedHeader({ alg: 'HS256', kid: signer.kid, typ: 'at+jwt' }).sign(secret));
    },
  },
  {
    name: 'tampered signature',
    outcome: 'unauthorized',
    authorization: async () => {
      const [h, p, s] = (await forge()).split('.') as [string, string, string];
      const sig = Buffer.from(s, 'base64url');
      sig[10] = sig[10]! ^ 0xff;
      return bearer(`${h}.${p}.${sig.toString('base64url')}`);
    },
  },
  {
    name: 'tampered payload (another dealer, the original signature)',
    outcome: 'unauthorized',
    authorization: async () => {
      const [h, , s] = (await forge({ claims: { sub: 'other-sandbox', dealer_id: DEMO.dealerB.id } })).split('.') as [string, string, string];
      return bearer(`${h}.${b64url(validClaims())}.${s}`);
    },
  },
  {
    name: 'key not in JWKS',
    outcome: 'unauthorized',
    authorization: async () => {
      const { privateKey } = await generateKeyPair('ES256');
      return bearer(await forge({ key: privateKey, kid: `unpublished-${randomBytes(4).toString('hex')}` }));
    },
  },
  {
    name: 'key not in JWKS, with the kid of the real key',
    outcome: 'unauthorized',
    authorization: async () => {
      const { privateKey } = await generateKeyPair('ES256');
      return bearer(await forge({ key: privateKey }));
    },
  },
  { name: 'unknown client (valid signature)', outcome: 'unauthorized', authorization: async () => bearer(await forge({ claims: { sub: 'ghost-client' } })) },
  {
    name: "a client's token claiming another dealer",
    outcome: 'unauthorized',
    authorization: async () => bearer(await forge({ claims: { sub: 'other-sandbox' } })),
  },
  {
    name: "a client's token claiming another environment",
    outcome: 'unauthorized',
    authorization: async () => bearer(await forge({ claims: { sub: 'demo-sandbox', environment: 'production' } })),
  },
  { name: 'disabled client', outcome: 'unauthorized', authorization: async (f) => bearer(f.disabledToken) },
  {
    name: 'missing scope',
    outcome: 'forbidden',
    // The read-only client on writes; on reads a token narrowed to the other scopes.
    authorization: async (f, e) =>
      bearer(e.scope === 'offers:write' ? f.readOnlyToken : await tokenFor('demo-sandbox', 'demo-sandbox-secret', SCOPES.filter((s) => s !== e.scope).join(' '))),
  },
  {
    name: 'forged scope claim without the scope',
    outcome: 'forbidden',
    authorization: async (_f, e) => bearer(await forge({ claims: { scope: SCOPES.filter((s) => s !== e.scope).join(' ') } })),
  },
  { name: 'other dealer', outcome: 'tenant', tenant: 'other dealer', authorization: async (f) => bearer(f.otherDealerToken) },
  { name: 'other environment', outcome: 'tenant', tenant: 'other environment', authorization: async (f) => bearer(f.productionToken) },
];

// ---- Expectations ---------------------------------------------------------------------------

type Expected = { status: number; code?: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' };

function expected(c: Case, e: Endpoint): Expected {
  if (c.outcome === 'unauthorized') return { status: 401, code: 'UNAUTHORIZED' };
  if (c.outcome === 'forbidden') return { status: 403, code: 'FORBIDDEN' };
  // Another tenant: A's offer does not exist for it (404, never 403); its own lists and creations
  // work, and the catalogue is the same for everyone.
  switch (e.kind) {
    case 'offer':
    case 'webhook':
      return { status: 404, code: 'NOT_FOUND' };
    case 'sandbox':
      // A production client may not take sandbox steps at all (403, whatever the id).
      return c.tenant === 'other environment' ? { status: 403, code: 'FORBIDDEN' } : { status: 404, code: 'NOT_FOUND' };
    case 'list':
    case 'webhook-list':
    case 'validate':
    case 'catalogue':
      return { status: 200 };
    case 'create':
      return { status: 202 };
    case 'webhook-create':
      return { status: 201 };
  }
}

function expectErrorEnvelope(res: ApiResponse, code: string) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ errors: expect.any(Array) });
  expect(res.body.errors.length).toBeGreaterThan(0);
  const [first] = res.body.errors;
  expect(first).toMatchObject({
    code,
    message: expect.any(String),
    translations: { de: expect.any(String), en: expect.any(String) },
  });
  expect(first.message).toBe(first.translations.en);
}

// ---- The matrix -------------------------------------------------------------------------------

let fixture: Fixture;
let historyBefore: unknown;
let offerBefore: unknown;
let webhookBefore: unknown;
let deliveriesBefore: unknown;

const idsOf = (f: Fixture): Ids => ({ offerId: f.offer.id, webhookId: f.webhook.id, deliveryId: f.webhook.deliveryId });
/** Every identifying value of dealer A's resources: none may appear in another caller's answer. */
const secretsOf = (f: Fixture): string[] => [...Object.values(f.offer), f.webhook.id, f.webhook.url, f.webhook.deliveryId];

beforeAll(async () => {
  const token = await demoToken();
  const probe = `probe-${randomBytes(6).toString('hex')}`;
  // Dealer A's webhook endpoint first, so that the offer's creation gives it a delivery.
  const hookUrl = `http://127.0.0.1:9/${probe}`;
  const hook = await api.post('/v1/webhooks', { token, body: { url: hookUrl, description: `hook ${probe}` } });
  expect(hook.status, hook.text).toBe(201);
  const created = await createOffer(token, {
    externalOfferId: `EXT-${probe}`,
    customerName: `Customer ${probe}`,
    customerEmail: `${probe}@dealer-a.example`,
  });
  fixture = {
    offer: {
      id: created.id,
      offerNumber: created.offerNumber,
      externalOfferId: `EXT-${probe}`,
      customerName: `Customer ${probe}`,
      customerEmail: `${probe}@dealer-a.example`,
    },
    webhook: { id: hook.body.data.id, url: hookUrl, deliveryId: '' },
    disabledToken: '',
    readOnlyToken: await tokenFor('demo-readonly', 'demo-readonly-secret'),
    otherDealerToken: await tokenFor('other-sandbox', 'other-sandbox-secret'),
    productionToken: await tokenFor('demo-production', 'demo-production-secret'),
  };
  // A client of dealer A with every scope, disabled after its token was issued.
  const doomed = await newClient(DEMO.dealerA.id);
  expect((await api.get('/v1/offers', { token: doomed.token })).status).toBe(200); // cached as active
  await getDb().update(apiClients).set({ disabledAt: new Date() }).where(eq(apiClients.clientId, doomed.clientId));
  forgetClientStatus(doomed.clientId);
  fixture.disabledToken = doomed.token;

  const deliveries = await api.get(`/v1/webhooks/${fixture.webhook.id}/deliveries`, { token });
  expect(deliveries.status, deliveries.text).toBe(200);
  expect(deliveries.body.data.length).toBeGreaterThan(0);
  fixture.webhook.deliveryId = deliveries.body.data[0].id;

  offerBefore = (await api.get(`/v1/offers/${created.id}`, { token })).body;
  webhookBefore = (await api.get(`/v1/webhooks/${fixture.webhook.id}`, { token })).body;
  deliveriesBefore = deliveries.body;
  historyBefore = (await api.get(`/v1/offers/${created.id}/history`, { token })).body;
});

afterEach(() => {
  vi.useRealTimers();
});

// Public by design: the API description a partner reads before having credentials.
const PUBLIC_ROUTES = ['/v1/openapi.json'];

describe('the matrix covers every /v1 endpoint', () => {
  const routeFiles = Object.keys(import.meta.glob('/app/v1/**/route.ts'))
    .map((f) => f.replace(/^\/app/, '').replace(/\/route\.ts$/, ''))
    .filter((r) => !r.includes('[[...') && !PUBLIC_ROUTES.includes(r));

  it('the public routes answer without a token', async () => {
    for (const route of PUBLIC_ROUTES) expect((await call('GET', route)).status, route).toBe(200);
  });

  it('has a row for every method every route file answers', async () => {
    const missing: string[] = [];
    for (const route of routeFiles) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await call(method, route.replace(/\[\w+\]/g, () => randomUUID()));
        if (res.status === 405) continue;
        // Anything but 405 is an operation: it must be in the matrix (and answer 401 without a token).
        if (!ENDPOINTS.some((e) => e.route === route && e.method === method)) missing.push(`${method} ${route}`);
        expect(res.status, `${method} ${route}`).toBe(401);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only routes that exist', () => {
    for (const e of ENDPOINTS) expect(routeFiles).toContain(e.route);
  });
});

describe('forged tokens are accepted when nothing is wrong with them (the control)', () => {
  it('a forged valid token reads the offer, so every rejection below is down to what its case varies', async () => {
    const token = await forge();
    const res = await api.get(`/v1/offers/${fixture.offer.id}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.id).toBe(fixture.offer.id);
    const list = await api.get('/v1/offers', { token, query: { perPage: 100 } });
    expect(list.body.data.map((o: { id: string }) => o.id)).toContain(fixture.offer.id);
  });

  it('the tenant tokens are for dealer B and for dealer A in production', () => {
    expect(decodeJwt(fixture.otherDealerToken)).toMatchObject({ dealer_id: DEMO.dealerB.id, environment: 'sandbox' });
    expect(decodeJwt(fixture.productionToken)).toMatchObject({ dealer_id: DEMO.dealerA.id, environment: 'production' });
  });
});

describe.each(ENDPOINTS)('$method $route ($name)', (endpoint) => {
  it.each(CASES)('$name', async (c) => {
    const { path, options } = endpoint.request(idsOf(fixture));
    const headers: Record<string, string> = { ...options?.headers };
    const authorization = await c.authorization(fixture, endpoint);
    if (authorization !== undefined) headers.authorization = authorization;
    const res = await call(endpoint.method, path, { ...options, headers });
    const want = expected(c, endpoint);

    expect(res.status, res.text).toBe(want.status);
    if (want.code) expectErrorEnvelope(res, want.code);
    if (want.status === 401) {
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(/^Bearer realm="spoke"/);
      if (c.name === 'no token') expect(challenge).not.toContain('error=');
      else expect(challenge).toContain('error="invalid_token"');
    }
    if ((endpoint.kind === 'list' || endpoint.kind === 'webhook-list') && want.status === 200) {
      const ids = res.body.data.map((o: { id: string }) => o.id);
      expect(ids).not.toContain(fixture.offer.id);
      expect(ids).not.toContain(fixture.webhook.id);
    }

    // Not one identifying value of dealer A's resources, whatever the answer.
    for (const value of secretsOf(fixture)) expect(res.text).not.toContain(value);
  });
});

describe("after the matrix, dealer A's offer and webhook are untouched", () => {
  it('has the same data and history as before', async () => {
    const token = await demoToken();
    expect((await api.get(`/v1/webhooks/${fixture.webhook.id}`, { token })).body).toEqual(webhookBefore);
    expect((await api.get(`/v1/webhooks/${fixture.webhook.id}/deliveries`, { token })).body).toEqual(deliveriesBefore);
    const offer = (await api.get(`/v1/offers/${fixture.offer.id}`, { token })).body;
    expect(offer).toEqual(offerBefore);
    expect(offer.data.status.current.code).toBe('pending');
    expect((await api.get(`/v1/offers/${fixture.offer.id}/history`, { token })).body).toEqual(historyBefore);
  });
});

describe('a disabled client', () => {
  it('is locked out within 60 seconds even on a node that cached it as active', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const client = await newClient(DEMO.dealerA.id);
    expect((await api.get('/v1/offers', { token: client.token })).status).toBe(200);
    await getDb().update(apiClients).set({ disabledAt: new Date() }).where(eq(apiClients.clientId, client.clientId));
    vi.setSystemTime(Date.now() + 60_000);
    const res = await api.get('/v1/offers', { token: client.token });
    expect(res.status, res.text).toBe(401);
    expectErrorEnvelope(res, 'UNAUTHORIZED');
  });
});

describe('signing key rotation', () => {
  async function jwks(): Promise<JSONWebKeySet> {
    const res = await getJwks(new Request(`${ISSUER}/.well-known/jwks.json`), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    return (await res.json()) as JSONWebKeySet;
  }

  it('keeps old tokens valid, publishes both keys and signs new tokens with the new key', async () => {
    const oldToken = await demoToken();
    const oldKid = decodeProtectedHeader(oldToken).kid!;
    expect((await jwks()).keys.map((k) => k.kid)).toContain(oldKid);

    const oldSigner = (await keySet()).signer;
    expect(oldSigner.kid).toBe(oldKid);
    const newKid = await rotateSigningKey();
    expect(newKid).not.toBe(oldKid);

    // The old token still works on /v1 and still verifies against the published keys.
    const res = await api.get(`/v1/offers/${fixture.offer.id}`, { token: oldToken });
    expect(res.status, res.text).toBe(200);
    const published = await jwks();
    expect(published.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    await expect(jwtVerify(oldToken, createLocalJWKSet(published), { algorithms: ['ES256'], issuer: ISSUER, audience: AUDIENCE })).resolves.toBeTruthy();

    // New tokens carry the new kid, verify against the JWKS and work on /v1.
    const newToken = await demoToken();
    expect(decodeProtectedHeader(newToken).kid).toBe(newKid);
    await expect(jwtVerify(newToken, createLocalJWKSet(published), { algorithms: ['ES256'], issuer: ISSUER, audience: AUDIENCE })).resolves.toBeTruthy();
    expect((await api.get(`/v1/offers/${fixture.offer.id}`, { token: newToken })).status).toBe(200);

    // A token signed with the old key after the rotation still passes; an unpublished key still does not.
    const late = await forge({ key: oldSigner.key, kid: oldSigner.kid });
    expect((await api.get('/v1/offers', { token: late })).status).toBe(200);
    const { privateKey } = await generateKeyPair('ES256');
    expect((await api.get('/v1/offers', { token: await forge({ key: privateKey, kid: 'unpublished' }) })).status).toBe(401);
  });
});
