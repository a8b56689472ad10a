import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { DEMO } from '@/db/seed';
import { pendingOffersSql } from './processor';
import { removeOffers } from './remove-offers';

// Both cores (docs/performance.md, "Workers"): `npm start` (scripts/start.mjs) with WEB_CONCURRENCY=1
// and with WEB_CONCURRENCY=2 side by side on the same database, both up at once on two ports, get
// by id loaded with wrk in alternating rounds so that both see the same machine. Prints one line
// "WORKERS_JSON {...}" for bench/run.ts and a readable summary.
//   DATABASE_URL=…/spoke_bench npx tsx bench/workers.ts
// Settings: WORKERS_ROUNDS=3 WORKERS_DURATION=10 (s) WORKERS_CONNECTIONS=50 WORKERS_PORT=3220
//   NEXT_DIST_DIR (the build to serve; default .next)  WORKERS_COUNTS=1,2
// Needs wrk and a build.

const root = path.resolve(__dirname, '..');
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const cfg = {
  rounds: num('WORKERS_ROUNDS', 3),
  duration: num('WORKERS_DURATION', 10),
  connections: num('WORKERS_CONNECTIONS', 50),
  port: num('WORKERS_PORT', 3220),
  counts: (process.env.WORKERS_COUNTS ?? '1,2').split(',').map(Number),
  databaseUrl: process.env.DATABASE_URL,
};
const log = (...args: unknown[]) => console.error(`[workers ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function portFree(port: number) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use (WORKERS_PORT)`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function startServer(workers: number, port: number): Promise<ChildProcess> {
  await portFree(port);
  const out = fs.openSync(path.join(os.tmpdir(), `spoke-workers-${workers}.log`), 'w');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: cfg.databaseUrl,
      WEB_CONCURRENCY: String(workers),
      // Every server of the run has the same public URL, so one token (issuer, audience) serves both.
      PUBLIC_URL: 'http://127.0.0.1:3220',
      NEXTAUTH_URL: 'http://127.0.0.1:3220',
      RATE_LIMIT_PER_MINUTE: '1000000',
      PROCESSOR_INTERVAL_MS: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      CRON_SECRET: 'bench-cron-secret',
      // One secret for every server of the bench: a client secret, once checked, is kept as a hash keyed by it.
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? 'bench-session-secret-0123456789',
    },
  });
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server (${workers} workers) exited ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error('the server did not answer within 180 s');
    await sleep(250);
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(12_000)]);
}

function wrk(port: number, token: string, idsFile: string, seconds: number): Promise<{ reqPerSec: number; p95Ms: number; errors: number }> {
  const args = ['-t', '1', '-c', String(cfg.connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', path.join(root, 'bench/wrk/bench.lua'), '-H', `Authorization: Bearer ${token}`, `http://127.0.0.1:${port}/v1/offers/`];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, BENCH_METHOD: 'GET', BENCH_PATH: '/v1/offers/{id}', BENCH_IDS_FILE: idsFile, BENCH_BODY_FILE: '', BENCH_PREFIX: 'W' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      const line = text.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (!line) return reject(new Error(`wrk printed no result:\n${text}`));
      const r = JSON.parse(line.slice('BENCH_JSON '.length));
      const e = r.errors;
      resolve({ reqPerSec: r.requests / (r.durationUs / 1e6), p95Ms: r.latencyUs.p95 / 1000, errors: e.connect + e.read + e.write + e.status + e.timeout });
    });
  });
}

async function main() {
  if (!cfg.databaseUrl) throw new Error('DATABASE_URL is required (PostgreSQL: the embedded database serves from one process)');
  const loadBefore = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const sql = postgres(cfg.databaseUrl, { max: 1, onnotice: () => {} });
  const tag = `W-${Date.now()}`;
  let ids = await sql`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' order by md5(id::text) limit 2000`;
  if (ids.length < 100) {
    await sql.unsafe(pendingOffersSql(2000, tag));
    ids = await sql`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' order by md5(id::text) limit 2000`;
  }
  const idsFile = path.join(os.tmpdir(), `spoke-workers-ids-${process.pid}.txt`);
  fs.writeFileSync(idsFile, ids.map((r) => r.id as string).join('\n') + '\n');

  const servers = new Map<number, { child: ChildProcess; port: number }>();
  try {
    for (const [i, n] of cfg.counts.entries()) servers.set(n, { child: await startServer(n, cfg.port + i), port: cfg.port + i });
    const first = servers.values().next().value!;
    const tokenRes = await fetch(`http://127.0.0.1:${first.port}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    const token = ((await tokenRes.json()) as { access_token?: string }).access_token;
    if (!token) throw new Error(`no access token (${tokenRes.status}): is NEXTAUTH_SECRET the one the bench's servers used before?`);
    const rounds = new Map<number, { reqPerSec: number; p95Ms: number; errors: number }[]>();
    for (const { port } of servers.values()) await wrk(port, token, idsFile, 3); // warm-up
    for (let round = 1; round <= cfg.rounds; round++) {
      for (const [n, { port }] of servers) {
        const m = await wrk(port, token, idsFile, cfg.duration);
        rounds.set(n, [...(rounds.get(n) ?? []), m]);
        log(`round ${round}: ${n} worker(s) ${m.reqPerSec.toFixed(0)} req/s, p95 ${m.p95Ms.toFixed(1)} ms, errors ${m.errors}`);
      }
    }
    const summary = [...rounds].map(([workers, ms]) => ({
      workers,
      reqPerSec: median(ms.map((m) => m.reqPerSec)),
      p95Ms: median(ms.map((m) => m.p95Ms)),
      errors: ms.reduce((s, m) => s + m.errors, 0),
      rounds: ms,
    }));
    const one = summary.find((s) => s.workers === 1);
    const result = {
      scenario: 'get by id',
      connections: cfg.connections,
      seconds: cfg.duration,
      cpus: os.availableParallelism(),
      loadBefore,
      loadAfter: os.loadavg().map((x) => x.toFixed(2)).join(' '),
      summary: summary.map((s) => ({ ...s, vsOne: one ? s.reqPerSec / one.reqPerSec : null })),
    };
    console.log(`WORKERS_JSON ${JSON.stringify(result)}`);
    for (const s of result.summary) {
      console.log(`get by id, ${s.workers} worker(s): ${s.reqPerSec.toFixed(0)} req/s (median of ${cfg.rounds}), p95 ${s.p95Ms.toFixed(1)} ms${s.vsOne ? `, ${s.vsOne.toFixed(2)}× one worker` : ''}; load ${loadBefore} → ${result.loadAfter}`);
    }
  } finally {
    await Promise.all([...servers.values()].map((s) => stopServer(s.child)));
    await removeOffers(sql, `external_offer_id like '${tag}-%'`);
    await sql.end();
    fs.rmSync(idsFile, { force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
