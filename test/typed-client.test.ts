import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateApiTypes, ROOT } from '@/scripts/openapi-tools';

// docs/typed-client.md, checked: the types a partner generates from /v1/openapi.json (openapi-typescript,
// as `npx openapi-typescript` renders them) compile the page's example call with openapi-fetch, and a
// misspelt field in the body does not compile.

const DIR = path.join(ROOT, 'node_modules', '.cache', 'spoke', `typed-client-${process.pid}`);
const example = /```ts\n([\s\S]*?)```/.exec(readFileSync(path.join(ROOT, 'docs/typed-client.md'), 'utf8'))?.[1] ?? '';

function typeCheck(code: string): { status: number | null; output: string } {
  writeFileSync(path.join(DIR, 'client.ts'), code);
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', DIR], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('a partner’s typed client (docs/typed-client.md)', () => {
  it('compiles the documented call against types generated from the document, and refuses a misspelt field', async () => {
    expect(example).toContain("createClient<paths, 'application/json'>");
    mkdirSync(DIR, { recursive: true });
    writeFileSync(path.join(DIR, 'spoke-api.d.ts'), await generateApiTypes('published'));
    writeFileSync(
      path.join(DIR, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: ['node'], skipLibCheck: true },
        files: ['client.ts', 'spoke-api.d.ts'],
      }),
    );
    const ok = typeCheck(example);
    expect(ok.output).toBe('');
    expect(ok.status).toBe(0);

    // The mistakes the page promises the compiler catches: misspelt, unknown and missing fields.
    for (const [from, to] of [
      ["customerName: 'Erika Mustermann'", "customerNme: 'Erika Mustermann'"],
      ['withShipping: true', 'withShiping: true'],
      ["notes: 'Pick-up in store'", "notez: 'Pick-up in store'"],
      ['priceGross: 3499,', 'priceGros: 3499,'],
    ]) {
      expect(example).toContain(from);
      const typo = typeCheck(example.replace(from!, to!));
      expect(typo.status, to).not.toBe(0);
      expect(typo.output).toMatch(new RegExp(to!.split(':')[0]!));
    }
  }, 120_000);
});
