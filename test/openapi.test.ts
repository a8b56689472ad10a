import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSpokeClient } from '@/lib/api-client';
import { errorBodySchema } from '@/lib/api/response-schemas';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import { env } from '@/lib/env';
import { contractProblems } from '@/lib/openapi/contract';
import { buildOpenApiDocument, openApiDocument } from '@/lib/openapi/document';
import { createOfferExample, errorExample } from '@/lib/openapi/examples';
import { DOCUMENTED_PATHS, OPERATIONS, responsesOf, type OperationSpec } from '@/lib/openapi/operations';
import { offerSchema } from '@/lib/offers/contract/response-schemas';
import { createOfferBodySchema } from '@/lib/offers/contract/schemas';
import { OFFER_FIELDS } from '@/lib/offers/contract/serialize';
import { generateApiTypes, lintDocument, TYPES_FILE } from '@/scripts/openapi-tools';
import { api, routeFetch } from './helpers/api';
import { demoToken, newDealer, type TestDealer } from './helpers/auth';

const doc = openApiDocument().document;
type Json = Record<string, any>;
const schemas = (doc.components?.schemas ?? {}) as Record<string, Json>;

/** The OpenAPI paths of app/v1/**\/route.ts, without the catch-all. */
function routeFilePaths(): string[] {
  const root = path.resolve(import.meta.dirname, '../app/v1');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => path.basename(f) === 'route.ts')
    .map((f) => path.dirname(f).split(path.sep).filter((s) => s !== '.'))
    .filter((segments) => !segments.some((s) => s.startsWith('[[...')))
    .map((segments) => `/v1/${segments.map((s) => s.replace(/^\[(\w+)\]$/, '{$1}')).join('/')}`.replace(/\/$/, ''));
}

