import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient as generateHeyApiClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '@/scripts/openapi-tools';
import { startServer } from './helpers/http-server';

// The clients partners generate from the published document (docs/typed-client.md): openapi-typescript
// with openapi-fetch, and @hey-api/openapi-ts with its fetch client, both from /v1/openapi.json as a
// started server publishes it. One program uses both for create → get (whole and sparse) → list →
// conditional get (304) → cancel; it is compiled with `strict` and `noUncheckedIndexedAccess`, holds
// no cast, and then runs against the server.

const DIR = path.join(ROOT, 'node_modules', '.cache', 'spoke', `generated-clients-${process.pid}`);
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const PROGRAM = `import createFetchClient from 'openapi-fetch';
import type { components, paths } from './spoke-api';
import { client } from './hey/client.gen';
import { cancelOffer, createOffer, getOffer, listOffers } from './hey/sdk.gen';

const BASE = process.env.SPOKE_BASE ?? 'http://localhost:3000';

function fail(message: string): never {
  throw new Error(message);
}

async function accessToken(): Promise<string> {
  const res = await fetch(BASE + '/oauth/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' }),
  });
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || !('access_token' in body) || typeof body.access_token !== 'string') return fail('no token');
  return body.access_token;
}

function offerBody(tag: string): components['schemas']['CreateOfferBody'] {
  return {
    externalOfferId: 'GEN-' + tag + '-' + Date.now(),
    customerName: 'Erika Mustermann',
    customerEmail: 'erika.mustermann@acme.example',
    product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
    accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus', priceGross: 99.95 }],
  };
}

async function withOpenapiFetch(token: string): Promise<string> {
  const spoke = createFetchClient<paths, 'application/json'>({ baseUrl: BASE, headers: { Authorization: 'Bearer ' + token } });
  const created = await spoke.POST('/v1/offers', { body: offerBody('of'), params: { header: { 'Idempotency-Key': 'gen-of-' + Date.now() } } });
  if (!created.data) return fail('create: ' + created.response.status);
  const id = created.data.data.id;

  const full = await spoke.GET('/v1/offers/{id}', { params: { path: { id } } });
  if (!full.data) return fail('get: ' + full.response.status);
  const status = full.data.data.status;
  if (!status) return fail('a whole offer without status');
  const price = full.data.data.product?.priceGross;
  const etag = full.response.headers.get('etag') ?? fail('no ETag');

  const sparse = await spoke.GET('/v1/offers/{id}', { params: { path: { id }, query: { fields: 'offerNumber' } } });
  if (!sparse.data) return fail('sparse get: ' + sparse.response.status);
  if (sparse.data.data.status !== undefined || sparse.data.data.product !== undefined) return fail('a sparse answer with more than asked');
  const offerNumber = sparse.data.data.offerNumber ?? fail('no offerNumber');

  const list = await spoke.GET('/v1/offers', { params: { query: { fields: 'offerNumber,status', perPage: 5, sortBy: 'createdAt', order: 'desc' } } });
  if (!list.data) return fail('list: ' + list.response.status);
  const first = list.data.data[0] ?? fail('empty list');
  const listed = first.status?.current.code ?? fail('listed without status');

  const again = await spoke.GET('/v1/offers/{id}', { params: { path: { id }, header: { 'If-None-Match': etag } } });
  if (again.response.status !== 304) return fail('conditional get: ' + again.response.status);

  const canceled = await spoke.POST('/v1/offers/{id}/cancel', { params: { path: { id }, query: { cancelReason: 'other' } } });
  if (!canceled.data) return fail('cancel: ' + canceled.response.status);
  return ['openapi-fetch', status.current.code, String(price), offerNumber.startsWith('SPK-'), first.id === id, listed, canceled.data.data.status.current.code].join(' ');
}

async function withHeyApi(token: string): Promise<string> {
  client.setConfig({ baseUrl: BASE, auth: () => token });
  const created = await createOffer({ body: offerBody('hey'), headers: { 'Idempotency-Key': 'gen-hey-' + Date.now() } });
  if (!created.data) return fail('create: ' + created.response.status);
  const id = created.data.data.id;

  const full = await getOffer({ path: { id } });
  if (!full.data) return fail('get: ' + full.response.status);
  const status = full.data.data.status;
  if (!status) return fail('a whole offer without status');
  const price = full.data.data.product?.priceGross;
  const etag = full.response.headers.get('etag') ?? fail('no ETag');

  const sparse = await getOffer({ path: { id }, query: { fields: 'offerNumber' } });
  if (!sparse.data) return fail('sparse get: ' + sparse.response.status);
  if (sparse.data.data.status !== undefined || sparse.data.data.product !== undefined) return fail('a sparse answer with more than asked');
  const offerNumber = sparse.data.data.offerNumber ?? fail('no offerNumber');

  const list = await listOffers({ query: { fields: 'offerNumber,status', perPage: 5, sortBy: 'createdAt', order: 'desc' } });
  if (!list.data) return fail('list: ' + list.response.status);
  const first = list.data.data[0] ?? fail('empty list');
  const listed = first.status?.current.code ?? fail('listed without status');

  const again = await getOffer({ path: { id }, headers: { 'If-None-Match': etag } });
  if (again.response.status !== 304) return fail('conditional get: ' + again.response.status);

  const canceled = await cancelOffer({ path: { id }, query: { cancelReason: 'other' } });
  if (!canceled.data) return fail('cancel: ' + canceled.response.status);
  return ['hey-api', status.current.code, String(price), offerNumber.startsWith('SPK-'), first.id === id, listed, canceled.data.data.status.current.code].join(' ');
}

async function main(): Promise<void> {
  const token = await accessToken();
  console.log('RESULT ' + (await withOpenapiFetch(token)));
  console.log('RESULT ' + (await withHeyApi(token)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
`;

