import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/openapi/operations';
// @ts-expect-error: a plain ES module of the start script, typed by its JSDoc
import { bodyLimit } from '../scripts/server-net.mjs';
import { api, routeFetch } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';
import { consoleHeaders, demoUser } from './operator-session';
import { hugeBody } from './helpers/bodies';

// The fuzz suite's edges (issue 15, "Tests and acceptance"), beside test/fuzz.test.ts:
// - every date parameter of the API against an independent calendar-and-range oracle: impossible
//   days, leap years, hours 24, offsets pushing an instant over either end of the range;
// - oversized bodies on every route that takes a body, the token endpoint and sign-in included:
//   never a 5xx, never read beyond the route's limit (plus what is already in flight);
// - nesting depth on every route that reads JSON: 400 at any depth, never a stack overflow.
// FUZZ_RUNS scales the date cases (default 40 per parameter: seconds, not minutes).

const RUNS = Math.max(10, Math.round(Number(process.env.FUZZ_RUNS ?? 500) / 12));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let dealer: TestDealer;
let offerId = '';
beforeAll(async () => {
  dealer = await newDealer();
  offerId = (await createOffer(dealer.token)).id;
});

// ---- dates ----------------------------------------------------------------------------------

const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

type DateParts = { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number | null; offset: number | null; dayOnly: boolean };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function text(p: DateParts): string {
  const day = `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`;
  if (p.dayOnly) return day;
  const fraction = p.ms === null ? '' : `.${pad(p.ms, 3)}`;
  const sign = (p.offset ?? 0) < 0 ? '-' : '+';
  const abs = Math.abs(p.offset ?? 0);
  const offset = p.offset === null ? 'Z' : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${day}T${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}${fraction}${offset}`;
}

const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, mo: number) => [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;

/** The oracle: a real calendar date and time, whose instant lies in the range once the offset is applied. */
function valid(p: DateParts): boolean {
  if (p.y > 9999) return false; // not four digits
  if (p.mo < 1 || p.mo > 12 || p.d < 1 || p.d > daysIn(p.y, p.mo)) return false;
  if (!p.dayOnly && (p.h > 23 || p.mi > 59 || p.s > 59)) return false;
  const at = new Date(0);
  at.setUTCFullYear(p.y, p.mo - 1, p.d);
  at.setUTCHours(p.dayOnly ? 0 : p.h, p.dayOnly ? 0 : p.mi, p.dayOnly ? 0 : p.s, p.ms ?? 0);
  const ms = at.getTime() - (p.dayOnly ? 0 : (p.offset ?? 0) * 60_000);
  return ms >= EARLIEST && ms <= LATEST;
}

/**
 * The oracle of a deliveryDate (date-times only): valid, and not before today's start in
 * Europe/Berlin — computed here from the UTC offset Berlin has at noon today, not by the API's code.
 */
function validDelivery(p: DateParts): boolean {
  if (!valid(p)) return false;
  const at = new Date(0);
  at.setUTCFullYear(p.y, p.mo - 1, p.d);
  at.setUTCHours(p.h, p.mi, p.s, p.ms ?? 0);
  const instant = at.getTime() - (p.offset ?? 0) * 60_000;
  const now = new Date();
  const berlin = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const noonUtc = Date.parse(`${berlin}T12:00:00Z`);
  const noonBerlinHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(noonUtc));
  const todayStart = Date.parse(`${berlin}T00:00:00Z`) - (noonBerlinHour - 12) * 3_600_000;
  return instant >= todayStart;
}

const edge = <T>(edges: T[], arb: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...edges) }, { weight: 1, arbitrary: arb });
const dateArb = (dayOnlyAllowed: boolean): fc.Arbitrary<DateParts> =>
  fc.record({
    y: edge([0, 1, 1969, 1970, 2000, 2023, 2024, 2100, 9999, 10000], fc.integer({ min: 0, max: 10000 })),
    mo: edge([0, 1, 2, 4, 12, 13], fc.integer({ min: 0, max: 13 })),
    d: edge([0, 1, 28, 29, 30, 31, 32], fc.integer({ min: 0, max: 32 })),
    h: edge([0, 13, 23, 24], fc.integer({ min: 0, max: 24 })),
    mi: edge([0, 1, 59, 60], fc.integer({ min: 0, max: 60 })),
    s: edge([0, 59, 60], fc.integer({ min: 0, max: 60 })),
    ms: fc.oneof(fc.constant(null), fc.constantFrom(0, 999), fc.integer({ min: 0, max: 999 })),
    // Offsets in minutes: the extremes (±14:00) push an edge instant out of (or into) the range.
    offset: fc.oneof(fc.constant(null), fc.constantFrom(0, 1, -1, 60, -60, 14 * 60, -14 * 60, 5 * 60 + 30, -(9 * 60 + 30))),
    dayOnly: dayOnlyAllowed ? fc.boolean() : fc.constant(false),
  });

/** Every query parameter of /v1 that is a date (by name), with its operation. */
const DATE_QUERY = OPERATIONS.flatMap((op) =>
  Object.keys(op.query?.shape ?? {})
    .filter((name) => /date/i.test(name))
    .map((name) => ({ op, name })),
);

describe(`date edge cases for every date parameter (${RUNS} cases each)`, () => {
  it('finds the list filters among the documented date parameters', () => {
    expect(DATE_QUERY.map((q) => q.name).sort()).toEqual(['creationDateFrom', 'creationDateTo', 'statusChangedDateFrom', 'statusChangedDateTo']);
  });

  for (const { op, name } of DATE_QUERY) {
    it(`${op.method.toUpperCase()} ${op.path}?${name}=`, async () => {
      await fc.assert(
        fc.asyncProperty(dateArb(true), async (p) => {
          const value = text(p);
          const res = await api.get(op.path, { token: dealer.token, query: { [name]: value } });
          if (valid(p)) expect(res.status, `${name}=${value}: ${res.text.slice(0, 200)}`).toBe(200);
          else {
            expect(res.status, `${name}=${value}: ${res.text.slice(0, 200)}`).toBe(400);
            expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: name })]);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }, 120_000);
  }

  const bodyCases: Array<[string, string, () => string]> = [
    ['POST', '/v1/offers/validate', () => '/v1/offers/validate'],
    ['PUT', '/v1/offers/{id}', () => `/v1/offers/${offerId}`],
    ['POST', '/v1/offers', () => '/v1/offers'],
  ];
  for (const [method, template, path] of bodyCases) {
    it(`${method} ${template}: deliveryDate`, async () => {
      await fc.assert(
        fc.asyncProperty(dateArb(false), async (p) => {
          const deliveryDate = text(p);
          const body =
            method === 'PUT'
              ? (({ externalOfferId: _e, customerName: _n, customerEmail: _m, ...update }) => ({ ...update, deliveryDate }))(offerBody())
              : offerBody({ deliveryDate });
          const res = await api[method === 'PUT' ? 'put' : 'post'](path(), { token: dealer.token, body });
          const label = `deliveryDate=${deliveryDate}: ${res.text.slice(0, 200)}`;
          // An update after the first one may find the offer still being processed (406): the date passed.
          if (validDelivery(p)) expect(method === 'PUT' ? [200, 202, 406] : [200, 202], label).toContain(res.status);
          else {
            expect(res.status, label).toBe(400);
            expect(res.body.errors.some((e: { code: string; details?: string }) => e.code === 'INVALID_PARAMETER' && e.details === 'deliveryDate'), label).toBe(true);
          }
        }),
        // Creating writes offers: fewer cases there.
        { numRuns: method === 'POST' && template === '/v1/offers' ? Math.ceil(RUNS / 4) : RUNS, seed: SEED },
      );
    }, 120_000);
  }
});

// ---- every route that takes a body ----------------------------------------------------------

type RouteModule = Record<string, unknown>;
const ROUTE_FILES = import.meta.glob<RouteModule>('/app/**/route.ts');
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A request path for a route file: dynamic segments filled with ids that exist where it matters. */
function pathOf(file: string): string {
  const uuid = '00000000-0000-4000-8000-000000000000';
  return file
    .replace(/^\/app/, '')
    .replace(/\/route\.ts$/, '')
    .split('/')
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) =>
      s === '[id]' ? offerId || uuid : s === '[...nextauth]' ? 'callback/credentials' : s.startsWith('[[...') ? 'offers' : s.startsWith('[...') ? 'x' : s.startsWith('[') ? uuid : s,
    )
    .join('/')
    .replace(/^/, '/');
}

describe('oversized bodies on every route that takes one', () => {
  it('never a 5xx, never read past the route’s limit — with and without credentials', async () => {
    const session = await consoleHeaders(await demoUser('operator@example.com'));
    const checked: string[] = [];
    for (const [file, load] of Object.entries(ROUTE_FILES)) {
      const mod = await load();
      const path = pathOf(file);
      for (const method of BODY_METHODS.filter((m) => typeof mod[m] === 'function')) {
        for (const [who, auth] of [
          ['anonymous', {}],
          ['authenticated', path.startsWith('/api/console') ? session : { authorization: `Bearer ${dealer.token}` }],
        ] as const) {
          for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
            const body = hugeBody(8 * 1024 * 1024, type === 'application/json' ? '{"a":"' : 'email=a&');
            const res = await routeFetch(
              new Request(`http://spoke.test${path}`, {
                method,
                headers: { ...auth, 'content-type': type, 'idempotency-key': `huge-${Math.random()}`, 'x-forwarded-for': '198.51.100.200' },
                body: body.stream,
                duplex: 'half',
              } as RequestInit),
            );
            const label = `${method} ${path} (${who}, ${type}) → ${res.status}`;
            await res.text();
            expect(res.status, label).toBeLessThan(500);
            expect(body.pulled(), label).toBeLessThanOrEqual((bodyLimit(path) as number) + 2 * 64 * 1024);
            checked.push(label);
          }
        }
      }
    }
    // The token endpoint, sign-in and the /v1 writes are among them.
    expect(checked.some((c) => c.startsWith('POST /oauth/token'))).toBe(true);
    expect(checked.some((c) => c.startsWith('POST /api/auth/callback/credentials'))).toBe(true);
    expect(checked.some((c) => c.startsWith('POST /v1/offers (authenticated'))).toBe(true);
    expect(checked.some((c) => c.startsWith('POST /api/console'))).toBe(true);
  }, 180_000);
});

