import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '@/lib/openapi/document';

// Build tooling around the OpenAPI document: the typed client's types and the lint. Used by
// scripts/openapi.ts and by test/openapi.test.ts; never imported by the app.

export const ROOT = path.resolve(import.meta.dirname, '..');
export const TYPES_FILE = path.join(ROOT, 'lib/api-client/schema.d.ts');

/** The server URL of the document the types are generated from; types do not depend on it. */
const GENERATION_URL = 'https://spoke.invalid';

const HEADER = `// Generated from the OpenAPI document (lib/openapi/document.ts) by \`tsx scripts/openapi.ts generate\`.
// Do not edit: change the zod schemas and regenerate. test/openapi.test.ts fails while this file is stale.
`;

/** The TypeScript types of the /v1 document, as openapi-typescript renders them. */
/**
 * The types openapi-typescript renders from the document. `published` (what a partner generates
 * from /v1/openapi.json) has open enums; the portal's own client (lib/api-client) is built and
 * deployed with the server, so its values cannot lag behind: it takes them closed.
 */
export async function generateApiTypes(variant: 'published' | 'portal' = 'portal'): Promise<string> {
  const document = buildOpenApiDocument(GENERATION_URL, undefined, { openEnums: variant === 'published' });
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true });
  return HEADER + astToString(ast);
}

export type LintResult = { ok: boolean; output: string };

/** Lints a document with Redocly CLI and the project's redocly.yaml; ok when there are no errors and no warnings. */
export function lintDocument(document: unknown): LintResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'spoke-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const bin = path.join(ROOT, 'node_modules/.bin/redocly');
    const run = spawnSync(bin, ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--max-problems', '200'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const clean = run.status === 0 && !/You have \d+ warnings?/.test(output);
    return { ok: clean, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