const somePath = (p: string) => p.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document of this installation with the oauth2 client-credentials scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toMatch(/^1\.\d+\.\d+$/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: env.publicUrl })]);
    const oauth2 = doc.components?.securitySchemes?.oauth2 as Json;
    expect(oauth2.type).toBe('oauth2');
    expect(oauth2.flows.clientCredentials.tokenUrl).toBe(`${env.publicUrl}/oauth/token`);
    expect(Object.keys(oauth2.flows.clientCredentials.scopes).sort()).toEqual([...SCOPES].sort());
  });

  it('names every operation with its scope, a 4XX answer and Spoke-Request-ID on every answer', () => {
    for (const op of OPERATIONS) {
      const operation = (doc.paths?.[op.path] as Json)[op.method] as Json;
      expect(operation.operationId).toBe(op.operationId);
      expect(operation.security).toEqual(op.scope ? [{ oauth2: [op.scope] }] : []);
      const statuses = Object.keys(operation.responses);
      if (op.scope) expect(statuses).toEqual(expect.arrayContaining(['400', '401', '403', '429', '500', '503']));
      for (const status of statuses) expect(Object.keys(operation.responses[status].headers)).toContain('Spoke-Request-ID');
    }
  });

  it('documents the headers of docs/contract.md: ETag and If-None-Match on reads, Location and Idempotency-Key on create, Retry-After on 429 and 503', () => {
    const op = (p: string, m: string) => (doc.paths?.[p] as Json)[m] as Json;
    const paramNames = (o: Json) =>
      (o.parameters as Json[]).map((p) => (p.$ref ? (doc.components?.parameters as Json)[p.$ref.split('/').pop()].name : p.name));
    for (const [p, m] of [['/v1/offers', 'get'], ['/v1/offers/{id}', 'get'], ['/v1/offers/{id}/history', 'get']] as const) {
      expect(Object.keys(op(p, m).responses['200'].headers)).toContain('ETag');
      expect(op(p, m).responses['304']).toBeDefined();
      expect(paramNames(op(p, m))).toContain('If-None-Match');
    }
    const create = op('/v1/offers', 'post');
    expect(Object.keys(create.responses['202'].headers)).toContain('Location');
    expect(paramNames(create)).toContain('Idempotency-Key');
    expect(create.responses['409'].description).toContain('IDEMPOTENCY_KEY_REUSED');
    for (const o of OPERATIONS.filter((x) => x.scope)) {
      expect(Object.keys(op(o.path, o.method).responses['429'].headers)).toContain('Retry-After');
      expect(Object.keys(op(o.path, o.method).responses['503'].headers)).toContain('Retry-After');
    }
  });

  it('has every path of app/v1 (each route file) and nothing else', () => {
    expect(routeFilePaths().sort()).toEqual([...DOCUMENTED_PATHS].sort());
  });

  it('documents exactly the methods the routes implement (others answer 405)', async () => {
    for (const p of DOCUMENTED_PATHS) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const documented = OPERATIONS.some((op) => op.path === p && op.method === method.toLowerCase());
        // Unauthenticated: a documented operation answers 401 (or 200 when public), never 405; the
        // contract check of the test client fails on anything the document does not describe.
        const res = await api[method.toLowerCase() as 'get'](somePath(p));
        if (documented) expect(res.status, `${method} ${p}`).not.toBe(405);
        else expect(res.status, `${method} ${p}`).toBe(405);
      }
    }
  });

  it('states the scope each route checks: without it 403, with only it not 403', async () => {
    // One pair of clients per scope: every scope but it, and only it.
    const clients = new Map<Scope, { without: TestDealer; only: TestDealer }>();
    for (const scope of SCOPES) {
      clients.set(scope, { without: await newDealer({ scopes: SCOPES.filter((s) => s !== scope) }), only: await newDealer({ scopes: [scope] }) });
    }
    for (const op of OPERATIONS.filter((o): o is OperationSpec & { scope: Scope } => o.scope !== null)) {
      const { without, only } = clients.get(op.scope)!;
      const target = somePath(op.path);
      const denied = await api[op.method](target, { token: without.token, body: op.body ? {} : undefined });
      expect(denied.status, `${op.operationId} without ${op.scope}`).toBe(403);
      const allowed = await api[op.method](target, { token: only.token, body: op.body ? {} : undefined });
      expect(allowed.status, `${op.operationId} with ${op.scope}`).not.toBe(403);
    }
  });

  it('follows the zod schemas: the create body’s required fields are the schema’s', () => {
    const required = Object.entries(createOfferBodySchema.shape)
      .filter(([, s]) => !s.safeParse(undefined).success)
      .map(([k]) => k);
    expect(schemas.CreateOfferBody!.required).toEqual(required);
    expect(Object.keys(schemas.CreateOfferBody!.properties)).toEqual(Object.keys(createOfferBodySchema.shape));
    expect(Object.keys(schemas.Offer!.properties)).toEqual(Object.keys(offerSchema.shape));
  });

  it('changes when a schema changes', () => {
    const changed = OPERATIONS.map((op) =>
      op.operationId === 'createOffer'
        ? { ...op, body: { ...op.body!, schema: createOfferBodySchema.extend({ leasingTermMonths: z.int().min(12).max(48) }) } }
        : op,
    );
    const after = buildOpenApiDocument(env.publicUrl, changed);
    const body = ((after.paths?.['/v1/offers'] as Json).post as Json).requestBody.content['application/json'].schema as Json;
    expect(body.properties.leasingTermMonths).toEqual({ type: 'integer', minimum: 12, maximum: 48 });
    expect(body.required).toContain('leasingTermMonths');
    expect(schemas.CreateOfferBody!.properties.leasingTermMonths).toBeUndefined();
  });

  it('answers every field of the serializer and lets `fields` name exactly those', () => {
    expect([...OFFER_FIELDS].sort()).toEqual(Object.keys(offerSchema.shape).sort());
  });

  it('has examples that validate against their schemas', () => {
    let count = 0;
    for (const op of OPERATIONS) {
      for (const [name, ex] of Object.entries(op.body?.examples ?? {})) {
        const r = op.body!.schema.safeParse(ex.value);
        expect(r.success, `${op.operationId} body example ${name}: ${r.error?.message}`).toBe(true);
        count++;
      }
      for (const res of responsesOf(op)) {
        for (const [name, ex] of Object.entries(res.examples ?? {})) {
          const url = new URL(`http://spoke.test${op.path}${name === 'sparse' ? '?fields=offerNumber,status' : ''}`);
          const r = (res.exactFor?.(url) ?? res.schema!).safeParse(ex.value);
          expect(r.success, `${op.operationId} ${res.status} example ${name}: ${r.error?.message}`).toBe(true);
          count++;
        }
        for (const code of res.codes ?? []) {
          const r = errorBodySchema.safeParse(errorExample(code));
          expect(r.success, `${op.operationId} ${code} example`).toBe(true);
          expect(r.data?.errors.every((e) => e.code === code)).toBe(true);
        }
      }
    }
    expect(count).toBeGreaterThan(10);
    // The document carries them as rendered (the rejected offer's reasons included).
    const getOk = ((doc.paths?.['/v1/offers/{id}'] as Json).get as Json).responses['200'].content['application/json'];
    const codes = getOk.examples.rejected.value.data.status.errors.map((e: Json) => e.code);
    expect(codes).toEqual(['MISSING_PRODUCT_DATA', 'ACCESSORY_NOT_LEASABLE']);
  });

  it('shows catalogue entries the API really answers', async () => {
    const token = await demoToken();
    const res = await api.get('/v1/offers/accessory', { token, query: { lang: 'en' } });
    const accessory = OPERATIONS.find((o) => o.operationId === 'listAccessoryCategories')!;
    const example = accessory.success.examples!.entries!.value as { data: unknown[] };
    for (const entry of example.data) expect(res.body.data).toContainEqual(entry);
  });

  it('passes Redocly lint (recommended rules, redocly.yaml) without errors or warnings', () => {
    const result = lintDocument(doc);
    expect(result.ok, result.output).toBe(true);
  });

  it('matches the committed client types (regenerate with `tsx scripts/openapi.ts generate`)', async () => {
    const committed = readFileSync(TYPES_FILE, 'utf8');
    expect(await generateApiTypes(), 'lib/api-client/schema.d.ts is stale: run `tsx scripts/openapi.ts generate`').toBe(committed);
  });
});

