import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { apiClients, dealers, signingKeys } from '@/db/schema';
import { DEMO } from '@/db/seed';
import {
  ClientManagementError,
  createClient,
  disableClient,
  listClients,
  parseScopes,
  resolveDealer,
  rotateClientSecret,
} from '@/lib/auth/manage-clients';
import { SCOPES } from '@/lib/auth/scopes';
import { keySet, rotateSigningKey } from '@/lib/auth/signing-keys';
import { api } from './helpers/api';
import { createOffer } from './helpers/offers';

// The functions behind `npm run clients` (and the operator console), against the test database:
// what they create must work end to end through /oauth/token and /v1.

async function requestToken(clientId: string, secret: string) {
  return api.post('/oauth/token', {
    raw: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  });
}

describe('createClient', () => {
  it('creates a working sandbox client for a dealer named by name, and returns the secret once', async () => {
    const c = await createClient(getDb(), { dealer: 'radhaus demo', environment: 'sandbox' });
    expect(c).toMatchObject({
      dealerId: DEMO.dealerA.id,
      dealerName: DEMO.dealerA.name,
      environment: 'sandbox',
      scopes: [...SCOPES],
      name: 'Radhaus Demo (sandbox)',
    });
    expect(c.clientId).toMatch(/^sbx_[0-9a-f]{16}$/);
    expect(c.secret.length).toBeGreaterThanOrEqual(32);

    const [row] = await getDb().select().from(apiClients).where(eq(apiClients.clientId, c.clientId));
    expect(row!.secretHash).toMatch(/^hmac-sha256\$/);
    expect(row!.secretHash).not.toContain(c.secret);

    const res = await requestToken(c.clientId, c.secret);
    expect(res.status, res.text).toBe(200);
    expect(decodeJwt(res.body.access_token)).toMatchObject({ sub: c.clientId, dealer_id: DEMO.dealerA.id, environment: 'sandbox' });
    // The new client is dealer A in the sandbox: it sees an offer of demo-sandbox.
    const demo = (await requestToken('demo-sandbox', 'demo-sandbox-secret')).body.access_token;
    const offer = await createOffer(demo);
    expect((await api.get(`/v1/offers/${offer.id}`, { token: res.body.access_token })).status).toBe(200);
  });

  it('gives every client its own id and secret', async () => {
    const a = await createClient(getDb(), { dealer: DEMO.dealerA.id, environment: 'sandbox' });
    const b = await createClient(getDb(), { dealer: DEMO.dealerA.id, environment: 'sandbox' });
    expect(a.clientId).not.toBe(b.clientId);
    expect(a.secret).not.toBe(b.secret);
  });

  it('takes a dealer id, scopes and a name', async () => {
    const c = await createClient(getDb(), {
      dealer: DEMO.dealerB.id,
      environment: 'sandbox',
      scopes: 'catalogue:read offers:read',
      name: 'Shop reporting',
    });
    expect(c).toMatchObject({ dealerId: DEMO.dealerB.id, scopes: ['offers:read', 'catalogue:read'], name: 'Shop reporting' });
    const token = (await requestToken(c.clientId, c.secret)).body.access_token;
    expect(decodeJwt(token).scope).toBe('offers:read catalogue:read');
    const write = await api.post('/v1/offers', { token, body: {} });
    expect(write.status).toBe(403);
  });

  it('creates production clients only for dealers enabled for production', async () => {
    const live = await createClient(getDb(), { dealer: DEMO.dealerA.name, environment: 'production' });
    expect(live.clientId).toMatch(/^live_[0-9a-f]{16}$/);
    expect(decodeJwt((await requestToken(live.clientId, live.secret)).body.access_token).environment).toBe('production');

    const [dealer] = await getDb().insert(dealers).values({ name: `Fresh dealer ${Date.now()}` }).returning();
    await expect(createClient(getDb(), { dealer: dealer!.id, environment: 'production' })).rejects.toThrow(/not enabled for production/);
    expect(await listClients(getDb(), dealer!.id)).toEqual([]);

    const enabled = await createClient(getDb(), { dealer: dealer!.id, environment: 'production', enableProduction: true });
    expect(enabled.environment).toBe('production');
    const [after] = await getDb().select().from(dealers).where(eq(dealers.id, dealer!.id));
    expect(after!.productionEnabledAt).toBeInstanceOf(Date);
  });

  it('refuses unknown dealers, ambiguous names, unknown scopes and environments', async () => {
    await expect(createClient(getDb(), { dealer: 'Nobody GmbH', environment: 'sandbox' })).rejects.toThrow(ClientManagementError);
    await expect(createClient(getDb(), { dealer: '00000000-0000-4000-8000-000000000000', environment: 'sandbox' })).rejects.toThrow(/No dealer/);
    await expect(createClient(getDb(), { dealer: '', environment: 'sandbox' })).rejects.toThrow(ClientManagementError);
    await expect(createClient(getDb(), { dealer: DEMO.dealerA.id, environment: 'sandbox', scopes: 'offers:read offers:admin' })).rejects.toThrow(/offers:admin/);
    await expect(createClient(getDb(), { dealer: DEMO.dealerA.id, environment: 'staging' as 'sandbox' })).rejects.toThrow(/sandbox or production/);

    await getDb().insert(dealers).values([{ name: 'Twin Bikes' }, { name: 'twin bikes' }]);
    await expect(resolveDealer(getDb(), 'Twin Bikes')).rejects.toThrow(/Several dealers/);
  });
});

