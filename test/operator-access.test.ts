import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { findApiClient } from '@/db/repositories/api-clients';
import { dealers, portalUsers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { api, call } from './helpers/api';
import { demoToken } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser, newOperatorUser, ORIGIN, sessionCookie } from './operator-session';

// Every console endpoint, found from the files (a new endpoint is covered without touching this
// test), is refused to a dealer user's session (403) and to a request without a session (401) —
// at the HTTP level, through the real route handlers, with bodies that would be valid — and
// nothing changes. Operators get through; their writes must come from the console's origin.

const routeFiles = Object.keys(import.meta.glob('/app/api/console/**/route.ts'));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A concrete URL for a route file: path parameters filled with real ids where that matters. */
function urlOf(file: string, ids: { offerId: string; dealerId: string; employerId: string; clientId: string }): string {
  return file
    .replace(/^\/app/, '')
    .replace(/\/route\.ts$/, '')
    .replace('offers/[id]', `offers/${ids.offerId}`)
    .replace('dealers/[id]', `dealers/${ids.dealerId}`)
    .replace('employers/[id]', `employers/${ids.employerId}`)
    .replace('[clientId]', ids.clientId)
    .replace(/\[\w+\]/g, randomUUID());
}

/** Bodies that an operator's call would accept, so a refusal is about who calls, not what. */
function bodyFor(url: string): unknown {
  if (url.endsWith('/steps')) return { action: 'start_order', onBehalfReason: 'Telefonisch beauftragt' };
  if (url.endsWith('/cancel')) return { cancelReason: 'other', contactFromEmployeeRequested: false };
  if (url.endsWith('/policy')) return { excludedCodes: ['103000', '108000'] };
  if (url.endsWith('/lease-terms')) return { leaseTermMonths: 24, leasingFactorPercent: 2.5, insurancePercent: 0.2, employerSubsidyMonthly: 5 };
  if (url.endsWith('/employees')) return { email: `someone-${randomUUID().slice(0, 8)}@acme.example` };
  if (url.endsWith('/dealers') || url.endsWith('/employers')) return { name: `Intruder ${randomUUID().slice(0, 8)}` };
  return {};
}

async function snapshot() {
  const res = await getDb().execute(sql`
    select (select count(*)::int from dealers) as dealers,
           (select count(*)::int from employers) as employers,
           (select count(*)::int from employees) as employees,
           (select count(*)::int from api_clients where disabled_at is null) as clients,
           (select string_agg(secret_hash, ',' order by client_id) from api_clients) as secrets,
           (select count(*)::int from offer_history) as history,
           (select count(*)::int from operator_actions) as actions,
           (select count(*)::int from employer_excluded_categories) as excluded`);
  return JSON.stringify(rowsOf(res));
}