describe('GET /v1/openapi.json', () => {
  it('serves the document publicly, cacheable for five minutes', async () => {
    const res = await api.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('spoke-request-id')).toBeTruthy();
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('answers 405 with Allow to other methods', async () => {
    const res = await api.post('/v1/openapi.json');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
  });
});

describe('the /docs reference', () => {
  it('serves Swagger UI from this origin, started with the document and the oauth2 client-credentials flow prefilled', async () => {
    const starter = await api.get('/docs/assets/reference.js');
    expect(starter.status).toBe(200);
    expect(starter.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(starter.text).toContain('/v1/openapi.json');
    expect(starter.text).toContain('demo-sandbox');
    expect(starter.text).toContain('oauth2');
    const bundle = await api.get('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.text).toContain('SwaggerUIBundle');
    for (const file of ['swagger-ui.css', 'package.json', '..%2Fpackage.json', 'index.html', '__proto__', 'constructor', 'toString']) expect((await api.get(`/docs/assets/${file}`)).status).toBe(404);
  });
});

describe('the typed client (openapi-typescript + openapi-fetch)', () => {
  it('compiles against the document and works against the server', async () => {
    const token = await demoToken();
    const client = createSpokeClient('http://spoke.test', routeFetch, { accessToken: token });

    const created = await client.POST('/v1/offers', {
      body: createOfferExample,
      params: { header: { 'Idempotency-Key': `client-test-${Date.now()}` } },
    });
    expect(created.response.status).toBe(202);
    const id = created.data!.data.id;
    expect(created.data!.data.status.current.code).toBe('pending');

    const read = await client.GET('/v1/offers/{id}', { params: { path: { id } } });
    expect(read.data!.data.id).toBe(id);

    const list = await client.GET('/v1/offers', { params: { query: { perPage: 5, sortBy: 'createdAt', order: 'desc' } } });
    expect(list.data!.meta.perPage).toBe(5);
    expect(list.data!.data.map((o) => o.id)).toContain(id);

    const missing = await client.GET('/v1/offers/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.errors[0]!.code).toBe('NOT_FOUND');
  });
});

describe('the contract check of the test client', () => {
  const offerOp = OPERATIONS.find((o) => o.operationId === 'getOffer')!;
  const ok = offerOp.success.examples!.draft!.value as { data: Record<string, unknown>; meta: object };
  const headers = (extra: Record<string, string> = {}) =>
    new Headers({
      'content-type': 'application/json; charset=utf-8',
      'spoke-request-id': 'r-1',
      'cache-control': 'private, no-cache',
      etag: 'W/"x"',
      'ratelimit-limit': '600',
      'ratelimit-remaining': '599',
      'ratelimit-reset': '60',
      ...extra,
    });
  const observe = (status: number, body: unknown, h = headers(), url = 'http://spoke.test/v1/offers/x') => ({
    method: 'GET',
    route: '/v1/offers/{id}',
    url: new URL(url),
    status,
    headers: h,
    text: JSON.stringify(body),
  });

  it('accepts a documented answer', () => {
    expect(contractProblems(observe(200, ok))).toEqual([]);
  });

  it('rejects a field the document does not name, a missing field, a wrong type and a missing header', () => {
    expect(contractProblems(observe(200, { ...ok, data: { ...ok.data, dealerId: 'x' } })).join()).toMatch(/dealerId/);
    const { status: _status, ...withoutStatus } = ok.data;
    expect(contractProblems(observe(200, { ...ok, data: withoutStatus })).length).toBeGreaterThan(0);
    expect(contractProblems(observe(200, { ...ok, data: { ...ok.data, totalPriceGross: '3693.75' } })).join()).toMatch(/totalPriceGross/);
    const noEtag = headers();
    noEtag.delete('etag');
    expect(contractProblems(observe(200, ok, noEtag)).join()).toMatch(/ETag/);
  });

  it('rejects a status or an error code the document does not list for the operation', () => {
    expect(contractProblems(observe(418, ok)).join()).toMatch(/418 is not documented/);
    const conflict = errorExample('CONFLICT');
    expect(contractProblems(observe(409, conflict)).join()).toMatch(/not documented/);
    const wrongCode = { errors: [{ ...errorExample('NOT_FOUND').errors[0]!, code: 'CONFLICT' }] };
    expect(contractProblems(observe(404, wrongCode)).join()).toMatch(/CONFLICT is not documented/);
  });

  it('checks a sparse answer against the fields asked for', () => {
    const sparse = { data: { id: ok.data.id, offerNumber: ok.data.offerNumber }, meta: {} };
    expect(contractProblems(observe(200, sparse, headers(), 'http://spoke.test/v1/offers/x?fields=offerNumber'))).toEqual([]);
    expect(contractProblems(observe(200, sparse)).length).toBeGreaterThan(0);
  });
});