describe('parseScopes', () => {
  it('reads spaces or commas, orders and de-duplicates, defaults to all', () => {
    expect(parseScopes('catalogue:read, offers:read offers:read')).toEqual(['offers:read', 'catalogue:read']);
    expect(parseScopes(undefined)).toEqual([...SCOPES]);
    expect(parseScopes('  ')).toEqual([...SCOPES]);
    expect(parseScopes(['offers:write'])).toEqual(['offers:write']);
    expect(() => parseScopes('admin')).toThrow(ClientManagementError);
  });
});

describe('rotateClientSecret', () => {
  it('replaces the secret: the new one works, the old one no longer does, issued tokens run out', async () => {
    const c = await createClient(getDb(), { dealer: DEMO.dealerA.id, environment: 'sandbox' });
    const oldToken = (await requestToken(c.clientId, c.secret)).body.access_token;

    const r = await rotateClientSecret(getDb(), c.clientId);
    expect(r).toEqual({ clientId: c.clientId, secret: expect.any(String), disabled: false });
    expect(r.secret).not.toBe(c.secret);

    const refused = await requestToken(c.clientId, c.secret);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
    expect((await requestToken(c.clientId, r.secret)).status).toBe(200);
    expect((await api.get('/v1/offers', { token: oldToken })).status).toBe(200);
  });

  it('refuses an unknown client', async () => {
    await expect(rotateClientSecret(getDb(), 'no-such-client')).rejects.toThrow(/No API client/);
  });
});

describe('disableClient', () => {
  it('stops new tokens and, on this node at once, the tokens already issued', async () => {
    const c = await createClient(getDb(), { dealer: DEMO.dealerA.id, environment: 'sandbox' });
    const token = (await requestToken(c.clientId, c.secret)).body.access_token;
    expect((await api.get('/v1/offers', { token })).status).toBe(200);

    expect(await disableClient(getDb(), c.clientId)).toBe(true);
    expect(await disableClient(getDb(), c.clientId)).toBe(false);

    const res = await api.get('/v1/offers', { token });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('UNAUTHORIZED');
    expect((await requestToken(c.clientId, c.secret)).status).toBe(401);
    const [listed] = (await listClients(getDb(), DEMO.dealerA.id)).filter((r) => r.clientId === c.clientId);
    expect(listed!.disabledAt).toBeInstanceOf(Date);

    // A rotated secret does not bring a disabled client back.
    const r = await rotateClientSecret(getDb(), c.clientId);
    expect(r.disabled).toBe(true);
    expect((await requestToken(c.clientId, r.secret)).status).toBe(401);
  });

  it('refuses an unknown client', async () => {
    await expect(disableClient(getDb(), 'no-such-client')).rejects.toThrow(/No API client/);
  });
});

describe('listClients', () => {
  it("lists every client or one dealer's, without secrets or hashes", async () => {
    const all = await listClients(getDb());
    expect(all.map((c) => c.clientId)).toEqual(expect.arrayContaining(['demo-sandbox', 'demo-readonly', 'demo-production', 'other-sandbox']));
    const dealerB = await listClients(getDb(), DEMO.dealerB.name);
    expect(dealerB.length).toBeGreaterThan(0);
    expect(dealerB.every((c) => c.dealerId === DEMO.dealerB.id)).toBe(true);
    expect(dealerB.map((c) => c.clientId)).toContain('other-sandbox');
    expect(JSON.stringify(all)).not.toMatch(/scrypt|secret"/i);
    for (const c of all) expect(Object.keys(c)).not.toContain('secretHash');
    await expect(listClients(getDb(), 'Nobody GmbH')).rejects.toThrow(/No dealer/);
  });
});

describe('rotate-signing-key', () => {
  it('adds a key that signs new tokens while the old key keeps verifying', async () => {
    const before = (await requestToken('demo-sandbox', 'demo-sandbox-secret')).body.access_token;
    const oldKid = decodeProtectedHeader(before).kid;
    const kid = await rotateSigningKey();
    expect(kid).not.toBe(oldKid);
    const rows = await getDb().select({ kid: signingKeys.kid, retiredAt: signingKeys.retiredAt }).from(signingKeys);
    expect(rows.map((r) => r.kid)).toEqual(expect.arrayContaining([oldKid, kid]));
    expect((await keySet()).signer.kid).toBe(kid);

    const after = (await requestToken('demo-sandbox', 'demo-sandbox-secret')).body.access_token;
    expect(decodeProtectedHeader(after).kid).toBe(kid);
    expect((await api.get('/v1/offers', { token: before })).status).toBe(200);
    expect((await api.get('/v1/offers', { token: after })).status).toBe(200);
  });
});