// ---- nesting depth --------------------------------------------------------------------------

describe('nesting depth on every JSON route of /v1', () => {
  const writes = OPERATIONS.filter((op) => op.body);

  it('any depth from 33 to 100,000, arrays or objects, with or without an Idempotency-Key: 400, never a 5xx', async () => {
    const depth = fc.oneof(fc.constantFrom(33, 64, 1000, 10_000, 100_000), fc.integer({ min: 33, max: 50_000 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), depth, fc.boolean(), fc.boolean(), async (op, n, arrays, key) => {
        const deep = arrays ? `${'['.repeat(n)}1${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
        const raw = `{"customerName":"x","unknown":${deep}}`;
        const path = op.path.replace('{id}', offerId).replace('{deliveryId}', '00000000-0000-4000-8000-000000000000');
        const headers: Record<string, string> = { 'content-type': 'application/json', ...(key ? { 'idempotency-key': `deep-${Math.random()}` } : {}) };
        const res = await api[op.method as 'post' | 'put' | 'patch'](path, { token: dealer.token, raw, headers });
        const label = `${op.method.toUpperCase()} ${op.path} depth ${n}: ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, label).toBeLessThan(500);
        expect(res.status, label).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: Math.max(20, RUNS), seed: SEED },
    );
  }, 120_000);
});
