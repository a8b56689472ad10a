import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { OPERATIONS, type OperationSpec } from '@/lib/openapi/operations';
import { api, call } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Fuzzing of every /v1 operation (issue 10): bodies, query strings, path ids and headers from
// fast-check generators. Property of every answer: never a 5xx; either a documented success or the
// error envelope with a 4xx; and nothing written (offers, history, idempotency keys, webhooks) on a
// 4xx. Every answer also passes the OpenAPI contract check of test/helpers/api.ts.
//
// FUZZ_RUNS sets the cases per operation (default 200; `node scripts/fuzz.mjs` runs 10,000).
// FUZZ_SEED replays a run (fast-check prints the seed and the shrunk case of a failure).

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
// About 5 ms a case on the embedded database; generous so a slow machine does not fail the file.
const TIMEOUT = 60_000 + RUNS * 60;

let a: TestDealer;
let b: TestDealer;
const ids = { ownOffer: '', otherOffer: '', ownWebhook: '', otherWebhook: '', otherHistory: 0 };

async function otherHistory(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await getDb().execute(sql`select count(*)::int as n from offer_history where offer_id = ${ids.otherOffer}`));
  return row!.n;
}

beforeAll(async () => {
  [a, b] = await Promise.all([newDealer(), newDealer()]);
  ids.ownOffer = (await createOffer(a.token)).id;
  ids.otherOffer = (await createOffer(b.token)).id;
  const hook = (token: string) => api.post('/v1/webhooks', { token, body: { url: 'https://erp.example.com/spoke/webhooks' } });
  const [own, other] = await Promise.all([hook(a.token), hook(b.token)]);
  if (own.status !== 201 || other.status !== 201) throw new Error(`webhook setup failed: ${own.status} ${other.status}`);
  ids.ownWebhook = own.body.data.id;
  ids.otherWebhook = other.body.data.id;
  ids.otherHistory = await otherHistory();
});

/** What a request can write, in the whole database. */
async function counts() {
  const [row] = rowsOf<Record<string, number>>(
    await getDb().execute(
      sql`select (select count(*)::int from offers) as offers,
                 (select count(*)::int from offer_accessories) as accessories,
                 (select count(*)::int from offer_history) as history,
                 (select count(*)::int from idempotency_keys) as keys,
                 (select count(*)::int from webhook_endpoints) as webhooks,
                 (select count(*)::int from webhook_deliveries) as deliveries`,
    ),
  );
  return row!;
}

// ---- Generators -----------------------------------------------------------------------------

const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "'; drop table offers; --",
  '" OR ""="',
  "1' union select null, version() --",
  "') or ('a'='a",
  '%',
  '_',
  '%_%',
  '\\',
  '\\\\',
  "\\'",
  '$1',
  ':name',
  '::text',
  'E\'\\x00\'',
  '/*',
  '*/',
  'pg_sleep(5)',
  "1; select pg_sleep(5)",
];

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'a\uDBFFb',
  '\uFEFF',
  '\u202E',
  '🚲',
  '\u{10FFFF}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e-320',
  '9007199254740993',
  '0x10',
  '1_000',
  '２０',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%zz',
  '%E0%A4%A',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  '99999-01-01',
  '0000-00-00',
  ',',
  ',,,',
  '!',
  '!,!',
  'createdAt,',
  'x'.repeat(256),
  'x'.repeat(2001),
];

/** A garbage string: SQL payloads, edge strings, arbitrary unicode (lone surrogates included), or mixes. */
const garbageString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_PAYLOADS) },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\uD800', '\uDC00', '\u0000', 'a', '%', "'"), maxLength: 20 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SQL_PAYLOADS), fc.string({ maxLength: 10 })).map(([p, s]) => p + s) },
);

/** Raw JSON number texts at the edges (some are not JSON at all). */
const NUMBER_TEXTS = [
  '-0',
  '0',
  '-1',
  '0.001',
  '0.1e1',
  '1e308',
  '1e309',
  '-1e309',
  '1e-320',
  '5e-324',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '99999999.99',
  '99999999.995',
  '100000000',
  '1.005',
  '12.345',
  '1E2',
  '00',
  '01',
  '.5',
  '5.',
  '+1',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '"NaN"',
  '"12.50"',
  '"1e308"',
];

/** A value of some JSON type, often the wrong one for a field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-0, Number.MAX_SAFE_INTEGER + 1, Number.MAX_VALUE, Number.MIN_VALUE, 1e-320, 1e308),
  garbageString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

type Body = { text: string; contentType?: string };

const json = (value: unknown): Body => ({ text: JSON.stringify(value) });

/** Sets `value` at a dotted path (`product.bidexCode`, `accessory.0.priceGross`) of a copy of `base`. */
function setPath(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base) as Record<string, any>;
  let node: any = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

