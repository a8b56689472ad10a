import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { HTTP_FILE, httpFile, POSTMAN_FILE, postmanCollection } from '@/scripts/api-collections';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';

// The Postman collection and the .http file in docs/api/ are generated from the OpenAPI document
// (`npm run openapi:generate`) and must match what the document renders today.

const document = buildOpenApiDocument('http://localhost:3000') as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));

describe('the API collections in docs/api', () => {
  it('are current: regenerated, they equal the committed files (regenerate with `npm run openapi:generate`)', () => {
    expect(readFileSync(POSTMAN_FILE, 'utf8')).toBe(`${JSON.stringify(postmanCollection(), null, 2)}\n`);
    expect(readFileSync(HTTP_FILE, 'utf8')).toBe(httpFile());
  });

  it('hold every operation of the document, the token request first', () => {
    expect(operationIds).toContain('requestToken');
    const collection = postmanCollection();
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    const items = collection.item.flatMap((folder: { item: unknown[] }) => folder.item) as Array<{ name: string; request: any }>;
    expect(items).toHaveLength(operationIds.length);
    expect(items[0]!.request.body.urlencoded.map((f: { key: string }) => f.key)).toEqual(['grant_type', 'client_id', 'client_secret']);
    for (const i of items) expect(i.request.url.raw, i.name).toMatch(/^\{\{baseUrl\}\}\/(v1|oauth)\//);
    const http = httpFile();
    expect([...http.matchAll(/^# @name (\w+)$/gm)].map((m) => m[1]).sort()).toEqual([...operationIds].sort());
    expect(http.indexOf('# @name requestToken')).toBeLessThan(http.indexOf('# @name createOffer'));
  });

  it('create an offer that can be sent again tomorrow: a fresh id each send, a delivery date ahead', async () => {
    const collection = postmanCollection();
    const items = collection.item.flatMap((folder: { item: unknown[] }) => folder.item) as Array<{ name: string; request: any }>;
    const create = items.find((i) => i.request.method === 'POST' && i.request.url.raw === '{{baseUrl}}/v1/offers')!;
    // What Postman does before each request: the collection's script, then the variables.
    const vars = new Map<string, string>();
    new Function('pm', collection.event[0].script.exec.join('\n'))({ collectionVariables: { set: (k: string, v: string) => vars.set(k, v) } });
    const send = (n: number) =>
      JSON.parse(create.request.body.raw.replaceAll('{{$timestamp}}', `${Date.now()}${n}`).replace(/\{\{(\w+)\}\}/g, (_: string, k: string) => vars.get(k) ?? ''));
    const token = await demoToken();
    for (const n of [1, 2]) {
      const res = await api.post('/v1/offers', { token, body: send(n) });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    }
    expect(send(1).deliveryDate > new Date().toISOString().slice(0, 10)).toBe(true);
    // The REST Client file sends the same way: its own fresh-value variables.
    const http = httpFile();
    expect(http).toContain('-{{$timestamp}}"');
    expect(http).toContain('"deliveryDate": "{{$datetime iso8601 30 d}}"');
    expect(http).not.toMatch(/"deliveryDate": "20\d\d-/);
  });
});
