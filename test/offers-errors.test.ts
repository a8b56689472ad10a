import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api, call } from './helpers/api';
import { newClient, newDealer, tokenFor, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Errors of the v1 API — spec "Errors", "Error object", "Conventions" 3, 7 and 8 and
// docs/contract.md "Errors" (the case table, details paths, limits), "Endpoints" (request id, Idempotency-Key) and
// the externalOfferId rules.

let dealer: TestDealer;

beforeAll(async () => {
  dealer = await newDealer();
});

const post = (body: unknown, headers?: Record<string, string>, token = dealer.token) => api.post('/v1/offers', { token, body, headers });
const postRaw = (raw: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  api.post('/v1/offers', { token: dealer.token, raw, headers });

/** What was written: offers, history entries and stored idempotent answers, in the whole database. */
async function counts() {
  const [row] = rowsOf<{ offers: number; history: number; keys: number }>(
    await getDb().execute(
      sql`select (select count(*)::int from offers) as offers, (select count(*)::int from offer_history) as history, (select count(*)::int from idempotency_keys) as keys`,
    ),
  );
  return row!;
}

/** The (code, details) pairs of an error answer. */
const problems = (res: { body: any }) => res.body.errors.map((e: any) => [e.code, e.details]);

function expectErrorEntries(res: { status: number; body: any }) {
  expect(Object.keys(res.body)).toEqual(['errors']);
  expect(res.body.errors.length).toBeGreaterThan(0);
  for (const e of res.body.errors) {
    expect(e.code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    expect(typeof e.message).toBe('string');
    expect(e.translations.de.length).toBeGreaterThan(0);
    expect(e.translations.en.length).toBeGreaterThan(0);
    expect(e.translations.de).not.toBe(e.translations.en);
  }
}

async function expect400(res: { status: number; body: any; text: string }, code: string, details?: string) {
  expect(res.status, res.text).toBe(400);
  expectErrorEntries(res);
  expect(res.body.errors).toEqual([expect.objectContaining({ code, ...(details !== undefined ? { details } : {}) })]);
}

const withProduct = (product: Record<string, unknown>) => offerBody({ product: { ...offerBody().product, ...product } });
const withAccessory = (i: number, accessory: Record<string, unknown>) => {
  const body = offerBody();
  body.accessory[i] = { ...body.accessory[i]!, ...accessory } as (typeof body.accessory)[number];
  return body;
};

describe('400 INVALID_REQUEST — the body as a whole (contract Errors)', () => {
  it('contract Errors: malformed JSON is 400 INVALID_REQUEST', async () => {
    await expect400(await postRaw('{"externalOfferId": "X",'), 'INVALID_REQUEST');
    await expect400(await postRaw(''), 'INVALID_REQUEST');
    await expect400(await postRaw("{'single': 'quotes'}"), 'INVALID_REQUEST');
  });

  it('contract Errors: a body that is not a JSON object is 400 INVALID_REQUEST', async () => {
    await expect400(await postRaw('[]'), 'INVALID_REQUEST');
    await expect400(await postRaw('"offer"'), 'INVALID_REQUEST');
    await expect400(await postRaw('null'), 'INVALID_REQUEST');
  });

  it('contract Errors / spec Conventions 7: a wrong or missing content type is 400 INVALID_REQUEST', async () => {
    const json = JSON.stringify(offerBody());
    await expect400(await postRaw(json, { 'content-type': 'text/plain' }), 'INVALID_REQUEST');
    await expect400(await postRaw(json, { 'content-type': 'application/x-www-form-urlencoded' }), 'INVALID_REQUEST');
    await expect400(await postRaw(json, {}), 'INVALID_REQUEST');
    expect((await postRaw(json, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(202);
  });

  it('contract Errors: a body over 256 KiB is 400 INVALID_REQUEST', async () => {
    const big = JSON.stringify({ ...offerBody(), padding: 'x'.repeat(256 * 1024) });
    const res = await postRaw(big);
    await expect400(res, 'INVALID_REQUEST');
    expect(res.body.errors[0].message).toContain('256 KiB');
  });

  it('contract Errors: a declared Content-Length over 256 KiB is refused before reading', async () => {
    const res = await postRaw(JSON.stringify(offerBody()), {
      'content-type': 'application/json',
      'content-length': String(256 * 1024 + 1),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('INVALID_REQUEST');
  });

  it('contract Errors: a body just under 256 KiB is read (unknown fields are ignored)', async () => {
    const body = JSON.stringify({ ...offerBody(), padding: 'x'.repeat(250 * 1024) });
    expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
    expect((await postRaw(body)).status).toBe(202);
  });

  it('contract Errors: the body of an update is checked the same way', async () => {
    const offer = await createOffer(dealer.token);
    const res = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, raw: '{', headers: { 'content-type': 'application/json' } });
    await expect400(res, 'INVALID_REQUEST');
    const type = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, raw: '{}', headers: { 'content-type': 'text/plain' } });
    await expect400(type, 'INVALID_REQUEST');
  });
});

describe('400 MISSING_PARAMETER — each required field (spec Offer; contract Errors)', () => {
  const required: Array<[string, (b: any) => void]> = [
    ['externalOfferId', (b) => delete b.externalOfferId],
    ['customerName', (b) => delete b.customerName],
    ['customerEmail', (b) => delete b.customerEmail],
    ['product', (b) => delete b.product],
    ['accessory', (b) => delete b.accessory],
    ['product.bidexCode', (b) => delete b.product.bidexCode],
    ['accessory[1].bidexCode', (b) => delete b.accessory[1].bidexCode],
  ];
  for (const [path, remove] of required) {
    it(`spec Offer: a missing ${path} is 400 MISSING_PARAMETER with details ${path}`, async () => {
      const body = structuredClone(offerBody());
      remove(body);
      const res = await post(body);
      await expect400(res, 'MISSING_PARAMETER', path);
      expect(res.body.errors[0].translations.en).toContain(path);
    });
  }
});

describe('400 INVALID_PARAMETER — types, formats and limits (contract Errors)', () => {
  const cases: Array<[string, unknown, string]> = [
    // wrong types
    ['product is not an object', offerBody({ product: 'bike' }), 'product'],
    ['accessory is not an array', offerBody({ accessory: { bidexCode: '201010' } }), 'accessory'],
    ['an accessory is not an object', offerBody({ accessory: ['201010'] }), 'accessory[0]'],
    ['withShipping is a string', offerBody({ withShipping: 'yes' }), 'withShipping'],
    ['customerName is a number', offerBody({ customerName: 42 }), 'customerName'],
    ['externalOfferId is null', offerBody({ externalOfferId: null }), 'externalOfferId'],
    ['notes is an object', offerBody({ notes: { text: 'x' } }), 'notes'],
    // bidexCode: six digits
    ['bidexCode as a number', withAccessory(1, { bidexCode: 201310 }), 'accessory[1].bidexCode'],
    ['bidexCode with five digits', withProduct({ bidexCode: '10202' }), 'product.bidexCode'],
    ['bidexCode with seven digits', withProduct({ bidexCode: '1020200' }), 'product.bidexCode'],
    ['bidexCode with a letter', withAccessory(0, { bidexCode: '20101a' }), 'accessory[0].bidexCode'],
    ['bidexCode with blanks', withAccessory(1, { bidexCode: ' 201310' }), 'accessory[1].bidexCode'],
    ['bidexCode with a dash', withProduct({ bidexCode: '102-20' }), 'product.bidexCode'],
    // e-mail
    ['customerEmail without @', offerBody({ customerEmail: 'erika.example.com' }), 'customerEmail'],
    ['customerEmail without domain', offerBody({ customerEmail: 'erika@' }), 'customerEmail'],
    ['customerEmail with two @', offerBody({ customerEmail: 'erika@@example.com' }), 'customerEmail'],
    ['customerEmail with a blank', offerBody({ customerEmail: 'erika muster@example.com' }), 'customerEmail'],
    // money: finite, ≥ 0, at most two decimals, a number
    ['negative product price', withProduct({ priceGross: -1 }), 'product.priceGross'],
    ['negative shipping cost', offerBody({ shippingCostGross: -0.01 }), 'shippingCostGross'],
    ['three decimals', withProduct({ listPriceGross: 3699.999 }), 'product.listPriceGross'],
    ['three decimals on an accessory', withAccessory(1, { priceGross: 49.905 }), 'accessory[1].priceGross'],
    ['money above the numeric(12,2) range', offerBody({ installationCostGross: 100_000_000 }), 'installationCostGross'],
    ['money as a string', offerBody({ installationCostGross: '15.00' }), 'installationCostGross'],
    ['money as a string on an accessory', withAccessory(0, { listPriceGross: '109.95' }), 'accessory[0].listPriceGross'],
    // deliveryDate: ISO 8601 date-time
    ['deliveryDate in German notation', offerBody({ deliveryDate: '15.12.2026' }), 'deliveryDate'],
    // (a day alone, 2026-12-15, is accepted: the start of that day in Europe/Berlin, test/integrator-reference.test.ts)
    ['deliveryDate as a day that does not exist', offerBody({ deliveryDate: '2026-02-30' }), 'deliveryDate'],
    ['deliveryDate without offset', offerBody({ deliveryDate: '2026-12-15T10:00:00' }), 'deliveryDate'],
    ['deliveryDate impossible', offerBody({ deliveryDate: '2026-13-40T10:00:00Z' }), 'deliveryDate'],
    ['deliveryDate as a number', offerBody({ deliveryDate: 1765792800000 }), 'deliveryDate'],
    // lengths
    ['customerName over 255', offerBody({ customerName: 'x'.repeat(256) }), 'customerName'],
    ['externalOfferId over 255', offerBody({ externalOfferId: 'x'.repeat(256) }), 'externalOfferId'],
    ['product.modelName over 255', withProduct({ modelName: 'x'.repeat(256) }), 'product.modelName'],
    ['accessory brandName over 255', withAccessory(1, { brandName: 'x'.repeat(256) }), 'accessory[1].brandName'],
    ['customerEmail over 255', offerBody({ customerEmail: `${'x'.repeat(250)}@example.com` }), 'customerEmail'],
    ['notes over 4000', offerBody({ notes: 'x'.repeat(4001) }), 'notes'],
    ['51 accessories', offerBody({ accessory: Array.from({ length: 51 }, () => ({ bidexCode: '201010' })) }), 'accessory'],
    // required texts must not be blank
    ['empty customerName', offerBody({ customerName: '' }), 'customerName'],
    ['blank externalOfferId', offerBody({ externalOfferId: '   ' }), 'externalOfferId'],
  ];

  for (const [what, body, path] of cases) {
    it(`contract Errors: ${what} is 400 INVALID_PARAMETER with details ${path}`, async () => {
      await expect400(await post(body), 'INVALID_PARAMETER', path);
    });
  }

  it('contract Errors: money as a non-finite number (1e999 in the JSON) is 400 INVALID_PARAMETER', async () => {
    const raw = JSON.stringify(offerBody()).replace('"shippingCostGross":29.9', '"shippingCostGross":1e999');
    expect(raw).toContain('1e999');
    await expect400(await postRaw(raw), 'INVALID_PARAMETER', 'shippingCostGross');
  });

  it('contract Errors: the limits themselves are accepted (255 characters, 4000 in notes, 50 accessories, two decimals, 0)', async () => {
    const res = await post(
      offerBody({
        customerName: 'x'.repeat(255),
        externalOfferId: `${randomUUID()}${'y'.repeat(219)}`,
        notes: 'n'.repeat(4000),
        accessory: Array.from({ length: 50 }, () => ({ bidexCode: '201010', priceGross: 0.01 })),
        shippingCostGross: 0,
        installationCostGross: 12.5,
        deliveryDate: '2030-12-15T10:00:00.000+01:00',
      }),
    );
    expect(res.status, res.text).toBe(202);
    expect(res.body.data.accessory).toHaveLength(50);
    expect(res.body.data.deliveryDate).toBe('2030-12-15T09:00:00.000Z');
    expect(res.body.data.totalPriceGross).toBe(3499 + 0.5 + 12.5);
  });

  it('spec Errors: several problems give several entries, one per problem, each naming its field', async () => {
    const body: any = structuredClone(offerBody());
    delete body.customerName;
    body.customerEmail = 'no-email';
    body.accessory[1].bidexCode = '12';
    body.product.priceGross = -5;
    const res = await post(body);
    expect(res.status).toBe(400);
    expectErrorEntries(res);
    expect(problems(res).sort()).toEqual(
      [
        ['MISSING_PARAMETER', 'customerName'],
        ['INVALID_PARAMETER', 'customerEmail'],
        ['INVALID_PARAMETER', 'product.priceGross'],
        ['INVALID_PARAMETER', 'accessory[1].bidexCode'],
      ].sort(),
    );
  });

  it('spec Error object: every entry has code, message, details and de/en translations; the message follows Accept-Language', async () => {
    const body: any = structuredClone(offerBody());
    body.accessory[1].bidexCode = 'abc';
    const en = await post(body);
    expectErrorEntries(en);
    expect(en.body.errors[0].message).toBe(en.body.errors[0].translations.en);
    const de = await post(body, { 'accept-language': 'de' });
    expect(de.body.errors[0].message).toBe(de.body.errors[0].translations.de);
    expect(de.body.errors[0].translations).toEqual(en.body.errors[0].translations);
  });

  it('contract Errors: no stack trace or internals reach the client', async () => {
    const res = await postRaw('{"broken":');
    expect(res.text).not.toMatch(/at .*\.ts:\d+|SyntaxError|stack/);
  });
});

describe('nothing is written on a 400 (contract Errors)', () => {
  it('contract Errors: requests refused with 400 leave offers, history and idempotency keys untouched', async () => {
    const before = await counts();
    const bad: any = structuredClone(offerBody());
    bad.accessory[1].bidexCode = '1';
    expect((await post(bad)).status).toBe(400);
    expect((await post(bad, { 'Idempotency-Key': `k-${randomUUID()}` })).status).toBe(400);
    expect((await postRaw('{')).status).toBe(400);
    expect((await postRaw(JSON.stringify(offerBody()), { 'content-type': 'text/plain' })).status).toBe(400);
    expect((await post(offerBody({ accessory: Array.from({ length: 51 }, () => ({ bidexCode: '201010' })) }))).status).toBe(400);
    expect((await post(offerBody(), { 'Idempotency-Key': 'has spaces in it' })).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await post(offerBody())).status).toBe(202);
    const after = await counts();
    expect(after.offers).toBe(before.offers + 1);
    expect(after.history).toBe(before.history + 1);
  });
});

describe('nothing is half-written when a create fails in the database', () => {
  // A create without Idempotency-Key is one statement (offer, accessories, history, webhook
  // deliveries as data-modifying CTEs) and no transaction: a write of it that fails must take the
  // others with it. A trigger makes the accessories' insert fail for one model name.
  it('the offer, its history and its key are not written when its accessories cannot be', async () => {
    const db = getDb();
    await db.execute(sql`create or replace function spoke_test_refuse_accessory() returns trigger language plpgsql as $$
      begin if new.model_name = 'Refused by the database' then raise exception 'refused accessory'; end if; return new; end $$`);
    await db.execute(sql`create trigger spoke_test_refuse_accessory before insert on offer_accessories for each row execute function spoke_test_refuse_accessory()`);
    try {
      const before = await counts();
      const externalOfferId = `HALF-${randomUUID()}`;
      const body: any = offerBody({ externalOfferId });
      body.accessory[1].modelName = 'Refused by the database';
      const plain = await post(body);
      expect(plain.status).toBe(500);
      expect(plain.body.errors[0].code).toBe('INTERNAL_SERVER_ERROR');
      expect((await post(body, { 'Idempotency-Key': `k-${randomUUID()}` })).status).toBe(500);
      expect(await counts()).toEqual(before);
      const [left] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from offers where external_offer_id = ${externalOfferId}`));
      expect(left!.n).toBe(0);
      // The same offer with an accepted accessory is written whole.
      body.accessory[1].modelName = 'Granit X-Plus';
      const created = await post(body);
      expect(created.status).toBe(202);
      const [whole] = rowsOf<{ accessories: number; history: number }>(
        await db.execute(sql`select (select count(*)::int from offer_accessories where offer_id = ${created.body.data.id}) as accessories,
          (select count(*)::int from offer_history where offer_id = ${created.body.data.id}) as history`),
      );
      expect(whole).toEqual({ accessories: body.accessory.length, history: 1 });
    } finally {
      await db.execute(sql`drop trigger spoke_test_refuse_accessory on offer_accessories`);
      await db.execute(sql`drop function spoke_test_refuse_accessory()`);
    }
  });
});

describe('ids, paths and methods (contract Errors)', () => {
  it('contract Errors: a malformed id is 400 INVALID_PARAMETER on every offer path', async () => {
    const calls = [
      api.get('/v1/offers/not-a-uuid', { token: dealer.token }),
      api.put('/v1/offers/123', { token: dealer.token, body: { product: { bidexCode: '102020' }, accessory: [] } }),
      api.post('/v1/offers/xyz/cancel', { token: dealer.token }),
      api.get('/v1/offers/0000/history', { token: dealer.token }),
      api.post('/v1/sandbox/offers/abc/advance', { token: dealer.token }),
      api.get(`/v1/offers/${randomUUID()}x`, { token: dealer.token }),
    ];
    for (const res of await Promise.all(calls)) await expect400(res, 'INVALID_PARAMETER', 'id');
  });

  it('contract Errors: an unknown /v1 path answers JSON 404 NOT_FOUND', async () => {
    for (const path of ['/v1/unknown', '/v1/offer', '/v1/offers/accessory/extra', `/v1/offers/${randomUUID()}/unknown`, '/v1']) {
      const res = await api.get(path, { token: dealer.token });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.errors[0].code).toBe('NOT_FOUND');
      expect(res.headers.get('spoke-request-id')).toBeTruthy();
    }
    expect((await api.post('/v1/nothing', { token: dealer.token, body: {} })).status).toBe(404);
  });

  it('spec Errors 405 / contract Errors: a wrong method answers JSON 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const id = randomUUID();
    const cases: Array<[Promise<any>, string[]]> = [
      [api.delete('/v1/offers', { token: dealer.token }), ['GET', 'POST']],
      [api.put('/v1/offers', { token: dealer.token, body: {} }), ['GET', 'POST']],
      [api.patch(`/v1/offers/${id}`, { token: dealer.token, body: {} }), ['GET', 'PUT']],
      [api.delete(`/v1/offers/${id}`, { token: dealer.token }), ['GET', 'PUT']],
      [api.get(`/v1/offers/${id}/cancel`, { token: dealer.token }), ['POST']],
      [api.post(`/v1/offers/${id}/history`, { token: dealer.token }), ['GET']],
      [api.post('/v1/offers/accessory', { token: dealer.token }), ['GET']],
      [api.delete('/v1/offers/categories', { token: dealer.token }), ['GET']],
    ];
    for (const [call, allowed] of cases) {
      const res = await call;
      expect(res.status).toBe(405);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.errors[0].code).toBe('METHOD_NOT_ALLOWED');
      const allow = res.headers.get('allow')!.split(',').map((m: string) => m.trim());
      for (const m of allowed) expect(allow).toContain(m);
      for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((x) => !allowed.includes(x))) expect(allow).not.toContain(m);
    }
  });

  it('spec Conventions 8: OPTIONS is allowed for preflight', async () => {
    const res = await call('OPTIONS', '/v1/offers');
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('allow')).toContain('POST');
  });
});

describe('Spoke-Request-ID (spec Conventions 7; contract Endpoints)', () => {
  it('contract Endpoints: every response carries Spoke-Request-ID — 202, 200, 304, 400, 401, 404, 405, 406', async () => {
    const offer = await createOffer(dealer.token);
    const got = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    const responses = [
      await post(offerBody()),
      got,
      await api.get(`/v1/offers/${offer.id}`, { token: dealer.token, headers: { 'if-none-match': got.headers.get('etag')! } }),
      await postRaw('{'),
      await api.get('/v1/offers'),
      await api.get(`/v1/offers/${randomUUID()}`, { token: dealer.token }),
      await api.delete('/v1/offers', { token: dealer.token }),
      await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { product: { bidexCode: '102020' }, accessory: [] } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([202, 200, 304, 400, 401, 404, 405, 406]);
    const ids = responses.map((r) => r.headers.get('spoke-request-id'));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9._:-]{8,}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('contract Endpoints: an incoming Spoke-Request-ID is echoed, on success and on error', async () => {
    const ok = await api.get('/v1/offers', { token: dealer.token, headers: { 'Spoke-Request-ID': 'erp-4711.a' } });
    expect(ok.headers.get('spoke-request-id')).toBe('erp-4711.a');
    const bad = await postRaw('{', { 'content-type': 'application/json', 'spoke-request-id': 'erp-4712' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('spoke-request-id')).toBe('erp-4712');
    const unknown = await api.get('/v1/nope', { headers: { 'Spoke-Request-ID': 'trace-1' } });
    expect(unknown.headers.get('spoke-request-id')).toBe('trace-1');
  });

  it('contract Endpoints: an unsafe incoming request id is replaced, not echoed', async () => {
    const res = await api.get('/v1/offers', { token: dealer.token, headers: { 'Spoke-Request-ID': 'x'.repeat(300) } });
    expect(res.headers.get('spoke-request-id')).not.toBe('x'.repeat(300));
    expect(res.headers.get('spoke-request-id')).toBeTruthy();
  });
});

describe('externalOfferId (spec Classification codes: unique per dealer; contract Errors 409 CONFLICT)', () => {
  it('contract Errors: an externalOfferId held by an active (pending) offer of the dealer is 409 CONFLICT', async () => {
    const ext = `DUP-${randomUUID()}`;
    await createOffer(dealer.token, { externalOfferId: ext });
    const before = await counts();
    const res = await post(offerBody({ externalOfferId: ext }));
    expect(res.status).toBe(409);
    expectErrorEntries(res);
    expect(res.body.errors[0]).toMatchObject({ code: 'CONFLICT', details: expect.stringMatching(/^externalOfferId: held by the active offer SPK-\d+ /) });
    expect(await counts()).toEqual(before);
  });

  it('contract Errors: draft, order_journey_started and later steps hold the externalOfferId too', async () => {
    const ext = `ACTIVE-${randomUUID()}`;
    const offer = await createOffer(dealer.token, { externalOfferId: ext });
    for (let step = 0; step < 4; step++) {
      await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token: dealer.token });
      expect((await post(offerBody({ externalOfferId: ext }))).status).toBe(409);
    }
  });

  it('contract Errors: the externalOfferId is compared after normalization (blanks trimmed)', async () => {
    const ext = `TRIM-${randomUUID()}`;
    await createOffer(dealer.token, { externalOfferId: ext });
    expect((await post(offerBody({ externalOfferId: `  ${ext} ` }))).status).toBe(409);
  });

  it('spec Classification codes: unique per dealer — another dealer may use the same externalOfferId', async () => {
    const ext = `SHARED-${randomUUID()}`;
    await createOffer(dealer.token, { externalOfferId: ext });
    const other = await tokenFor('other-sandbox', 'other-sandbox-secret');
    expect((await post(offerBody({ externalOfferId: ext }), {}, other)).status).toBe(202);
  });

  it('spec Status object infos: reuse after cancel is allowed and processing adds EXTERNAL_ID_ALREADY_USED', async () => {
    const ext = `REUSE-${randomUUID()}`;
    const first = await createOffer(dealer.token, { externalOfferId: ext });
    await api.post(`/v1/offers/${first.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' } });
    const res = await post(offerBody({ externalOfferId: ext }));
    expect(res.status).toBe(202);
    expect(res.body.data.status.infos).toEqual([]);
    await processOffers();
    const read = await api.get(`/v1/offers/${res.body.data.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('draft');
    const info = read.body.data.status.infos.find((i: any) => i.code === 'EXTERNAL_ID_ALREADY_USED');
    expect(info).toMatchObject({ code: 'EXTERNAL_ID_ALREADY_USED', field: 'externalOfferId' });
    expect(info.translations.en).toContain(first.offerNumber);
    expect(info.translations.de).toContain(first.offerNumber);
  });

  it('contract Lifecycle: reuse after rejection is allowed too and names the rejected offer', async () => {
    const ext = `REJ-${randomUUID()}`;
    const first = await createOffer(dealer.token, { externalOfferId: ext, product: { ...offerBody().product, bidexCode: '999999' } });
    await processOffers();
    const second = await createOffer(dealer.token, { externalOfferId: ext });
    await processOffers();
    const read = await api.get(`/v1/offers/${second.id}`, { token: dealer.token });
    const info = read.body.data.status.infos.find((i: any) => i.code === 'EXTERNAL_ID_ALREADY_USED');
    expect(info.message).toContain(first.offerNumber);
  });

  it('spec Status object infos: a new externalOfferId gets no EXTERNAL_ID_ALREADY_USED', async () => {
    const offer = await createOffer(dealer.token);
    await processOffers();
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.status.infos).toEqual([]);
  });
});

describe('Idempotency-Key on create (contract Endpoints)', () => {
  it('contract Endpoints: the same key and body replay the first answer — same id, same status, one offer', async () => {
    const key = `key-${randomUUID()}`;
    const body = offerBody();
    const first = await post(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(202);
    const before = await counts();
    const second = await post(body, { 'Idempotency-Key': key });
    expect(second.status).toBe(202);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.offerNumber).toBe(first.body.data.offerNumber);
    expect(second.body.data.status).toEqual(first.body.data.status);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await counts()).toEqual(before);
  });

  it('contract Endpoints: the same body with its keys in another order is the same request', async () => {
    const key = `key-${randomUUID()}`;
    const body = offerBody();
    const first = await post(body, { 'Idempotency-Key': key });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await post(reordered, { 'Idempotency-Key': key });
    expect(second.status).toBe(202);
    expect(second.body.data.id).toBe(first.body.data.id);
  });

  it('contract Endpoints: the same key with another body is 409 IDEMPOTENCY_KEY_REUSED and creates nothing', async () => {
    const key = `key-${randomUUID()}`;
    const body = offerBody();
    await post(body, { 'Idempotency-Key': key });
    const before = await counts();
    const res = await post({ ...body, notes: 'different' }, { 'Idempotency-Key': key });
    expect(res.status).toBe(409);
    expectErrorEntries(res);
    expect(res.body.errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await counts()).toEqual(before);
  });

  it('contract Endpoints: keys are per dealer — another dealer’s equal key creates its own offer', async () => {
    const key = `key-${randomUUID()}`;
    const body = offerBody();
    const mine = await post(body, { 'Idempotency-Key': key });
    const otherDealer = await newDealer();
    const theirs = await post(body, { 'Idempotency-Key': key }, otherDealer.token);
    expect(theirs.status).toBe(202);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    // and the other dealer never sees the first dealer's answer
    expect((await api.get(`/v1/offers/${mine.body.data.id}`, { token: otherDealer.token })).status).toBe(404);
  });

  it('contract Endpoints: keys are shared by the clients of one dealer and environment', async () => {
    const key = `key-${randomUUID()}`;
    const body = offerBody();
    const first = await post(body, { 'Idempotency-Key': key });
    const sibling = await newClient(dealer.dealerId);
    const second = await post(body, { 'Idempotency-Key': key }, sibling.token);
    expect(second.body.data.id).toBe(first.body.data.id);
  });

  it('contract Endpoints: the replay answers the first answer even after the offer was processed', async () => {
    const key = `key-${randomUUID()}`;
    const body = offerBody();
    const first = await post(body, { 'Idempotency-Key': key });
    await processOffers();
    const second = await post(body, { 'Idempotency-Key': key });
    expect(second.status).toBe(202);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.status.current.code).toBe('pending');
  });

  it('contract Endpoints: concurrent requests with the same key and body create one offer and all answer it', async () => {
    const key = `key-${randomUUID()}`;
    const body = offerBody();
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 6 }, () => post(body, { 'Idempotency-Key': key })));
    expect(results.map((r) => r.status), results.map((r) => r.text).join('\n')).toEqual([202, 202, 202, 202, 202, 202]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect((await counts()).offers).toBe(before.offers + 1);
  });

  it('contract Endpoints: concurrent requests with one key and different bodies: one 202, the others 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = `key-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => post(offerBody({ notes: `variant ${i}` }), { 'Idempotency-Key': key })));
    expect(results.map((r) => r.status).sort()).toEqual([202, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('contract Endpoints (issue 4): a key is kept for 24 hours; once expired it may be used for a new request', async () => {
    const key = `key-${randomUUID()}`;
    const first = await post(offerBody(), { 'Idempotency-Key': key });
    const [stored] = rowsOf<{ hours: number }>(
      await getDb().execute(
        sql`select extract(epoch from (expires_at - created_at)) / 3600 as hours from idempotency_keys where key = ${key} and dealer_id = ${dealer.dealerId}`,
      ),
    );
    expect(Number(stored!.hours)).toBeCloseTo(24, 1);
    await getDb().execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`);
    const again = await post(offerBody({ notes: 'another request' }), { 'Idempotency-Key': key });
    expect(again.status).toBe(202);
    expect(again.body.data.id).not.toBe(first.body.data.id);
    const replay = await post(offerBody({ notes: 'yet another' }), { 'Idempotency-Key': key });
    expect(replay.status).toBe(409);
  });

  it('contract Endpoints: without a key, the same body twice is two requests (the second conflicts on externalOfferId)', async () => {
    const body = offerBody();
    expect((await post(body)).status).toBe(202);
    expect((await post(body)).status).toBe(409);
  });

  it('contract Endpoints: a malformed Idempotency-Key is 400 INVALID_PARAMETER', async () => {
    for (const key of ['with space', 'x'.repeat(256), 'ümlaut']) {
      const res = await post(offerBody(), { 'Idempotency-Key': key });
      expect(res.status, key).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'Idempotency-Key' });
    }
  });
});

describe('authentication on create (spec Authentication 3)', () => {
  it('spec Authentication 3: no or an invalid token is 401 UNAUTHORIZED; a read-only client gets 403 FORBIDDEN', async () => {
    const none = await api.post('/v1/offers', { body: offerBody() });
    expect(none.status).toBe(401);
    expect(none.body.errors[0].code).toBe('UNAUTHORIZED');
    const invalid = await api.post('/v1/offers', { token: 'not.a.token', body: offerBody() });
    expect(invalid.status).toBe(401);
    const readonly = await tokenFor('demo-readonly', 'demo-readonly-secret');
    const forbidden = await api.post('/v1/offers', { token: readonly, body: offerBody() });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors[0].code).toBe('FORBIDDEN');
  });
});