/** Every field path of a valid create body (createOfferBodySchema), nested ones included. */
const OFFER_PATHS: string[][] = [
  ['externalOfferId'],
  ['customerName'],
  ['customerEmail'],
  ['product'],
  ['product', 'bidexCode'],
  ['product', 'brandName'],
  ['product', 'modelName'],
  ['product', 'modelYear'],
  ['product', 'color'],
  ['product', 'size'],
  ['product', 'driveManufacturer'],
  ['product', 'batteryCapacity'],
  ['product', 'priceGross'],
  ['product', 'listPriceGross'],
  ['accessory'],
  ['accessory', '0'],
  ['accessory', '0', 'bidexCode'],
  ['accessory', '0', 'brandName'],
  ['accessory', '0', 'modelName'],
  ['accessory', '0', 'priceGross'],
  ['accessory', '1', 'listPriceGross'],
  ['withShipping'],
  ['shippingCostGross'],
  ['installationCostGross'],
  ['deliveryDate'],
  ['notes'],
];
const WEBHOOK_PATHS: string[][] = [['url'], ['events'], ['events', '0'], ['description'], ['active']];
const MONEY_PATHS = OFFER_PATHS.filter((p) => /Gross$/.test(p[p.length - 1]!));

const baseOffer = () => offerBody({ externalOfferId: `FUZZ-${randomUUID()}` }) as Record<string, unknown>;
const baseWebhook = () => ({ url: 'https://erp.example.com/hooks', events: ['offer.status_changed'], description: 'x', active: true });

/** The bodies for one operation: mostly small, some huge or deep. */
function bodyArb(kind: 'offer' | 'webhook'): fc.Arbitrary<Body> {
  const base = kind === 'offer' ? baseOffer : baseWebhook;
  const paths = kind === 'offer' ? OFFER_PATHS : WEBHOOK_PATHS;
  const moneyPaths = kind === 'offer' ? MONEY_PATHS : [['active']];
  return fc.oneof(
    // Arbitrary JSON, and arbitrary JS values as far as JSON can carry them.
    { weight: 3, arbitrary: fc.json({ maxDepth: 4 }).map((text) => ({ text })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((v) => ({ text: safeStringify(v) })) },
    // A valid body with one field (or two) of a wrong type or value.
    { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...paths), wrongValue).map(([p, v]) => json(setPath(base(), p, v))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), wrongValue, fc.constantFrom(...paths), wrongValue)
        .map(([p1, v1, p2, v2]) => json(setPath(setPath(base(), p1, v1), p2, v2))),
    },
    // A field left out.
    {
      weight: 2,
      arbitrary: fc.constantFrom(...paths).map((p) => {
        const body = setPath(base(), p, undefined);
        return json(body);
      }),
    },
    // Unicode in every string field: lone surrogates, NUL, RTL overrides, astral planes.
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...paths), garbageString).map(([p, s]) => json(setPath(base(), p, s))) },
    // Numbers at the edges, written as raw JSON text (1e309, -0, 1e-320, NaN, 2^53+1 ...).
    {
      weight: 3,
      arbitrary: fc.tuple(fc.constantFrom(...moneyPaths), fc.constantFrom(...NUMBER_TEXTS)).map(([p, n]) => ({
        text: JSON.stringify(setPath(base(), p, '__NUMBER__')).replace('"__NUMBER__"', n),
      })),
    },
    // Duplicate keys: the raw text names a field twice (JSON.parse keeps the last one).
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...paths.filter((p) => p.length === 1)), wrongValue, fc.boolean()).map(([[key], v, first]) => {
        const valid = JSON.stringify(base());
        const dup = `${JSON.stringify(key)}:${safeStringify(v)}`;
        return { text: first ? `{${dup},${valid.slice(1)}` : `${valid.slice(0, -1)},${dup}}` };
      }),
    },
    // Deep nesting: as the whole body and as a field value.
    {
      weight: 1,
      arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => ({ text: '['.repeat(n) + ']'.repeat(n) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...paths), fc.integer({ min: 100, max: 5_000 })).map(([p, n]) => ({
        text: JSON.stringify(setPath(base(), p, '__DEEP__')).replace('"__DEEP__"', '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
      })),
    },
    // Strings at and over the limits, and huge ones (up to ~300 KB, over the 256 KiB body limit).
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), fc.constantFrom(254, 255, 256, 3999, 4000, 4001, 100_000, 262_000, 300_000), fc.constantFrom('x', 'é', '🚲', '\u0000'))
        .map(([p, n, ch]) => json(setPath(base(), p, ch.repeat(Math.ceil(n / ch.length))))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(50, 51, 1000).map((n) =>
        json(
          kind === 'offer'
            ? setPath(base(), ['accessory'], Array.from({ length: n }, () => ({ bidexCode: '201010', priceGross: 1 })))
            : setPath(base(), ['events'], Array.from({ length: n }, () => 'offer.status_changed')),
        ),
      ),
    },
    // Not JSON, or not an object.
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('', ' ', 'null', '[]', '"x"', '1', 'true', '{', '{"a":1,}', "{'a':1}", '\uFEFF{}', '{"a":1}{"b":2}', 'NaN', '\u0000')
        .map((text) => ({ text })),
    },
    // Content types other than JSON (or JSON-like ones) with a valid body.
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/JSON',
          'application/vnd.api+json',
          'application/jsonp',
          'application/json;',
          'json',
          '',
          '*/*',
        )
        .map((contentType) => ({ text: JSON.stringify(base()), contentType })),
    },
  );
}

function safeStringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return 'null';
  }
}

/** A path segment in the URL: other dealers' ids, random uuids, and anything else. */
const idArb = (own: () => string, other: () => string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(null).map(() => own()) },
    { weight: 3, arbitrary: fc.constant(null).map(() => other()) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant(null).map(() => own().toUpperCase()) },
    { weight: 1, arbitrary: fc.constant(null).map(() => `${own()}x`) },
    { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '1', '0', '-1', 'null') },
    { weight: 3, arbitrary: garbageString },
  );

/** A URL path segment; `.` and `..` would be resolved by the URL, so they are not segments. */
function segment(s: string): string {
  const encoded = s.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
  const e = encodeURIComponent(encoded);
  return e === '' || e === '.' || e === '..' ? '%20' : e;
}

/** Query string: the operation's documented parameters with garbage values, repeated ones, unknown ones. */
function queryArb(op: OperationSpec): fc.Arbitrary<string> {
  const names = Object.keys(op.query?.shape ?? {});
  const nameArb = names.length
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: garbageString })
    : garbageString;
  const pair = fc.tuple(nameArb, garbageString);
  return fc.oneof(
    fc.constant(''),
    fc.array(pair, { maxLength: 6 }).map((pairs) => {
      const q = new URLSearchParams();
      for (const [k, v] of pairs) q.append(k.replace(/[\uD800-\uDFFF]/g, '\uFFFD'), v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
      return q.toString();
    }),
    // Raw, possibly malformed query text.
    fc.tuple(nameArb, fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%00', '+', '&&', '=', '==', "%27%20OR%201%3D1%20--", '%5C')).map(([k, raw]) => `${encodeURIComponent(k.replace(/[\uD800-\uDFFF]/g, ''))}=${raw}`),
  );
}

/** A header value an HTTP server would pass on: no NUL, CR or LF, Latin-1 only. */
const headerValue = fc
  .oneof(
    garbageString,
    fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
    fc.constantFrom('*', 'W/"x"', '"x", *', 'W/', '""', ',,,', 'de-DE,de;q=0.9,en;q=0.8', 'xx', '*;q=0', 'de;q=abc', 'en;q=1e309', 'a'.repeat(300)),
  )
  .map((s) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?'));

type Headers = Record<string, string>;

/** `arb` in one case of `n`, else undefined. */
const rarely = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

function headersArb(op: OperationSpec): fc.Arbitrary<Headers> {
  return fc.record(
    {
      'idempotency-key': headerValue,
      'if-none-match': headerValue,
      'accept-language': headerValue,
      'spoke-request-id': headerValue,
    },
    { requiredKeys: [] },
  )
    .chain((h) =>
      // A bad Authorization is the auth matrix's subject; only rarely here, so the token usually holds.
      rarely(fc.constantFrom('', 'Bearer', 'Bearer x', 'Basic YTpi', `Bearer ${'a'.repeat(5000)}`, `Bearer ${b.token}x`), 20)
        .map((authorization) => (authorization === undefined ? h : { ...h, authorization })),
    )
    .map((h) => {
      if (op.method !== 'post' && op.method !== 'put' && op.method !== 'patch') delete (h as Headers)['idempotency-key'];
      return h as Headers;
    });
}

// ---- Operations -----------------------------------------------------------------------------

type Case = { path: string; query: string; headers: Headers; body?: Body; method: string };

function pathArb(op: OperationSpec): fc.Arbitrary<string> {
  const webhooks = op.path.startsWith('/v1/webhooks/{id}');
  const id = webhooks ? idArb(() => ids.ownWebhook, () => ids.otherWebhook) : idArb(() => ids.ownOffer, () => ids.otherOffer);
  const delivery = idArb(() => randomUUID(), () => randomUUID());
  return fc.tuple(id, delivery).map(([i, d]) => op.path.replace('{id}', segment(i)).replace('{deliveryId}', segment(d)));
}

function caseArb(op: OperationSpec): fc.Arbitrary<Case> {
  const kind = op.path.startsWith('/v1/webhooks') ? 'webhook' : 'offer';
  const body = op.body ? bodyArb(kind).map((b) => b as Body | undefined) : rarely(bodyArb(kind), 5);
  return fc.record({ path: pathArb(op), query: queryArb(op), headers: headersArb(op), body, method: fc.constant(op.method.toUpperCase()) });
}

/** Paths outside the document (the JSON 404 catch-all) and methods a path does not allow (JSON 405). */
const strayArb: fc.Arbitrary<Case> = fc.record({
  path: fc.oneof(
    fc.array(garbageString.map(segment), { minLength: 1, maxLength: 4 }).map((parts) => `/v1/${parts.join('/')}`),
    fc.constantFrom('/v1', '/v1/', '/v1/offers/x/y/z', '/v1/webhooks/x/deliveries/y/z', '/v1/sandbox', '/v1/sandbox/offers'),
  ),
  query: fc.constant(''),
  headers: headersArb(OPERATIONS[0]!),
  body: rarely(bodyArb('offer'), 3),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
});

const wrongMethodArb: fc.Arbitrary<Case> = fc
  .constantFrom(...[...new Set(OPERATIONS.map((op) => op.path))])
  .chain((path) => {
    const allowed = OPERATIONS.filter((op) => op.path === path).map((op) => op.method.toUpperCase());
    const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !allowed.includes(m));
    const op = OPERATIONS.find((o) => o.path === path)!;
    return fc.record({
      path: pathArb(op),
      query: queryArb(op),
      headers: headersArb(op),
      body: rarely(bodyArb('offer'), 2),
      method: fc.constantFrom(...others),
    });
  });

// ---- The property ---------------------------------------------------------------------------

const SUCCESS = new Set([200, 201, 202, 204, 304]);
let total = 0;
const statuses = new Map<number, number>();

async function check(c: Case, token: string) {
  const headers: Headers = { ...c.headers };
  // A GET with a body is refused by the Request constructor itself, before any server.
  if (c.method === 'GET') c = { ...c, body: undefined };
  if (c.body?.contentType !== undefined) headers['content-type'] = c.body.contentType;
  else if (c.body) headers['content-type'] = 'application/json';
  const before = await counts();
  const url = c.query ? `${c.path}?${c.query}` : c.path;
  const res = await call(c.method, url, { token: headers.authorization === undefined ? token : undefined, headers, raw: c.body?.text });
  total++;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const label = `${c.method} ${url.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, label).toBeLessThan(500);
  if (SUCCESS.has(res.status)) return;
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  // The envelope; beside it only what the request held that was ignored (meta.warnings).
  expect(Object.keys(res.body ?? {}).filter((k) => k !== 'meta'), label).toEqual(['errors']);
  expect(res.body.errors.length, label).toBeGreaterThan(0);
  for (const e of res.body.errors) {
    expect(typeof e.code, label).toBe('string');
    expect(typeof e.message, label).toBe('string');
    expect(Object.keys(e.translations ?? {}).sort(), label).toEqual(['de', 'en']);
    // No stack trace or SQL ever reaches a client.
    expect(JSON.stringify(e), label).not.toMatch(/\bat \S+ \(|node_modules|syntax error at|\bselect\b.+\bfrom\b|violates/i);
  }
  expect(await counts(), `written on a 4xx: ${label}`).toEqual(before);
}

function run(arb: fc.Arbitrary<Case>) {
  return fc.assert(
    fc.asyncProperty(arb, (c) => check(c, a.token)),
    { numRuns: RUNS, seed: SEED, endOnFailure: false, verbose: false },
  );
}

describe(`fuzzing every /v1 operation (${RUNS} cases each)`, () => {
  it('lists every route file of app/v1 among the fuzzed paths', () => {
    // A new route file without an operation here would go unfuzzed.
    const files = Object.keys(import.meta.glob('/app/v1/**/route.ts'));
    const templates = files.map((f) =>
      f.replace(/^\/app/, '').replace(/\/route\.ts$/, '').replace(/\[\[\.\.\.\w+\]\]/, '{catchAll}').replace(/\[(\w+)\]/g, '{$1}'),
    );
    const fuzzed = new Set([...OPERATIONS.map((op) => op.path), '/v1/{catchAll}']);
    expect(templates.filter((t) => !fuzzed.has(t))).toEqual([]);
  });

  for (const op of OPERATIONS) {
    it(`${op.method.toUpperCase()} ${op.path}`, () => run(caseArb(op)), TIMEOUT);
  }

  it('undocumented paths under /v1 (JSON 404)', () => run(strayArb), TIMEOUT);
  it('methods a path does not allow (JSON 405)', () => run(wrongMethodArb), TIMEOUT);

  it('another dealer’s resources stay untouched and unseen', async () => {
    // After all the cases above (many aimed at dealer B's ids with A's token), B's offer and
    // webhook are as they were: readable by B, not found for A.
    expect((await api.get(`/v1/offers/${ids.otherOffer}`, { token: b.token })).status).toBe(200);
    expect((await api.get(`/v1/offers/${ids.otherOffer}`, { token: a.token })).status).toBe(404);
    const hook = await api.get(`/v1/webhooks/${ids.otherWebhook}`, { token: b.token });
    expect(hook.status).toBe(200);
    expect(hook.body.data.url).toBe('https://erp.example.com/spoke/webhooks');
    expect(await otherHistory()).toBe(ids.otherHistory);
    console.info(`fuzz: ${total} requests, ${RUNS} cases per operation; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([x], [y]) => x - y)))}`);
  });
});

// Found by the fuzzer: U+0000 in a string reached PostgreSQL, which cannot store it in text, and
// the request failed with 500 (create, update, validate, webhook register and change, list search).
describe('the NUL character (U+0000), found by fuzzing', () => {
  const nul = 'a\u0000b';

  it.each<[string, string, string, () => unknown]>([
    ['POST', '/v1/offers', 'customerName', () => offerBody({ customerName: nul })],
    ['POST', '/v1/offers', 'notes', () => offerBody({ notes: nul })],
    ['POST', '/v1/offers', 'accessory[1].modelName', () => setPath(offerBody(), ['accessory', '1', 'modelName'], nul)],
    ['POST', '/v1/offers/validate', 'product.brandName', () => setPath(offerBody(), ['product', 'brandName'], nul)],
    ['PUT', '/v1/offers/{own}', 'notes', () => offerBody({ notes: nul })],
    ['POST', '/v1/webhooks', 'description', () => ({ url: 'https://erp.example.com/hooks', description: nul })],
    ['PATCH', '/v1/webhooks/{hook}', 'description', () => ({ description: nul })],
  ])('%s %s with it in %s: 400 INVALID_PARAMETER naming the field, nothing written', async (method, path, field, body) => {
    const before = await counts();
    const url = path.replace('{own}', ids.ownOffer).replace('{hook}', ids.ownWebhook);
    const res = await call(method, url, { token: a.token, body: body() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: field })]);
    expect(await counts()).toEqual(before);
  });

  it.each(['search', 'email', 'externalOfferId', 'status'])('GET /v1/offers?%s= with it: 400 INVALID_PARAMETER', async (name) => {
    const res = await api.get('/v1/offers', { token: a.token, query: { [name]: nul } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: name })]);
  });

  it('a body nested 20,000 levels deep is checked without a stack overflow', async () => {
    const res = await api.post('/v1/offers', { token: a.token, raw: `{"x":${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}}`, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: `x${'[0]'.repeat(20_000)}` });
  });
});

describe('lone UTF-16 surrogates, found by fuzzing (the embedded database refused them with a 500)', () => {
  it.each<[string, string, string, string]>([
    ['PATCH', '/v1/webhooks/{hook}', 'description', '{"description":"\\udc00\\udc00"}'],
    ['POST', '/v1/webhooks', 'description', '{"url":"https://erp.example.com/hooks","description":"x\\ud800"}'],
    ['POST', '/v1/offers/validate', 'customerName', JSON.stringify({ ...offerBody(), customerName: 'Eve' }).replace('"Eve"', '"Eve\\udfff"')],
  ])('%s %s with one in %s: 400 INVALID_PARAMETER naming the field, nothing written', async (method, path, field, raw) => {
    const before = await counts();
    const url = path.replace('{hook}', ids.ownWebhook);
    const res = await call(method, url, { token: a.token, raw, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details: field })]);
    expect(await counts()).toEqual(before);
  });

  it('a well-formed pair (an emoji) is fine', async () => {
    const res = await api.post('/v1/offers/validate', { token: a.token, body: offerBody({ customerName: 'Eve 🚲 Rad' }) });
    expect(res.status).toBe(200);
  });
});
