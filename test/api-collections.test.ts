import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { HTTP_FILE, httpFile, POSTMAN_FILE, postmanCollection } from '@/scripts/api-collections';

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
});