describe('clients generated from the published document (openapi-typescript, @hey-api/openapi-ts)', () => {
  it('compile strictly without casts and run create → get (whole, sparse) → list → conditional get → cancel', async () => {
    // No cast and no non-null assertion: what compiles, compiles on the document's word.
    expect(PROGRAM).not.toMatch(/\bas\s+(?!const\b)[A-Za-z{[(]|[\w)\]]!\./);
    const server = await startServer();
    try {
      mkdirSync(DIR, { recursive: true });
      const document: unknown = await (await fetch(`${server.base}/v1/openapi.json`)).json();
      writeFileSync(path.join(DIR, 'openapi.json'), JSON.stringify(document));
      const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true });
      writeFileSync(path.join(DIR, 'spoke-api.d.ts'), astToString(ast));
      await generateHeyApiClient({
        input: path.join(DIR, 'openapi.json'),
        output: path.join(DIR, 'hey'),
        plugins: ['@hey-api/client-fetch'],
        logs: { level: 'silent' },
      });
      writeFileSync(path.join(DIR, 'flow.ts'), PROGRAM);
      writeFileSync(
        path.join(DIR, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noUncheckedIndexedAccess: true,
            noEmit: true,
            target: 'es2022',
            module: 'esnext',
            moduleResolution: 'bundler',
            lib: ['es2022', 'dom'],
            types: ['node'],
            skipLibCheck: true,
          },
          include: ['flow.ts', 'spoke-api.d.ts', 'hey/**/*.ts'],
        }),
      );
      const compiled = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', DIR], { encoding: 'utf8' });
      expect(`${compiled.stdout}${compiled.stderr}`).toBe('');
      expect(compiled.status).toBe(0);

      const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['flow.ts'], { cwd: DIR, env: { ...process.env, SPOKE_BASE: server.base } });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.once('exit', (code) => resolve({ code, out }));
      });
      expect(run.code, run.out).toBe(0);
      const results = [...run.out.matchAll(/^RESULT (.*)$/gm)].map((m) => m[1]);
      expect(results).toEqual(['openapi-fetch pending 3499 true true pending canceled', 'hey-api pending 3499 true true pending canceled']);
    } finally {
      await server.close();
    }
  }, 240_000);
});
