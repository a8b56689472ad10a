import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcessorSchedule } from '@/lib/runtime/schedule';
import { api, routeFetch } from './helpers/api';
import { demoToken } from './helpers/auth';

// Executable documentation: the README's curl section and docs/quickstart.md, run as pasted. Their
// ```sh blocks run in order in one bash (README first, then the quickstart, so following one after
// the other must not collide), against a started server: an HTTP server over the app's route
// handlers (as test/helpers/route-server.ts serves them to the fault tests; every /v1 answer is
// checked against the OpenAPI document on the way) with the processor running on its schedule, on
// whichever database the suite uses. Every `# → text` line of a block must appear in what that block
// printed, and the offers both documents create must end in `done`. A block that breaks fails here.

const ROOT = path.resolve(import.meta.dirname, '..');
/** About 35 commands, each a curl and a node start: seconds on a quiet machine, more on a busy one. */
const RUN_LIMIT_MS = 150_000;

type Block = { source: string; index: number; code: string; expected: string[] };

/** The ```sh / ```bash blocks of a Markdown text, with the `# → …` lines each one promises. */
export function shellBlocks(markdown: string, source: string): Block[] {
  return [...markdown.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```$/gm)].map((m, index) => ({
    source,
    index,
    code: m[1]!,
    expected: [...m[1]!.matchAll(/^# → (.+)$/gm)].map((e) => e[1]!.trim()),
  }));
}

/** The README's section "Using the API with curl", up to the next heading of its level. */
function readmeCurlSection(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Using the API with curl');
  if (start < 0) throw new Error('README.md has no section "Using the API with curl"');
  const next = readme.indexOf('\n## ', start + 3);
  return readme.slice(start, next < 0 ? undefined : next);
}

/**
 * The commands a reader pastes: every line that starts one (not a comment, not a continuation of
 * the previous line, not inside a heredoc).
 */
export function commandsOf(code: string): string[] {
  const commands: string[] = [];
  let heredocEnd: string | undefined;
  let continued = false;
  for (const line of code.split('\n')) {
    if (heredocEnd !== undefined) {
      if (line.trim() === heredocEnd) heredocEnd = undefined;
      continue;
    }
    const trimmed = line.trim();
    if (!continued && trimmed !== '' && !trimmed.startsWith('#')) commands.push(trimmed);
    continued = trimmed.endsWith('\\');
    heredocEnd = /<<-?\s*'?(\w+)'?/.exec(trimmed)?.[1] ?? heredocEnd;
  }
  return commands;
}

/** A `# →` line as the pattern of the line printed: `…` is any text, everything else literal. */
export function printedLine(expected: string): RegExp {
  return new RegExp(`^${expected.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

const readmeBlocks = shellBlocks(readmeCurlSection(), 'README.md');
const quickstartBlocks = shellBlocks(readFileSync(path.join(ROOT, 'docs/quickstart.md'), 'utf8'), 'docs/quickstart.md');

let server: http.Server;
let base: string;
let stopProcessor: () => Promise<void>;
let workDir: string;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const body = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
      const response = await routeFetch(new Request(new URL(req.url ?? '/', base), { method: req.method, headers, body }));
      const out = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(out);
    } catch (err) {
      // A contract violation or a missing route: the block's output shows it, and its check fails.
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stopProcessor = startProcessorSchedule(200, { wake: false });
  workDir = mkdtempSync(path.join(tmpdir(), 'spoke-quickstart-'));
});

afterAll(async () => {
  await stopProcessor?.();
  await new Promise((resolve) => server?.close(resolve));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Runs the blocks in one bash; answers what each block printed (stdout and stderr) and the exit code. */
function runInOneShell(blocks: Block[], epilogue: string): Promise<{ code: number | null; outputs: string[]; tail: string; all: string }> {
  const marker = (i: number) => `@@block ${i}@@`;
  // stderr joins stdout, so what a block printed stays in order between the markers.
  // History expansion on, as in the interactive bash people paste into: a `!` in double quotes
  // there is an "event not found" and the line does not run.
  const script = ['exec 2>&1', 'set -o history -o histexpand', 'set -eo pipefail', ...blocks.flatMap((b, i) => [`echo '${marker(i)}'`, b.code]), `echo '@@end@@'`, epilogue].join('\n');
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? '', HOME: workDir, BASE: base, LANG: 'C.UTF-8' } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let all = '';
    child.stdout.on('data', (d: Buffer) => (all += d.toString()));
    child.stderr.on('data', (d: Buffer) => (all += d.toString()));
    // A block that hangs (a poll that never ends) is killed, and the output so far is reported.
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const [body = '', tail = ''] = all.split('@@end@@');
      const outputs = blocks.map((_, i) => (body.split(marker(i))[1] ?? '').split('@@block ')[0] ?? '');
      resolve({ code, outputs, tail, all });
    });
  });
}

describe('the README and the quickstart, run as pasted', () => {
  it('have shell blocks, and the README reaches done within 10 pasted commands', () => {
    expect(readmeBlocks.length).toBeGreaterThan(0);
    expect(quickstartBlocks.length).toBeGreaterThan(5);
    const readmeCommands = readmeBlocks.flatMap((b) => commandsOf(b.code));
    expect(readmeCommands.length, readmeCommands.join('\n')).toBeLessThanOrEqual(10);
    // One BASE: no command names a host of its own.
    for (const b of [...readmeBlocks, ...quickstartBlocks]) {
      for (const command of commandsOf(b.code)) {
        if (command.startsWith('BASE=')) continue;
        expect(command, `${b.source} block ${b.index + 1}`).not.toMatch(/https?:\/\//);
      }
    }
    // Every body is shown where it is written: no file is sent that the text does not create.
    for (const blocks of [readmeBlocks, quickstartBlocks]) {
      const text = blocks.map((b) => b.code).join('\n');
      for (const [, file] of text.matchAll(/@([\w.-]+\.json)/g)) expect(text, file).toContain(`cat > ${file} <<`);
    }
  });

  it('runs every block in order against a started server, with the outcomes the text promises', async () => {
    const blocks = [...readmeBlocks, ...quickstartBlocks];
    const epilogue = `echo "README_ID=$README_ID"; echo "QUICKSTART_ID=$ID"`;
    // The README's offer id is kept before the quickstart sets its own.
    const withIds = blocks.map((b) => (b === readmeBlocks.at(-1) ? { ...b, code: `${b.code}\nREADME_ID=$ID` } : b));
    const run = await runInOneShell(withIds, epilogue);
    const report = (i: number) => `${blocks[i]!.source} block ${blocks[i]!.index + 1}:\n${blocks[i]!.code}\n--- printed:\n${run.outputs[i]}`;
    expect(run.code, run.all).toBe(0);
    blocks.forEach((b, i) => {
      // A block of the quickstart prints exactly its `# →` lines, in order (`…`: what differs per run).
      if (b.source === 'docs/quickstart.md' || b.expected.length > 0) {
        const printed = (run.outputs[i] ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
        expect(printed.length, report(i)).toBe(b.expected.length);
        b.expected.forEach((expected, j) => expect(printed[j], report(i)).toMatch(printedLine(expected)));
      }
      expect(run.outputs[i], report(i)).not.toMatch(/SyntaxError|TypeError|command not found|event not found|Internal Server Error|OpenAPI contract violation/);
    });

    const ids = Object.fromEntries([...run.tail.matchAll(/^(README_ID|QUICKSTART_ID)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    const token = await demoToken();
    for (const name of ['README_ID', 'QUICKSTART_ID']) {
      const offer = await api.get(`/v1/offers/${ids[name]}`, { token });
      expect(offer.status, `${name}=${ids[name]}`).toBe(200);
      expect(offer.body.data.status.current.code, name).toBe('done');
    }
    const readmeOffer = (await api.get(`/v1/offers/${ids.README_ID}`, { token })).body.data;
    const quickstartOffer = (await api.get(`/v1/offers/${ids.QUICKSTART_ID}`, { token })).body.data;
    expect(readmeOffer.externalOfferId).toMatch(/^README-\d+$/);
    expect(quickstartOffer.externalOfferId).toMatch(/^QS-\d+$/);
    // The quickstart's update: the bicycle changed, the customer's e-mail did not.
    expect(quickstartOffer.product.size).toBe('L');
    expect(quickstartOffer.customerEmail).toBe('erika.mustermann@acme.example');
  }, RUN_LIMIT_MS + 30_000);

  it('runs as an interactive bash would: a `!` in double quotes is caught', async () => {
    const run = await runInOneShell([{ ...quickstartBlocks[0]!, code: 'echo "status=!canceled"' }], '');
    expect(run.all).toMatch(/event not found/);
  }, RUN_LIMIT_MS);

  it('fails when a block breaks', async () => {
    const broken = quickstartBlocks.slice(0, 4).map((b) => (b.index === 3 ? { ...b, code: b.code.replace('/v1/offers ', '/v1/offer ') } : b));
    const run = await runInOneShell(broken, '');
    expect(run.code).not.toBe(0);
  }, RUN_LIMIT_MS);
});
