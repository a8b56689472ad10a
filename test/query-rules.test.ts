import { describe, expect, it } from 'vitest';
import { readQueueQuery } from '@/lib/console/use-cases/queue';
import { readWorkQuery } from '@/lib/console/use-cases/work-queues';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser, sessionCookie } from './operator-session';

// One set of rules for every query string of ours — /v1, the console's APIs, the portal's export
// and its own endpoints: a parameter once, whole numbers in digits only, no text PostgreSQL cannot
// store, values by the /v1 schemas; a refusal is 400 in the envelope naming the parameter.

const refused = (res: { status: number; body: any }, parameter: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'INVALID_PARAMETER', details: parameter })]));
  expect(Object.keys(res.body.errors[0].translations).sort()).toEqual(['de', 'en']);
};

describe('whole numbers are digits only', () => {
  it.each(['1e3', '0x10', ' 1', '+1', '1.0', '１', '1_000', ''])('GET /v1/offers?page=%j is 400 naming page', async (page) => {
    refused(await api.get(`/v1/offers?page=${encodeURIComponent(page)}`, { token: await demoToken() }), 'page');
  });

  it('and elsewhere: perPage, history pages, the console’s and the portal’s pages', async () => {
    const token = await demoToken();
    const offer = await createOffer(token);
    refused(await api.get('/v1/offers?perPage=1e1', { token }), 'perPage');
    refused(await api.get(`/v1/offers/${offer.id}/history?page=2e0`, { token }), 'page');
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    refused(await api.get('/api/console/queues/search?page=1e3', { headers: operator }), 'page');
    refused(await api.get('/api/console/queues/employer?age=0x1', { headers: operator }), 'age');
    refused(await api.get('/api/console/rejected?page=1e3', { headers: operator }), 'page');
    const dealer = { cookie: await sessionCookie(await demoUser('dealer@example.com')), origin: 'http://spoke.test' };
    refused(await api.get('/api/portal/notifications?page=1e3', { headers: dealer }), 'page');
    // Digits are fine, leading zeros too.
    expect((await api.get('/v1/offers?page=01&perPage=5', { token })).status).toBe(200);
  });
});

describe('a parameter given twice is refused, naming it', () => {
  it('on /v1 (page, fields, search) and on the console’s and portal’s routes', async () => {
    const token = await demoToken();
    refused(await api.get('/v1/offers?page=1&page=2', { token }), 'page');
    refused(await api.get('/v1/offers?search=ab&search=cd', { token }), 'search');
    refused(await api.get('/v1/offers?fields=&fields=status', { token }), 'fields');
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    refused(await api.get('/api/console/queues/search?q=a&q=b', { headers: operator }), 'q');
    const dealer = { cookie: await sessionCookie(await demoUser('dealer@example.com')) };
    refused(await api.get('/portal/offers/export?format=csv&status=draft&status=done', { headers: dealer }), 'status');
    // One status list with both values is the way to ask for both.
    expect((await api.get('/v1/offers?status=draft,done', { token })).status).toBe(200);
  });
});

describe('odd filters on the console’s and the portal’s routes, as on /v1', () => {
  it('the console’s queues: NUL, an unknown status or code are 400, not a 500 or a silently wider list', async () => {
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    refused(await api.get('/api/console/queues/search?q=%00', { headers: operator }), 'q');
    refused(await api.get('/api/console/queues/search?q=a%00b', { headers: operator }), 'q');
    refused(await api.get('/api/console/queues/search?status=bogus', { headers: operator }), 'status');
    refused(await api.get('/api/console/queues/decision?dealer=not-a-uuid', { headers: operator }), 'dealer');
    refused(await api.get('/api/console/rejected?from=2026-02-30', { headers: operator }), 'from');
    refused(await api.get('/api/console/rejected?from=2026-03-02&to=2026-03-01', { headers: operator }), 'to');
    expect((await api.get('/api/console/queues/search?q=Müller&status=draft', { headers: operator })).status).toBe(200);
  });

  it('the console’s pages drop such values and say so instead of failing', () => {
    expect(readWorkQuery({ q: 'a\u0000b', status: 'bogus', page: '1e3', age: ['1', '2'] }).invalid.sort()).toEqual(['age', 'page', 'q', 'status']);
    expect(readWorkQuery({ q: 'Müller', page: '2' })).toEqual({ query: expect.objectContaining({ q: 'Müller', page: 2 }), invalid: [] });
    expect(readQueueQuery({ code: ['A', 'B'], page: '0x2' }).invalid.sort()).toEqual(['code', 'page']);
  });

  it.each([
    ['status=bogus', 'status'],
    ['status=draft%00', 'status'],
    ['email=%00', 'email'],
    ['search=a%00b', 'search'],
    ['sortBy=nope', 'sortBy'],
    ['creationDateFrom=2026-13-45', 'creationDateFrom'],
    ['format=pdf', 'format'],
  ])('the portal’s export with %s: 400 in the envelope before any byte of the file', async (query, parameter) => {
    const dealer = { cookie: await sessionCookie(await demoUser('dealer@example.com')) };
    const res = await api.get(`/portal/offers/export?format=csv&${query}`.replace('format=csv&format=pdf', 'format=pdf'), { headers: dealer });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    refused(res, parameter);
  });

  it('the portal’s export with good filters streams the file; without a session it sends to the sign-in', async () => {
    const dealer = { cookie: await sessionCookie(await demoUser('dealer@example.com')) };
    const res = await api.get('/portal/offers/export?format=csv&status=draft,!done&search=Erika&sortBy=customerName&order=asc&page=2&perPage=25', { headers: dealer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.text.split('\r\n')[0]).toContain('Angebotsnummer');
    const stranger = await api.get('/portal/offers/export?format=csv');
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get('location')).toMatch(/\/portal\/sign-in$/);
  });
});
