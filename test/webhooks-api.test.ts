import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { webhookEndpoints } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { createWebhook, MAX_ENDPOINTS, updateWebhook } from '@/lib/webhooks/endpoints';
import { decryptSecret } from '@/lib/webhooks/secret-box';
import { newClient, newDealer, tokenFor } from './helpers/auth';
import { api } from './helpers/api';

// The /v1/webhooks resource: registration, the secret shown only on create and rotate, tenant
// scoping, scopes, validation and the URL rules.

const URL_A = 'http://127.0.0.1:9/spoke';

async function register(token: string, body: Record<string, unknown> = { url: URL_A }) {
  const res = await api.post('/v1/webhooks', { token, body });
  expect(res.status, res.text).toBe(201);
  return res;
}

describe('/v1/webhooks', () => {
  it('registers an endpoint: 201 with Location and the secret, which no later answer shows', async () => {
    const dealer = await newDealer();
    const res = await register(dealer.token, { url: URL_A, description: 'ERP' });
    const endpoint = res.body.data;
    expect(res.headers.get('location')).toBe(`/v1/webhooks/${endpoint.id}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: URL_A,
      description: 'ERP',
      events: ['offer.created', 'offer.status_changed', 'offer.customer_changed', 'offer.order_changed'],
      active: true,
      environment: 'sandbox',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      health: { state: 'healthy', consecutiveFailures: 0 },
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    expect(res.body.meta).toEqual({});

    const got = await api.get(`/v1/webhooks/${endpoint.id}`, { token: dealer.token });
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty('secret');
    expect(got.text).not.toContain(endpoint.secret);
    const list = await api.get('/v1/webhooks', { token: dealer.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect(list.text).not.toContain(endpoint.secret);
    expect(list.body.meta).toMatchObject({ page: 1, totalCount: 1, nextPage: null, previousPage: null });
    const patched = await api.patch(`/v1/webhooks/${endpoint.id}`, { token: dealer.token, body: { active: false } });
    expect(patched.text).not.toContain(endpoint.secret);

    // At rest the secret is encrypted, bound to its endpoint.
    const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secretCiphertext).not.toContain(endpoint.secret.slice(6));
    expect(decryptSecret(row!.secretCiphertext, endpoint.id)).toBe(endpoint.secret);
    expect(() => decryptSecret(row!.secretCiphertext, DEMO.dealerA.id)).toThrow();
  });

  it('rotates the secret: a new one, shown only in that answer; the old one signs beside it for the grace period', async () => {
    const dealer = await newDealer();
    const { body } = await register(dealer.token);
    const rotated = await api.post(`/v1/webhooks/${body.data.id}/rotate-secret`, { token: dealer.token });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(body.data.secret);
    const hours = (Date.parse(rotated.body.data.previousSecretExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const got = await api.get(`/v1/webhooks/${body.data.id}`, { token: dealer.token });
    expect(got.body.data).not.toHaveProperty('secret');
    expect(got.text).not.toContain(rotated.body.data.secret);

    const immediate = await api.post(`/v1/webhooks/${body.data.id}/rotate-secret`, { token: dealer.token, query: { keepPreviousHours: 0 } });
    expect(immediate.status).toBe(200);
    expect(immediate.body.data).not.toHaveProperty('previousSecretExpiresAt');
    const bad = await api.post(`/v1/webhooks/${body.data.id}/rotate-secret`, { token: dealer.token, query: { keepPreviousHours: 100 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'keepPreviousHours' });
  });

  it('updates URL, events, description and active; fields left out stay', async () => {
    const dealer = await newDealer();
    const { body } = await register(dealer.token, { url: URL_A, description: 'old' });
    const id = body.data.id;
    const res = await api.patch(`/v1/webhooks/${id}`, {
      token: dealer.token,
      body: { url: 'https://erp.example.com/hooks', events: ['offer.status_changed'], description: null },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ url: 'https://erp.example.com/hooks', events: ['offer.status_changed'], active: true });
    expect(res.body.data).not.toHaveProperty('description');
    const again = await api.patch(`/v1/webhooks/${id}`, { token: dealer.token, body: { active: false } });
    expect(again.body.data).toMatchObject({ url: 'https://erp.example.com/hooks', events: ['offer.status_changed'], active: false });
  });

  it('deletes an endpoint: 204, then 404', async () => {
    const dealer = await newDealer();
    const { body } = await register(dealer.token);
    const del = await api.delete(`/v1/webhooks/${body.data.id}`, { token: dealer.token });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await api.get(`/v1/webhooks/${body.data.id}`, { token: dealer.token })).status).toBe(404);
    expect((await api.delete(`/v1/webhooks/${body.data.id}`, { token: dealer.token })).status).toBe(404);
  });

  it("another dealer — or the same dealer's other environment — can neither see nor change an endpoint", async () => {
    const owner = await newDealer();
    const { body } = await register(owner.token);
    const id = body.data.id;
    const other = await newDealer();
    const production = await newClient(owner.dealerId, { environment: 'production' });
    for (const stranger of [other, production]) {
      const calls = [
        api.get(`/v1/webhooks/${id}`, { token: stranger.token }),
        api.patch(`/v1/webhooks/${id}`, { token: stranger.token, body: { active: false } }),
        api.delete(`/v1/webhooks/${id}`, { token: stranger.token }),
        api.post(`/v1/webhooks/${id}/rotate-secret`, { token: stranger.token }),
        api.get(`/v1/webhooks/${id}/deliveries`, { token: stranger.token }),
        api.get(`/v1/webhooks/${id}/deliveries/${id}`, { token: stranger.token }),
        api.post(`/v1/webhooks/${id}/deliveries/${id}/resend`, { token: stranger.token }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status, res.text).toBe(404);
        expect(res.body.errors[0].code).toBe('NOT_FOUND');
        expect(res.text).not.toContain(URL_A);
      }
      const list = await api.get('/v1/webhooks', { token: stranger.token });
      expect(list.body.data).toEqual([]);
    }
    const still = await api.get(`/v1/webhooks/${id}`, { token: owner.token });
    expect(still.body.data).toMatchObject({ active: true, url: URL_A });
  });

  it('needs webhooks:write to change and webhooks:read to read', async () => {
    const dealer = await newDealer({ scopes: ['offers:read', 'offers:write', 'catalogue:read', 'webhooks:read'] });
    const full = await newClient(dealer.dealerId);
    const { body } = await register(full.token);
    const readOnly = dealer.token;
    expect((await api.get('/v1/webhooks', { token: readOnly })).status).toBe(200);
    for (const res of [
      await api.post('/v1/webhooks', { token: readOnly, body: { url: URL_A } }),
      await api.patch(`/v1/webhooks/${body.data.id}`, { token: readOnly, body: { active: false } }),
      await api.delete(`/v1/webhooks/${body.data.id}`, { token: readOnly }),
      await api.post(`/v1/webhooks/${body.data.id}/rotate-secret`, { token: readOnly }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('FORBIDDEN');
    }
    const noRead = await newClient(dealer.dealerId, { scopes: ['offers:read'] });
    expect((await api.get('/v1/webhooks', { token: noRead.token })).status).toBe(403);
    expect((await api.get('/v1/webhooks')).status).toBe(401);
  });

  it('gives the demo clients the webhook scopes', async () => {
    for (const [id, secret] of [
      ['demo-sandbox', 'demo-sandbox-secret'],
      ['demo-production', 'demo-production-secret'],
      ['other-sandbox', 'other-sandbox-secret'],
    ]) {
      const token = await tokenFor(id!, secret!, 'webhooks:read webhooks:write');
      expect((await api.get('/v1/webhooks', { token })).status).toBe(200);
    }
  });

  it('validates the body', async () => {
    const dealer = await newDealer();
    const cases: [unknown, string, string | undefined][] = [
      [{}, 'MISSING_PARAMETER', 'url'],
      [{ url: 42 }, 'INVALID_PARAMETER', 'url'],
      [{ url: 'not a url' }, 'INVALID_PARAMETER', 'url'],
      [{ url: 'ftp://example.com/x' }, 'INVALID_PARAMETER', 'url'],
      [{ url: 'https://user:pw@example.com/x' }, 'INVALID_PARAMETER', 'url'],
      [{ url: URL_A, events: [] }, 'INVALID_PARAMETER', 'events'],
      [{ url: URL_A, events: ['offer.deleted'] }, 'INVALID_PARAMETER', 'events[0]'],
      [{ url: URL_A, active: 'yes' }, 'INVALID_PARAMETER', 'active'],
      [{ url: URL_A, description: 'x'.repeat(256) }, 'INVALID_PARAMETER', 'description'],
    ];
    for (const [body, code, details] of cases) {
      const res = await api.post('/v1/webhooks', { token: dealer.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(body)).toMatchObject({ code, details });
      expect(res.body.errors[0].translations).toEqual({ de: expect.any(String), en: expect.any(String) });
    }
    const raw = await api.post('/v1/webhooks', { token: dealer.token, raw: '{', headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect(raw.body.errors[0].code).toBe('INVALID_REQUEST');
    expect((await api.get('/v1/webhooks/not-a-uuid', { token: dealer.token })).status).toBe(400);
    expect((await api.get('/v1/webhooks', { token: dealer.token, query: { perPage: 0 } })).status).toBe(400);
  });

  it('refuses a second endpoint with the same URL (409) and more than the limit (409)', async () => {
    const dealer = await newDealer();
    await register(dealer.token);
    const dup = await api.post('/v1/webhooks', { token: dealer.token, body: { url: URL_A } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ code: 'CONFLICT', details: expect.stringMatching(/^url/) });
    // Another dealer may use the same URL.
    await register((await newDealer()).token);

    for (let i = 1; i < MAX_ENDPOINTS; i++) await register(dealer.token, { url: `${URL_A}/${i}` });
    const over = await api.post('/v1/webhooks', { token: dealer.token, body: { url: `${URL_A}/over` } });
    expect(over.status).toBe(409);
    expect(over.body.errors[0].details).toMatch(/At most 10/);
  });

  it('answers JSON 405 with Allow for other methods', async () => {
    const dealer = await newDealer();
    const res = await api.put('/v1/webhooks', { token: dealer.token, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(res.body.errors[0].code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('registration under the production URL rules', () => {
  const production = { requireHttps: true, allowPrivate: false };
  const publicLookup = async () => [{ address: '93.184.215.14', family: 4 }];
  const privateLookup = async () => [
    { address: '93.184.215.14', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ];

  async function refusal(fn: () => Promise<unknown>) {
    const err = await fn().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).entries[0]!;
  }

  it('refuses http, private and loopback addresses, and names that resolve to them', async () => {
    const dealer = await newDealer();
    const tenant = { dealerId: dealer.dealerId, environment: 'sandbox' as const };
    const cases: [string, typeof publicLookup, string][] = [
      ['http://erp.example.com/hook', publicLookup, 'must be an https URL'],
      ['https://127.0.0.1/hook', publicLookup, 'private, loopback or link-local'],
      ['https://localhost:8443/hook', publicLookup, 'private, loopback or link-local'],
      ['https://[::1]/hook', publicLookup, 'private, loopback or link-local'],
      ['https://169.254.169.254/latest/meta-data', publicLookup, 'private, loopback or link-local'],
      ['https://intranet.example.com/hook', privateLookup, 'private, loopback or link-local'],
      ['https://nowhere.invalid/hook', async () => Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' })), 'cannot be resolved'],
    ];
    for (const [url, lookup, text] of cases) {
      const entry = await refusal(() => createWebhook(tenant, { url }, { policy: production, lookup }));
      expect(entry, url).toMatchObject({ code: 'INVALID_PARAMETER', details: 'url' });
      expect(entry.text.en, url).toContain(text);
    }
    const ok = await createWebhook(tenant, { url: 'https://erp.example.com/hook' }, { policy: production, lookup: publicLookup });
    expect(ok.url).toBe('https://erp.example.com/hook');
    // The same rules apply to a change of URL.
    const entry = await refusal(() => updateWebhook(tenant, ok.id, { url: 'https://intranet.example.com/x' }, { policy: production, lookup: privateLookup }));
    expect(entry.text.en).toContain('private');
  });
});
