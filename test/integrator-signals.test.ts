import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { keySet } from '@/lib/auth/signing-keys';
import { env } from '@/lib/env';
import { deliverWebhooks } from '@/lib/webhooks/deliver';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { startReceiver } from './helpers/webhook-receiver';

// What an integrator is told when something is off: an expired token says it expired, a token
// request missing its secret names client_secret, the eleventh endpoint's 409 names the limit, and
// an endpoint's backoff and each delivery's real next attempt are in their answers.

async function tokenWith(dealerId: string, clientId: string, exp: number): Promise<string> {
  const { signer } = await keySet();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'offers:read', dealer_id: dealerId, environment: 'sandbox' })
    .setProtectedHeader({ alg: 'ES256', kid: signer.kid, typ: 'at+jwt' })
    .setIssuer(env.tokenIssuer)
    .setAudience(env.tokenAudience)
    .setSubject(clientId)
    .setIssuedAt(now - 7200)
    .setNotBefore(now - 7200)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(signer.key);
}

describe('what an integrator is told', () => {
  it('an expired token: 401 whose challenge says it expired; a bad one does not', async () => {
    const dealer = await newDealer();
    const expired = await api.get('/v1/offers', { token: await tokenWith(dealer.dealerId, dealer.clientId, Math.floor(Date.now() / 1000) - 60) });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer realm="spoke", error="invalid_token", error_description="[^"]*expired[^"]*"$/);
    expect(expired.body.errors[0].details).toMatch(/expired/);
    const forged = await api.get('/v1/offers', { token: `${(await tokenWith(dealer.dealerId, dealer.clientId, Math.floor(Date.now() / 1000) + 600)).slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toBe('Bearer realm="spoke", error="invalid_token"');
  });

  it('a token request with a client id and no secret names client_secret (and the other way round)', async () => {
    const dealer = await newDealer();
    const ask = (form: Record<string, string>) =>
      api.post('/oauth/token', { raw: new URLSearchParams({ grant_type: 'client_credentials', ...form }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const noSecret = await ask({ client_id: dealer.clientId });
    expect(noSecret.status).toBe(401);
    expect(noSecret.body).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('client_secret is missing') });
    const noId = await ask({ client_secret: dealer.secret });
    expect(noId.status).toBe(401);
    expect(noId.body).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('client_id is missing') });
    expect((await ask({ client_id: dealer.clientId, client_secret: dealer.secret })).status).toBe(200);
  });

  it('the eleventh webhook endpoint: 409 saying at most 10', async () => {
    const dealer = await newDealer();
    const receiver = await startReceiver();
    try {
      for (let i = 0; i < 10; i++) expect((await api.post('/v1/webhooks', { token: dealer.token, body: { url: `${receiver.url}?n=${i}` } })).status).toBe(201);
      const eleventh = await api.post('/v1/webhooks', { token: dealer.token, body: { url: `${receiver.url}?n=10` }, headers: { 'accept-language': 'en' } });
      expect(eleventh.status).toBe(409);
      expect(eleventh.body.errors[0]).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('At most 10') });
      expect(eleventh.body.errors[0].translations.de).toContain('höchstens 10');
    } finally {
      await receiver.close();
    }
  });

  it('an endpoint’s backoff is in its answer, a waiting delivery’s next attempt follows it, and a failed delivery counts its attempts', async () => {
    const dealer = await newDealer();
    const receiver = await startReceiver(() => 503);
    try {
      const hook = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } });
      const id = hook.body.data.id as string;
      expect(hook.body.data.health).toEqual({ state: 'healthy', consecutiveFailures: 0 });
      await createOffer(dealer.token);
      const before = Date.now();
      await deliverWebhooks({ endpointBackoff: () => 10 * 60_000, backoff: () => 1_000 });
      const read = await api.get(`/v1/webhooks/${id}`, { token: dealer.token });
      expect(read.body.data.health).toMatchObject({ state: 'backing_off', consecutiveFailures: 1, failingSince: expect.any(String), nextAttemptAt: expect.any(String) });
      const backoffUntil = new Date(read.body.data.health.nextAttemptAt).getTime();
      expect(backoffUntil - before).toBeGreaterThan(9 * 60_000);
      // The delivery's own retry is due in a second, but the endpoint is not tried before its backoff ends.
      const list = await api.get(`/v1/webhooks/${id}/deliveries`, { token: dealer.token });
      const [pending] = list.body.data;
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastResponseStatus: 503 });
      expect(new Date(pending.nextAttemptAt).getTime()).toBe(backoffUntil);

      // A delivery that fails for good says how often it was tried.
      await deliverWebhooks({ at: new Date(backoffUntil + 1000), maxAgeMs: 1, backoff: () => 1_000 });
      const failed = (await api.get(`/v1/webhooks/${id}/deliveries`, { token: dealer.token, query: { status: 'failed' } })).body.data;
      expect(failed.length).toBeGreaterThan(0);
      for (const d of failed) {
        expect(d.attempts).toBeGreaterThanOrEqual(1);
        expect(d.lastResponseStatus).toBe(503);
        expect(d).not.toHaveProperty('nextAttemptAt');
      }
      // Switched off: nothing is due, and the deliveries say no next attempt.
      await api.patch(`/v1/webhooks/${id}`, { token: dealer.token, body: { active: false } });
      await createOffer(dealer.token);
      const off = await api.get(`/v1/webhooks/${id}`, { token: dealer.token });
      expect(off.body.data.health.state).toBe('disabled');
    } finally {
      await receiver.close();
    }
  });
});
