import { describe, expect, it } from 'vitest';
import { DEMO } from '@/db/seed';
import { openApiDocument } from '@/lib/openapi/document';
import { referenceDemoClient } from '@/lib/demo/demo-client';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';
import { offerBody } from './helpers/offers';
import { consoleHeaders, demoUser, ORIGIN } from './operator-session';

// Smaller things an attacker tried: control characters in names (they reach mail bodies), a
// callback URL next-auth cannot parse (a 500), and the demo secret in a production reference.

describe('names refuse control characters', () => {
  it.each([
    ['POST', '/api/console/dealers', { name: 'Radhaus\r\nBcc: victim@example.com' }, 'name'],
    ['POST', '/api/console/employers', { name: 'Acme\u0007' }, 'name'],
    ['POST', `/api/console/dealers/${DEMO.dealerA.id}/users`, { email: 'cr@example.com', name: 'Nora\nNeu', lang: 'de' }, 'name'],
    ['POST', `/api/console/employers/${DEMO.employer.id}/employees`, { email: 'emp@example.com', name: 'Tab\tName' }, 'name'],
    ['POST', `/api/console/dealers/${DEMO.dealerA.id}/sandbox-credentials`, { name: 'ERP\u2028client' }, 'name'],
  ])('%s %s: 400 naming the field, nothing created', async (method, path, body, field) => {
    const headers = { ...(await consoleHeaders(await demoUser('operator@example.com'))), 'accept-language': 'en' };
    const res = await api.post(path, { headers, body });
    expect(method).toBe('POST');
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: field });
    expect(res.body.errors[0].message).toContain('control characters');
  });

  it('an offer’s customer, brand and model names: control characters other than whitespace are refused; whitespace becomes one space', async () => {
    const token = await demoToken();
    for (const [body, field] of [
      [offerBody({ customerName: 'Erika\u001b[31m Mustermann' }), 'customerName'],
      [offerBody({ customerName: 'Erika\u0085Mustermann' }), 'customerName'],
      [{ ...offerBody(), product: { ...offerBody().product, brandName: 'Cube\u0000' } }, 'product.brandName'],
      [{ ...offerBody(), accessory: [{ bidexCode: '201010', modelName: 'Lock\u007f', priceGross: 10 }] }, 'accessory[0].modelName'],
    ] as const) {
      const res = await api.post('/v1/offers/validate', { token, body });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[0].details, field).toBe(field);
    }
    const created = await api.post('/v1/offers', { token, body: offerBody({ customerName: 'Erika\r\n  Mustermann' }) });
    expect(created.status).toBe(202);
    expect(created.body.data.customerName).toBe('Erika Mustermann');
  });
});

describe('sign-in endpoints and a malformed callbackUrl', () => {
  it.each(['/api/auth/callback/credentials?callbackUrl=%E0%A4%A', '/api/auth/signin?callbackUrl=http%3A%2F%2F', '/api/auth/signin?callbackUrl=%25%25', '/api/auth/session?callbackUrl=javascript%3Aalert(1)'])(
    'GET %s: 400 naming callbackUrl, not a 500',
    async (path) => {
      const res = await api.get(path);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'callbackUrl' });
    },
  );

  it('in a sign-in form: 400; in next-auth’s callback cookie: 400, and the answer clears the cookie', async () => {
    const form = new URLSearchParams({ email: 'dealer@example.com', password: 'demo1234', callbackUrl: 'http://', csrfToken: 'x', json: 'true' });
    const res = await api.post('/api/auth/callback/credentials', { raw: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].details).toBe('callbackUrl');
    const session = await api.get('/api/auth/session', { headers: { cookie: 'next-auth.callback-url=http%3A%2F%2F' } });
    expect(session.status).toBe(400);
    expect(session.body.errors[0].details).toBe('callbackUrl');
    expect(session.headers.get('set-cookie')).toMatch(/^next-auth\.callback-url=; Path=\/; Max-Age=0/);
  });
});

describe('the demo secret in production', () => {
  it('the reference prefills it only where the demo data is seeded outside a production deployment', () => {
    expect(referenceDemoClient({ seedDemo: true, production: false, embeddedDatabase: false }).secret).toBe('demo-sandbox-secret');
    expect(referenceDemoClient({ seedDemo: true, production: true, embeddedDatabase: true }).secret).toBe('demo-sandbox-secret');
    expect(referenceDemoClient({ seedDemo: true, production: true, embeddedDatabase: false }).secret).toBeUndefined();
    expect(referenceDemoClient({ seedDemo: false, production: false, embeddedDatabase: true }).secret).toBeUndefined();
  });

  it('the API document’s examples name no demo secret', () => {
    expect(openApiDocument().json).not.toContain('demo-sandbox-secret');
  });
});
