import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` on a fresh embedded database (a newcomer's first start): the banner comes only once
// the demo is written and a page answers — not half a minute before, with the first request held
// while the demo is written — and the demo's intended processing failures are info lines, not
// level-50 stack traces.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('`npm start` on a fresh embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spoke-start-'));

  beforeAll(() => {
    // The start script serves the build; without one it would build first (minutes), here too.
    if (!existsSync('.next/BUILD_ID')) {
      const build = spawnSync('node_modules/.bin/next', ['build'], { env: { ...process.env, NODE_ENV: 'production' }, stdio: 'ignore' });
      if (build.status !== 0) throw new Error('next build failed');
    }
  }, 900_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says ready once the demo is written and a page answers at once; the intended failures are info lines', { timeout: 300_000 }, async () => {
    const port = Number(process.env.SPOKE_TEST_PORT) || (await freePort());
    let output = '';
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'info', PROCESSOR_INTERVAL_MS: '0' } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    try {
      while (!output.includes('Spoke is ready on')) {
        if (child.exitCode !== null) throw new Error(`exited before it was ready:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // The demo was written before the banner.
      const written = output.indexOf('lived-in demo written');
      expect(written, output).toBeGreaterThan(-1);
      expect(written).toBeLessThan(output.indexOf('Spoke is ready on'));
      // A page answers at once, not after the demo is written.
      const started = Date.now();
      const page = await fetch(`http://127.0.0.1:${port}/portal/login`);
      expect(page.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The demo's failing offers: info lines without a stack; nothing at error level.
      const lines = output.split('\n').filter((l) => l.startsWith('{'));
      const intended = lines.filter((l) => l.includes('(intended)'));
      expect(intended.length).toBeGreaterThan(0);
      for (const line of intended) expect(JSON.parse(line)).toMatchObject({ level: 30 });
      expect(lines.filter((l) => JSON.parse(l).level >= 50), output).toEqual([]);
      expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });
});
