import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiOperation } from '@/lib/api/with-api';
import { OPERATIONS } from '@/lib/openapi/operations';

// Each /v1 operation is defined once (lib/openapi/operations/): the route serving it names the
// operation, and takes its scope and query schema from there. A route file's handler is served at
// the file's path by its export's method, so the operation it names must say the same.

const root = path.resolve(import.meta.dirname, '..');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function routeFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'route.ts')
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** `app/v1/offers/[id]/cancel/route.ts` → `/v1/offers/{id}/cancel`. */
const pathOf = (file: string) => `/${path.dirname(file).slice('app/'.length).replace(/\[(\w+)\]/g, '{$1}')}`;

async function servedOperations(): Promise<Array<{ file: string; method: string; operation: ApiOperation }>> {
  const served: Array<{ file: string; method: string; operation: ApiOperation }> = [];
  for (const file of routeFiles('app/v1')) {
    const mod = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const method of METHODS) {
      const operation = (mod[method] as { operation?: ApiOperation } | undefined)?.operation;
      if (operation) served.push({ file, method, operation });
    }
  }
  return served;
}

describe('every /v1 operation is defined once and served where it says', () => {
  it('each handler serves the operation of its own method and path', async () => {
    const served = await servedOperations();
    expect(served.length).toBeGreaterThan(20);
    for (const { file, method, operation } of served) {
      expect({ file, method: operation.method, path: operation.path }).toEqual({ file, method: method.toLowerCase(), path: pathOf(file) });
    }
  });

  it('each authenticated operation of the document is served by exactly one handler', async () => {
    const served = (await servedOperations()).map((s) => s.operation.operationId).sort();
    const documented = OPERATIONS.filter((op) => op.scope !== null).map((op) => op.operationId).sort();
    expect(served).toEqual(documented);
  });
});
