import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateApiTypes, ROOT } from '@/scripts/openapi-tools';
import { startServer } from './helpers/http-server';

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

/** The quickstart through the generated client: the page's submitOffer, then the sandbox's steps to done. */
const QUICKSTART = `import createClient from 'openapi-fetch';
import type { paths } from './spoke-api';
import { submitOffer } from './client';

async function main(): Promise<void> {
const offer = await submitOffer();
const res = await fetch(process.env.SPOKE_BASE + '/oauth/token', {
  method: 'POST',
  body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: 'demo-sandbox-secret' }),
});
const { access_token } = (await res.json()) as { access_token: string };
const spoke = createClient<paths, 'application/json'>({ baseUrl: process.env.SPOKE_BASE, headers: { Authorization: 'Bearer ' + access_token } });
let code: string = offer.status.current.code;
for (let step = 0; step < 6 && code !== 'done'; step++) {
  const advanced = await spoke.POST('/v1/sandbox/offers/{id}/advance', { params: { path: { id: offer.id } } });
  if (advanced.error) throw new Error(advanced.error.errors.map((e) => e.code + ': ' + e.message).join('; '));
  code = advanced.data.data.status.current.code;
  console.log('step ' + code);
}
const history = await spoke.GET('/v1/offers/{id}/history', { params: { path: { id: offer.id } } });
if (history.error) throw new Error(history.error.errors[0].message);
console.log('RESULT ' + offer.id + ' ' + code + ' ' + history.data.data.length);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
`;

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

  it('runs the quickstart through the generated client against a started server: the offer reaches done', async () => {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(path.join(DIR, 'spoke-api.d.ts'), await generateApiTypes('published'));
    writeFileSync(
      path.join(DIR, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: ['node'], skipLibCheck: true },
        files: ['client.ts', 'quickstart.ts', 'spoke-api.d.ts'],
      }),
    );
    writeFileSync(path.join(DIR, 'quickstart.ts'), QUICKSTART);
    // Compiled strictly as a partner's project would be, then run as it is.
    const compiled = typeCheck(example);
    expect(compiled.output).toBe('');
    const server = await startServer();
    try {
      const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['quickstart.ts'], { cwd: DIR, env: { ...process.env, SPOKE_BASE: server.base } });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.once('exit', (code) => resolve({ code, out }));
      });
      expect(run.code, run.out).toBe(0);
      const [, id, code, entries] = /^RESULT (\S+) (\S+) (\d+)$/m.exec(run.out) ?? [];
      expect(id, run.out).toMatch(/^[0-9a-f-]{36}$/);
      expect(code).toBe('done');
      expect(Number(entries)).toBeGreaterThanOrEqual(4);
    } finally {
      await server.close();
    }
  }, 180_000);
});