describe('paths no route serves under /api', () => {
  it('answer a JSON 404 NOT_FOUND in the error envelope, never an HTML page', async () => {
    const operatorHeaders = await consoleHeaders(await demoUser('operator@example.com'));
    for (const [method, path] of [
      ['GET', '/api/console/nothing'],
      ['POST', '/api/console/dealers/x/y/z'],
      ['DELETE', '/api/console/offers'],
      ['GET', '/api/unknown'],
      ['PUT', '/api/cron'],
    ] as const) {
      const res = await call(method, path, { headers: operatorHeaders, raw: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.body.errors[0].code, path).toBe('NOT_FOUND');
      expect(res.headers.get('spoke-request-id'), path).toBeTruthy();
    }
    // Real routes still win over the catch-all.
    expect((await call('GET', '/api/console/rejected', { headers: operatorHeaders })).status).toBe(200);
    expect((await call('GET', '/api/ready')).status).toBe(200);
  });
});

describe('the console endpoints refuse everyone but operators', () => {
  it('finds the console endpoints', () => {
    // steps, cancel, reprocess, dealers, sandbox credentials, production, evaluation, rotate,
    // disable, employers, policy, employees, rejected queue
    expect(routeFiles.length).toBeGreaterThanOrEqual(13);
  });

  it('answers a dealer user 403 and a caller without a session 401 on every endpoint and method, changing nothing', async () => {
    const offer = await createOffer(await demoToken());
    const ids = { offerId: offer.id, dealerId: DEMO.dealerB.id, employerId: DEMO.employer.id, clientId: 'demo-sandbox' };
    const dealerHeaders = await consoleHeaders(await demoUser('dealer@example.com'));
    const operatorHeaders = await consoleHeaders(await demoUser('operator@example.com'));
    const before = await snapshot();

    let real = 0;
    for (const file of routeFiles) {
      const url = urlOf(file, ids);
      for (const method of METHODS) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : bodyFor(url);
        const asDealer = await call(method, url, { headers: dealerHeaders, body });
        const anonymous = await call(method, url, { headers: { origin: ORIGIN }, body });
        // Methods a route does not have answer 405 to anyone, before anything is read.
        if (asDealer.status === 405) {
          expect(anonymous.status, `${method} ${url}`).toBe(405);
          continue;
        }
        real++;
        expect(asDealer.status, `dealer ${method} ${url}: ${asDealer.text}`).toBe(403);
        expect(asDealer.body.errors[0].code).toBe('FORBIDDEN');
        expect(anonymous.status, `anonymous ${method} ${url}: ${anonymous.text}`).toBe(401);
        expect(anonymous.body.errors[0].code).toBe('UNAUTHORIZED');
        expect(asDealer.headers.get('cache-control') ?? '').not.toContain('public');
      }
    }
    expect(real).toBeGreaterThanOrEqual(14);
    expect(await snapshot()).toBe(before);
    expect((await findApiClient(getDb(), 'demo-sandbox'))?.disabledAt).toBeNull();

    // The same calls get through for the operator (the 403s above were about the caller).
    const evaluation = await call('GET', `/api/console/dealers/${DEMO.dealerB.id}/evaluation`, { headers: operatorHeaders });
    expect(evaluation.status, evaluation.text).toBe(200);
    const created = await call('POST', '/api/console/dealers', { headers: operatorHeaders, body: { name: `Allowed ${randomUUID().slice(0, 8)}` } });
    expect(created.status, created.text).toBe(201);
  });

  it('decides by the user record, not by the claims in the cookie', async () => {
    const dealer = await demoUser('dealer@example.com');
    // A session token claiming the operator role for the dealer user: the database says dealer.
    const forged = await sessionCookie({ ...dealer, role: 'operator', dealerId: null });
    const res = await api.post('/api/console/dealers', { headers: { cookie: forged, origin: ORIGIN }, body: { name: 'Forged' } });
    expect(res.status).toBe(403);

    // A disabled operator is signed out at once; an operator demoted to dealer is refused.
    const disabled = await newOperatorUser({ disabled: true });
    const asDisabled = await api.get('/api/console/dealers', { headers: await consoleHeaders(disabled) });
    expect(asDisabled.status).toBe(401);
    const demoted = await newOperatorUser();
    await getDb()
      .update(portalUsers)
      .set({ role: 'dealer', dealerId: DEMO.dealerA.id })
      .where(sql`${portalUsers.id} = ${demoted.id}`);
    const asDemoted = await api.get('/api/console/dealers', { headers: await consoleHeaders(demoted) });
    expect(asDemoted.status).toBe(403);
  });

  it('refuses an operator’s writes from another origin, and answers an invalid session 401', async () => {
    const cookie = await sessionCookie(await demoUser('operator@example.com'));
    const before = (await getDb().select({ id: dealers.id }).from(dealers)).length;
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, {}];
    for (const headers of attempts) {
      const res = await api.post('/api/console/dealers', { headers: { cookie, ...headers }, body: { name: `Cross ${randomUUID()}` } });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await getDb().select({ id: dealers.id }).from(dealers)).length).toBe(before);
    // Reads are not writes.
    expect((await api.get('/api/console/dealers', { headers: { cookie, origin: 'https://evil.example' } })).status).toBe(200);

    const garbage = await api.get('/api/console/dealers', { headers: { cookie: 'next-auth.session-token=not-a-token' } });
    expect(garbage.status).toBe(401);
    // A bearer token of an API client is no console session either.
    const bearer = await api.get('/api/console/dealers', { token: await demoToken() });
    expect(bearer.status).toBe(401);
  });
});
