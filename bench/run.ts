import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { DEMO } from '@/db/seed';
import { FULL_DATA_SET, loadedDataSet, loadOffers, type LoadOptions } from './load-offers';
import { measurePageOpen, type PageOpenResult } from './page-open';
import { pageWeight, type PageWeight } from './page-weight';
import { removeOffers } from './remove-offers';
import { CREATE_BODY, LIST_DEFAULT, LIST_FILTERED, LIST_SEARCH, SEARCH_MIX } from './scenarios';

// npm run bench — the whole benchmark in one command (docs/performance.md):
//   build (NEXT_DIST_DIR=.next-bench) → bench database (migrate, seed, 1,000,000 offers, or reuse)
//   → `next start` and the baseline server on loopback → every scenario with wrk, interleaved
//   over the rounds, medians → soak → processor throughput and 202 → draft latency
//   → bench/results/bench-<time>.json and a markdown table on stdout.
//
// Settings (environment):
//   BENCH_ROUNDS=3  BENCH_DURATION=15 (s per round)  BENCH_WARMUP=5 (s, once per scenario)
//   BENCH_CONNECTIONS=50  BENCH_SCENARIOS=get,list,…  (default: all)  BENCH_SKIP_BUILD=1
//   BENCH_RELOAD=1 (load the data set anew)  BENCH_OFFERS=1000000  BENCH_SOAK=0 (s; e.g. 300)
//   BENCH_TOKEN_COST=1, BENCH_WORKERS=1 (0 skips the token-cost / one-vs-two-workers phase)
//   BENCH_PROCESSOR=1 (0 skips the processor phase); BENCH_SOAK=<s> soaks Spoke, then the baseline  BENCH_PENDING=50000  BENCH_CPU_PROF=1
//   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_DB=spoke_bench
//   BENCH_HEAP='--max-old-space-size=256' (NODE_OPTIONS of next start, as npm start sets it)
//   BENCH_PAGE_VISITS=10 (portal list page opened in Chromium per view; 0 skips it)
//   BENCH_PORT=3210 (Spoke; the baseline uses +1)  BENCH_NODE_OPTIONS (extra flags for next start)
//   BENCH_COMPARE_DIR=<another checkout, e.g. a git worktree of the previous commit>: its build
//     runs beside this one (port +2) and every Spoke scenario is measured on both, interleaved,
//     so a change's before → after is taken at the same moment on the same machine.
// Needs wrk (Debian: apt-get install wrk).

const root = path.resolve(__dirname, '..');
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const cfg = {
  rounds: num('BENCH_ROUNDS', 3),
  duration: num('BENCH_DURATION', 15),
  warmup: num('BENCH_WARMUP', 5),
  connections: num('BENCH_CONNECTIONS', 50),
  only: process.env.BENCH_SCENARIOS?.split(',').filter(Boolean),
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
  reload: process.env.BENCH_RELOAD === '1',
  offers: num('BENCH_OFFERS', FULL_DATA_SET.offers),
  soak: num('BENCH_SOAK', 0),
  processor: process.env.BENCH_PROCESSOR !== '0',
  tokenCost: process.env.BENCH_TOKEN_COST !== '0',
  workers: process.env.BENCH_WORKERS !== '0',
  pending: num('BENCH_PENDING', 50_000),
  pageVisits: num('BENCH_PAGE_VISITS', 10),
  cpuProf: process.env.BENCH_CPU_PROF === '1',
  adminUrl: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  dbName: process.env.BENCH_DB ?? 'spoke_bench',
  port: num('BENCH_PORT', 3210),
  nodeOptions: process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [],
  compareDir: process.env.BENCH_COMPARE_DIR ? path.resolve(process.env.BENCH_COMPARE_DIR) : undefined,
};
const dataSet: LoadOptions = { offers: cfg.offers, dealers: FULL_DATA_SET.dealers, dealerAOffers: Math.round(cfg.offers / 10) };
const dbUrl = (() => {
  const u = new URL(cfg.adminUrl);
  u.pathname = `/${cfg.dbName}`;
  return u.toString();
})();
const spokeUrl = `http://127.0.0.1:${cfg.port}`;
const baselineUrl = `http://127.0.0.1:${cfg.port + 1}`;
const beforeUrl = `http://127.0.0.1:${cfg.port + 2}`;
type Target = 'spoke' | 'before' | 'baseline';
const urlOf: Record<Target, string> = { spoke: spokeUrl, before: beforeUrl, baseline: baselineUrl };
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = path.join(root, 'bench', 'results');
const workDir = path.join(resultsDir, `tmp-${stamp}`);

const log = (...args: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

// ---- processes -----------------------------------------------------------------------------

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;
const PAGE = Number(spawnSync('getconf', ['PAGESIZE']).stdout.toString().trim()) || 4096;

type ProcStat = { pid: number; ppid: number; cpuTicks: number; rssBytes: number };
function procStat(pid: number): ProcStat | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    // fields after the comm: [0]=state [1]=ppid … [11]=utime [12]=stime … [21]=rss (pages)
    return { pid, ppid: Number(f[1]), cpuTicks: Number(f[11]) + Number(f[12]), rssBytes: Number(f[21]) * PAGE };
  } catch {
    return null;
  }
}
/** CPU (µs) and RSS of a process and all its descendants. */
function treeStats(rootPid: number): { cpuUs: number; rssBytes: number } {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => procStat(Number(d)))
    .filter((s): s is ProcStat => !!s);
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of all) {
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        grew = true;
      }
    }
  }
  let cpuTicks = 0;
  let rssBytes = 0;
  for (const s of all) {
    if (!inTree.has(s.pid)) continue;
    cpuTicks += s.cpuTicks;
    rssBytes += s.rssBytes;
  }
  return { cpuUs: (cpuTicks * 1e6) / CLK_TCK, rssBytes };
}

const children: ChildProcess[] = [];
function start(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): ChildProcess {
  const out = fs.openSync(path.join(workDir, `${name}.log`), 'a');
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
  children.push(child);
  child.on('exit', (code, signal) => log(`${name} exited (${code ?? signal})`));
  return child;
}
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
async function assertPortFree(port: number): Promise<void> {
  const net = await import('node:net');
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use: choose another with BENCH_PORT`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = root): void {
  const r = spawnSync(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

/** Runs a bench script (tsx) to its end and answers the JSON of its `<marker> {…}` line. */
function jsonPhase(script: string, marker: string, env: NodeJS.ProcessEnv): unknown {
  log(`${script}…`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const out = r.stdout.toString();
  process.stderr.write(out.split('\n').filter((l) => l && !l.startsWith(marker)).map((l) => `${l}\n`).join(''));
  const line = out.split('\n').find((l) => l.startsWith(`${marker} `));
  if (r.status !== 0 || !line) throw new Error(`${script} failed (${r.status ?? r.signal})`);
  return JSON.parse(line.slice(marker.length + 1));
}

// ---- database ------------------------------------------------------------------------------

async function prepareDatabase(): Promise<{ loadSeconds: number; reused: boolean }> {
  const admin = postgres(cfg.adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${cfg.dbName}`;
    if (!exists) await admin.unsafe(`create database ${cfg.dbName}`);
  } finally {
    await admin.end();
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'production', CRON_SECRET: 'bench-cron-secret', NEXTAUTH_SECRET: 'bench-session-secret-0123456789' };
  run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], env);
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const loaded = cfg.reload ? null : await loadedDataSet(sql, dataSet);
    if (loaded) {
      // Offers the previous runs created (create scenario, processor phase) go; the data set stays
      // (set-based: bench/remove-offers.ts).
      const count = await removeOffers(sql, `external_offer_id like 'BENCH-%' or external_offer_id like 'PROC-%' or external_offer_id like 'LAT-%' or external_offer_id like 'WAKE-%'`);
      if (count > 0) await sql.unsafe('vacuum (analyze) offer_search');
      if (count > 0) await sql.unsafe('vacuum (analyze) offers');
      log(`data set present (loaded in ${loaded.loadSeconds} s); removed ${count} offers of earlier runs`);
      return { ...loaded, reused: true };
    }
    await sql.end();
    const admin2 = postgres(cfg.adminUrl, { max: 1, onnotice: () => {} });
    await admin2.unsafe(`drop database if exists ${cfg.dbName} with (force)`);
    await admin2.unsafe(`create database ${cfg.dbName}`);
    await admin2.end();
    run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], env);
    run(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts'], env);
    const fresh = postgres(dbUrl, { max: 1, onnotice: () => {} });
    try {
      log(`loading ${dataSet.offers.toLocaleString('en')} offers…`);
      const loadSeconds = await loadOffers((s) => fresh.unsafe(s), dataSet, (line) => log(line));
      log(`data set loaded in ${loadSeconds.toFixed(1)} s`);
      return { loadSeconds, reused: false };
    } finally {
      await fresh.end();
    }
  } finally {
    await sql.end().catch(() => {});
  }
}

// ---- servers -------------------------------------------------------------------------------

// Every Spoke server of a run has the same public URL, so one access token (issuer, audience) serves all.
const spokeEnv = (processorMs: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  NEXT_DIST_DIR: '.next-bench',
  PUBLIC_URL: spokeUrl,
  NEXTAUTH_URL: spokeUrl,
  DATABASE_URL: dbUrl,
  BENCH_ROUTES: 'true',
  RATE_LIMIT_PER_MINUTE: '1000000',
  PROCESSOR_INTERVAL_MS: String(processorMs),
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  CRON_SECRET: 'bench-cron-secret',
  NEXTAUTH_SECRET: 'bench-session-secret-0123456789',
  REDIS_URL: '',
  // The heap cap `npm start` sets (scripts/start.mjs); BENCH_HEAP='' runs with V8's default.
  NODE_OPTIONS: process.env.BENCH_HEAP ?? '--max-old-space-size=256',
});

async function startSpoke(processorMs: number, label: string, dir = root, port = cfg.port): Promise<ChildProcess> {
  await assertPortFree(port);
  const url = `http://127.0.0.1:${port}`;
  const prof = cfg.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.join(workDir, `prof-${label}`)}`] : [];
  const args = [...prof, ...cfg.nodeOptions, 'node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'];
  const child = start(`spoke-${label}`, process.execPath, args, spokeEnv(processorMs), dir);
  await waitFor(`${url}/api/health`);
  return child;
}

async function startBaseline(): Promise<ChildProcess> {
  await assertPortFree(cfg.port + 1);
  const child = start('baseline', process.execPath, ['--import', 'tsx', 'bench/baseline/server.ts'], {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    PORT: String(cfg.port + 1),
    LOG_LEVEL: 'warn',
    CRON_SECRET: 'bench-cron-secret',
    NEXTAUTH_SECRET: 'bench-session-secret-0123456789',
  });
  await waitFor(`${baselineUrl}/constant`);
  return child;
}

// ---- load generation -----------------------------------------------------------------------

type Scenario = {
  name: string;
  target: Target;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  bodyFile?: string;
  idsFile?: string;
  connections?: number;
  /** The same work on the baseline, for the ratio. */
  baseline?: string;
  expect: number;
};
type WrkResult = {
  requests: number;
  durationUs: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
};
type Measurement = WrkResult & { reqPerSec: number; cpuUsPerReq: number; rssMb: number; maxRssMb: number };

function wrkArgs(s: Scenario, seconds: number, prefix: string) {
  const url = urlOf[s.target];
  const conns = s.connections ?? cfg.connections;
  const args = ['-t', '1', '-c', String(conns), '-d', `${seconds}s`, '--timeout', '10s', '-s', path.join(root, 'bench/wrk/bench.lua')];
  for (const [k, v] of Object.entries(s.headers)) args.push('-H', `${k}: ${v}`);
  args.push(`${url}${s.path.split('{id}')[0]}`);
  const env = {
    ...process.env,
    BENCH_METHOD: s.method,
    BENCH_PATH: s.path,
    BENCH_IDS_FILE: s.idsFile ?? '',
    BENCH_BODY_FILE: s.bodyFile ?? '',
    BENCH_PREFIX: prefix,
  };
  return { args, env };
}

async function wrk(s: Scenario, seconds: number, prefix: string, pid: number): Promise<Measurement> {
  const { args, env } = wrkArgs(s, seconds, prefix);
  const before = treeStats(pid);
  let maxRss = before.rssBytes;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, treeStats(pid).rssBytes)), 1000);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk failed (${code}): ${text}`))));
  });
  clearInterval(sampler);
  const after = treeStats(pid);
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const r = JSON.parse(line.slice('BENCH_JSON '.length)) as WrkResult;
  return {
    ...r,
    reqPerSec: r.requests / (r.durationUs / 1e6),
    cpuUsPerReq: r.requests > 0 ? (after.cpuUs - before.cpuUs) / r.requests : NaN,
    rssMb: after.rssBytes / 2 ** 20,
    maxRssMb: Math.max(maxRss, after.rssBytes) / 2 ** 20,
  };
}

/** One request of the scenario, checked, before any load: a bench of 401s measures nothing. */
async function smoke(s: Scenario): Promise<void> {
  const base = urlOf[s.target];
  const id = s.idsFile ? fs.readFileSync(s.idsFile, 'utf8').split('\n')[0]! : '';
  const body = s.bodyFile ? fs.readFileSync(s.bodyFile, 'utf8').replace('__EXT__', `BENCH-smoke-${stamp}-${s.target}`) : undefined;
  const res = await fetch(`${base}${s.path.replace('{id}', id)}`, { method: s.method, headers: s.headers, body });
  const text = await res.text();
  if (res.status !== s.expect) throw new Error(`${s.name} (${s.target}): expected ${s.expect}, got ${res.status}: ${text.slice(0, 300)}`);
}

// ---- processor -----------------------------------------------------------------------------

type ProcessorResult = {
  pendingOffers: number;
  processorWallSeconds: number;
  processorOffersPerSec: number;
  processorBusySeconds: number;
  processorOffersPerBusySec: number;
  firstPickupMs: number;
  latencyRate: number;
  latencyErrors: number;
  latencyOffers: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
  latencyMaxMs: number;
  insertSeconds: number;
  ginCleanSeconds: number;
};

async function processorPhase(): Promise<ProcessorResult> {
  const sql = postgres(dbUrl, { max: 2, onnotice: () => {} });
  // 1. Throughput: 50,000 pending offers wait when the server starts; its schedule (every 2 s)
  // works them off. They are inserted before it starts, and the trigram index's pending list
  // that one big INSERT leaves behind is merged first (gin_clean_pending_list, timed): offers that
  // arrive one by one through the API never leave such a backlog, and its merge — paid by
  // whichever statement next writes the index — is the insert's cost, not the processor's.
  const pending = cfg.pending;
  // The create scenario's offers wait as pending (its server does not process them): they would be
  // claimed first (older), and the phase would time them as well. They go first (set-based).
  const removed = await removeOffers(sql, `external_offer_id like 'BENCH-%' and status = 'pending'`);
  if (removed > 0) {
    await sql.unsafe('vacuum (analyze) offers');
    log(`processor: ${removed} pending offers of the create scenario removed first`);
  }
  const t0 = Date.now();
  await sql.unsafe(`
    insert into offers (dealer_id, environment, external_offer_id, customer_name, customer_email, product_bidex_code,
      product_brand_name, product_model_name, product_price_gross, product_list_price_gross, total_price_gross, status, process_after)
    select '${DEMO.dealerA.id}', 'sandbox', 'PROC-${stamp}-' || g, 'Proc Kunde ' || g, 'proc' || g || '@firma.example',
      (array['102020','102010','101020','103010','999999'])[1 + g % 5], 'Cube', 'Kathmandu Hybrid', 2999, 3199, 2999, 'pending', now()
    from generate_series(1, ${pending}) g`);
  const insertSeconds = (Date.now() - t0) / 1000;
  const t1 = Date.now();
  // The trigram index lives on offer_search's partitions (migration 0012), filled by its trigger.
  await sql.unsafe(`select gin_clean_pending_list(indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where a.amname = 'gin' and (i.indrelid = 'offers'::regclass or i.indrelid in (select inhrelid from pg_inherits where inhparent = 'offer_search'::regclass))`);
  const ginCleanSeconds = (Date.now() - t1) / 1000;
  log(`processor: ${pending} pending offers inserted in ${insertSeconds.toFixed(1)} s, GIN pending list merged in ${ginCleanSeconds.toFixed(1)} s`);
  const spoke = await startSpoke(2000, 'processor');
  try {
    const inserted = Date.now();
    // Polled through the pending partial index (nothing else is pending in the bench database
    // now); the times themselves come from the history entries the processor wrote (the database's
    // clock: a batch's entries carry its transaction's start), not from when a poll noticed.
    for (;;) {
      await sleep(200);
      const [row] = await sql`select count(*)::int as n from offers where status = 'pending'`;
      const left = row!.n as number;
      if (left === 0) break;
      if (Date.now() - inserted > 600_000) throw new Error(`processor: ${left} offers still pending after 10 minutes`);
    }
    const [span] = await sql`
      select extract(epoch from max(h.occurred_at) - min(h.occurred_at)) as s, count(*)::int as n,
        extract(epoch from min(h.occurred_at)) * 1000 as first_ms, extract(epoch from max(h.occurred_at)) * 1000 as last_ms
      from offer_history h join offers o on o.id = h.offer_id
      where o.external_offer_id like ${`PROC-${stamp}-%`} and h.action = 'processed'`;
    const first = Number(span!.first_ms);
    const done = Number(span!.last_ms);
    const wallSeconds = (done - inserted) / 1000;
    log(`processor: ${pending} processed ${wallSeconds.toFixed(1)} s after the server was up`);

    // 2. 202 → draft with the default schedule and the wake on NOTIFY: a steady BENCH_WAKE_RATE
    // creates per second for BENCH_WAKE_SECONDS (bench/wake-latency.ts: no polling while it runs),
    // in a steady state: the 50,000 offers just processed left as many dead row versions in offers
    // and offer_search, which autovacuum clears within a minute or so; the phase does it first.
    const v0 = Date.now();
    await sql.unsafe('vacuum (analyze) offers');
    await sql.unsafe('vacuum (analyze) offer_search');
    log(`processor: vacuum after the burst ${((Date.now() - v0) / 1000).toFixed(1)} s`);
    const wake = jsonPhase('bench/wake-latency.ts', 'WAKE_JSON', { ...process.env, SPOKE_URL: spokeUrl, RATE: String(num('BENCH_WAKE_RATE', 50)), SECONDS: String(num('BENCH_WAKE_SECONDS', 20)) }) as {
      rate: number; offers: number; errors: number; p50Ms: number; p95Ms: number; maxMs: number;
    };
    return {
      pendingOffers: pending,
      processorWallSeconds: wallSeconds,
      processorOffersPerSec: pending / wallSeconds,
      processorBusySeconds: Number(span!.s),
      processorOffersPerBusySec: Number(span!.n) / Math.max(Number(span!.s), 0.001),
      firstPickupMs: first - inserted,
      insertSeconds,
      ginCleanSeconds,
      latencyRate: wake.rate,
      latencyErrors: wake.errors,
      latencyOffers: wake.offers,
      latencyP50Ms: wake.p50Ms,
      latencyP95Ms: wake.p95Ms,
      latencyMaxMs: wake.maxMs,
    };
  } finally {
    await stop(spoke);
    await sql.end();
  }
}

// ---- main ----------------------------------------------------------------------------------

function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' ');
}

async function main() {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed: apt-get install wrk (Debian/Ubuntu) or brew install wrk');
  fs.mkdirSync(workDir, { recursive: true });
  const startedAt = new Date().toISOString();
  const loadBefore = loadAverage();
  log(`load average before: ${loadBefore} (${os.cpus().length} cpus)`);

  if (!cfg.skipBuild) {
    log('building (NEXT_DIST_DIR=.next-bench)…');
    // next build adds its build folder's types to tsconfig.json; the bench leaves the file as it was.
    const tsconfig = fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
    try {
      for (const dir of [root, ...(cfg.compareDir ? [cfg.compareDir] : [])]) {
        run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: '.next-bench', NEXT_SKIP_TYPECHECK: 'true' }, dir);
      }
    } finally {
      if (fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8') !== tsconfig) fs.writeFileSync(path.join(root, 'tsconfig.json'), tsconfig);
    }
  }
  const db = await prepareDatabase();

  const spoke = await startSpoke(0, 'http');
  const before = cfg.compareDir ? await startSpoke(0, 'before', cfg.compareDir, cfg.port + 2) : undefined;
  const baseline = await startBaseline();
  const pidOf = (t: Target) => ({ spoke, before, baseline })[t]!.pid!;
  const results: Record<string, unknown> = {};
  try {
    const tokenRes = await fetch(`${spokeUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    if (!token) throw new Error('no access token');

    const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
    const ids = await sql`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' and external_offer_id like 'ERP-%' order by md5(id::text) limit 2000`;
    await sql.end();
    const idsFile = path.join(workDir, 'ids.txt');
    fs.writeFileSync(idsFile, ids.map((r) => r.id as string).join('\n') + '\n');
    const mixFile = path.join(workDir, 'search-mix.txt');
    fs.writeFileSync(mixFile, SEARCH_MIX.join('\n') + '\n');
    const bodyFile = path.join(workDir, 'create.json');
    fs.writeFileSync(bodyFile, JSON.stringify(CREATE_BODY));

    const bearer = { Authorization: `Bearer ${token}` };
    const json = { 'Content-Type': 'application/json' };
    const all: Scenario[] = [
      { name: 'constant JSON (floor)', target: 'spoke', method: 'GET', path: '/api/bench/constant', headers: {}, baseline: 'constant JSON (floor)', expect: 200 },
      { name: 'get by id', target: 'spoke', method: 'GET', path: '/v1/offers/{id}', idsFile, headers: bearer, baseline: 'get by id', expect: 200 },
      { name: 'list (defaults)', target: 'spoke', method: 'GET', path: `/v1/offers${LIST_DEFAULT}`, headers: bearer, baseline: 'list (defaults)', expect: 200 },
      { name: 'list + search', target: 'spoke', method: 'GET', path: `/v1/offers${LIST_SEARCH}`, headers: bearer, baseline: 'list + search', expect: 200 },
      { name: 'list + filters + sort', target: 'spoke', method: 'GET', path: `/v1/offers${LIST_FILTERED}`, headers: bearer, baseline: 'list + filters + sort', expect: 200 },
      { name: 'list search+filters @10', target: 'spoke', method: 'GET', path: `/v1/offers${LIST_FILTERED}&search=kalkhoff`, headers: bearer, connections: 10, baseline: 'list search+filters @10', expect: 200 },
      { name: 'list search mix @10', target: 'spoke', method: 'GET', path: '/v1/offers?{id}', idsFile: mixFile, headers: bearer, connections: 10, baseline: 'list search mix @10', expect: 200 },
      { name: 'history', target: 'spoke', method: 'GET', path: '/v1/offers/{id}/history', idsFile, headers: bearer, expect: 200 },
      { name: 'accessory catalogue', target: 'spoke', method: 'GET', path: '/v1/offers/accessory', headers: bearer, expect: 200 },
      {
        name: 'token endpoint',
        target: 'spoke',
        method: 'POST',
        path: '/oauth/token',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
        bodyFile: path.join(workDir, 'token.txt'),
        expect: 200,
      },
      { name: 'create', target: 'spoke', method: 'POST', path: '/v1/offers', headers: { ...bearer, ...json }, bodyFile, baseline: 'create', expect: 202 },
      { name: 'constant JSON (floor)', target: 'baseline', method: 'GET', path: '/constant', headers: {}, expect: 200 },
      { name: 'get by id', target: 'baseline', method: 'GET', path: '/v1/offers/{id}', idsFile, headers: {}, expect: 200 },
      { name: 'list (defaults)', target: 'baseline', method: 'GET', path: `/v1/offers${LIST_DEFAULT}`, headers: {}, expect: 200 },
      { name: 'list + search', target: 'baseline', method: 'GET', path: `/v1/offers${LIST_SEARCH}`, headers: {}, expect: 200 },
      { name: 'list + filters + sort', target: 'baseline', method: 'GET', path: `/v1/offers${LIST_FILTERED}`, headers: {}, expect: 200 },
      { name: 'list search+filters @10', target: 'baseline', method: 'GET', path: `/v1/offers${LIST_FILTERED}&search=kalkhoff`, headers: {}, connections: 10, expect: 200 },
      { name: 'list search mix @10', target: 'baseline', method: 'GET', path: '/v1/offers?{id}', idsFile: mixFile, headers: {}, connections: 10, expect: 200 },
      { name: 'create', target: 'baseline', method: 'POST', path: '/v1/offers', headers: json, bodyFile, expect: 202 },
    ];
    fs.writeFileSync(path.join(workDir, 'token.txt'), 'grant_type=client_credentials');
    const keyOf = (s: Scenario) => `${s.target}: ${s.name}`;
    // With a comparison build, each Spoke scenario also runs on it, right before its Spoke twin.
    const withBefore = cfg.compareDir ? all.flatMap((s) => (s.target === 'spoke' ? [{ ...s, target: 'before' as const }, s] : [s])) : all;
    const scenarios = withBefore.filter((s) => !cfg.only || cfg.only.some((o) => s.name.includes(o) || keyOf(s).includes(o)));

    for (const s of scenarios) await smoke(s);
    const measurements = new Map<string, Measurement[]>();
    for (let round = 1; round <= cfg.rounds; round++) {
      for (const s of scenarios) {
        const pid = pidOf(s.target);
        if (round === 1 && cfg.warmup > 0) await wrk(s, cfg.warmup, `BENCH-${stamp}-w-${s.target}`, pid);
        const m = await wrk(s, cfg.duration, `BENCH-${stamp}-${round}-${s.target}`, pid);
        measurements.set(keyOf(s), [...(measurements.get(keyOf(s)) ?? []), m]);
        log(`round ${round} ${keyOf(s).padEnd(40)} ${m.reqPerSec.toFixed(0).padStart(6)} req/s  p95 ${(m.latencyUs.p95 / 1000).toFixed(1)} ms  ${m.cpuUsPerReq.toFixed(0)} µs/req  errors ${m.errors.status + m.errors.timeout + m.errors.connect}`);
      }
    }

    type Row = { scenario: string; target: Target; connections: number; reqPerSec: number; p50Ms: number; p95Ms: number; p99Ms: number; errors: number; cpuUsPerReq: number; rssMb: number; maxRssMb: number; rounds: Measurement[] };
    const rows: Row[] = scenarios.map((s) => {
      const ms = measurements.get(keyOf(s))!;
      return {
        scenario: s.name,
        target: s.target,
        connections: s.connections ?? cfg.connections,
        reqPerSec: median(ms.map((m) => m.reqPerSec)),
        p50Ms: median(ms.map((m) => m.latencyUs.p50)) / 1000,
        p95Ms: median(ms.map((m) => m.latencyUs.p95)) / 1000,
        p99Ms: median(ms.map((m) => m.latencyUs.p99)) / 1000,
        errors: ms.reduce((n, m) => n + m.errors.status + m.errors.timeout + m.errors.connect + m.errors.read + m.errors.write, 0),
        cpuUsPerReq: median(ms.map((m) => m.cpuUsPerReq)),
        rssMb: median(ms.map((m) => m.rssMb)),
        maxRssMb: Math.max(...ms.map((m) => m.maxRssMb)),
        rounds: ms,
      };
    });
    const find = (target: Target, name: string) => rows.find((r) => r.target === target && r.scenario === name);
    const floor = find('spoke', 'constant JSON (floor)');
    const table: TableRow[] = rows.map((r) => {
      const base = find('baseline', r.scenario);
      const ownFloor = r.target === 'baseline' ? find('baseline', 'constant JSON (floor)') : find(r.target, 'constant JSON (floor)') ?? floor;
      const app = r.target !== 'baseline';
      return {
        ...r,
        cpuVsFloor: ownFloor ? r.cpuUsPerReq / ownFloor.cpuUsPerReq : NaN,
        cpuVsBaseline: app && base ? r.cpuUsPerReq / base.cpuUsPerReq : NaN,
        reqPerSecVsBaseline: app && base ? r.reqPerSec / base.reqPerSec : NaN,
      };
    });
    results.http = table;

    // Sustained saturation, Spoke (node-postgres) and then the baseline (postgres.js): does throughput decay?
    if (cfg.soak > 0) {
      results.soak = [
        await soak(spoke.pid!, { name: 'get by id', target: 'spoke', method: 'GET', path: '/v1/offers/{id}', idsFile, headers: bearer, expect: 200 }),
        await soak(baseline.pid!, { name: 'get by id', target: 'baseline', method: 'GET', path: '/v1/offers/{id}', idsFile, headers: {}, expect: 200 }),
      ];
    }
    // The dealer portal's list page in a real browser, against the same server and data set.
    if (cfg.pageVisits > 0) {
      log(`portal list page: ${cfg.pageVisits} visits per view in Chromium…`);
      results.pageOpen = await measurePageOpen(spokeUrl, { visits: cfg.pageVisits });
    }
    await stop(spoke);
    if (before) await stop(before);
    await stop(baseline);
    if (cfg.processor) results.processor = await processorPhase();
    // The token endpoint's CPU per token with scrypt-stored vs keyed-hash client secrets (in-process),
    // and get by id from `npm start` with one worker vs two, side by side.
    const phaseEnv = { ...spokeEnv(0), NODE_OPTIONS: '', NEXT_DIST_DIR: '.next-bench', WORKERS_PORT: String(cfg.port + 3) };
    if (cfg.tokenCost) results.tokenCost = jsonPhase('bench/token-cost.ts', 'TOKEN_COST_JSON', phaseEnv);
    if (cfg.workers) results.workers = jsonPhase('bench/workers.ts', 'WORKERS_JSON', phaseEnv);

    const loadAfter = loadAverage();
    log(`load average after: ${loadAfter}`);
    const report = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadBefore, loadAfter },
      config: { ...cfg, dataSet },
      dataSet: db,
      dealerListPageJs: weight(),
      ...results,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `bench-${stamp}.json`);
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(markdown(report, table));
    log(`results: ${path.relative(root, file)}`);
  } finally {
    await stop(spoke);
    if (before) await stop(before);
    await stop(baseline);
  }
}

async function soak(pid: number, s: Scenario) {
  const slices: { at: number; reqPerSec: number; p95Ms: number; rssMb: number; cpuUsPerReq: number }[] = [];
  const sliceSeconds = 15;
  const started = Date.now();
  while (Date.now() - started < cfg.soak * 1000) {
    const m = await wrk(s, sliceSeconds, `BENCH-${stamp}-soak`, pid);
    slices.push({ at: Math.round((Date.now() - started) / 1000), reqPerSec: m.reqPerSec, p95Ms: m.latencyUs.p95 / 1000, rssMb: m.rssMb, cpuUsPerReq: m.cpuUsPerReq });
    log(`soak ${s.target} ${slices.at(-1)!.at}s ${m.reqPerSec.toFixed(0)} req/s p95 ${(m.latencyUs.p95 / 1000).toFixed(1)} ms rss ${m.rssMb.toFixed(0)} MB`);
  }
  return { scenario: s.name, target: s.target, sliceSeconds, slices };
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

type TableRow = {
  scenario: string;
  target: Target;
  connections: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  cpuUsPerReq: number;
  rssMb: number;
  maxRssMb: number;
  cpuVsFloor: number;
  cpuVsBaseline: number;
  reqPerSecVsBaseline: number;
};

function weight(): PageWeight | { error: string } {
  try {
    return pageWeight(path.join(root, '.next-bench'));
  } catch (err) {
    return { error: String(err) };
  }
}

function markdown(report: Record<string, unknown>, table: TableRow[]): string {
  const m = report.machine as Record<string, unknown>;
  const lines = [
    `## Bench ${report.startedAt as string}`,
    '',
    `${m.cpus as number} × ${m.cpuModel as string}, ${m.memGb as number} GB, Node ${m.node as string}; load average before ${m.loadBefore as string}, after ${m.loadAfter as string}.`,
    `${cfg.rounds} rounds × ${cfg.duration} s (warm-up ${cfg.warmup} s), wrk -t1 -c${cfg.connections} unless noted; medians. CPU = server process CPU per request (utime+stime); ×floor = CPU ÷ the same server's constant-JSON CPU; ×baseline = CPU ÷ the baseline's CPU for the same SQL.`,
    '',
    '| scenario | server | conns | req/s | p50 ms | p95 ms | p99 ms | errors | CPU µs/req | ×floor | ×baseline CPU | req/s ÷ baseline | RSS MB (max) |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...table.map(
      (r) =>
        `| ${r.scenario} | ${r.target} | ${r.connections} | ${f0(r.reqPerSec)} | ${f1(r.p50Ms)} | ${f1(r.p95Ms)} | ${f1(r.p99Ms)} | ${r.errors} | ${f0(r.cpuUsPerReq)} | ${f2(r.cpuVsFloor)} | ${f2(r.cpuVsBaseline)} | ${f2(r.reqPerSecVsBaseline)} | ${f0(r.rssMb)} (${f0(r.maxRssMb)}) |`,
    ),
  ];
  const pairs = table.filter((r) => r.target === 'before').map((b) => [b, table.find((r) => r.target === 'spoke' && r.scenario === b.scenario)!] as const);
  if (pairs.length > 0) {
    lines.push('', 'Before → after (BENCH_COMPARE_DIR build vs this one, interleaved):', '', '| scenario | req/s | p95 ms | CPU µs/req |', '|---|--:|--:|--:|');
    for (const [b, a] of pairs) lines.push(`| ${a.scenario} | ${f0(b.reqPerSec)} → ${f0(a.reqPerSec)} | ${f1(b.p95Ms)} → ${f1(a.p95Ms)} | ${f0(b.cpuUsPerReq)} → ${f0(a.cpuUsPerReq)} |`);
  }
  const d = report.dataSet as { loadSeconds: number; reused: boolean };
  lines.push('', `Data set: ${dataSet.offers.toLocaleString('en')} offers, ${dataSet.dealers} dealers (dealer A ${dataSet.dealerAOffers.toLocaleString('en')}); load ${d.loadSeconds.toFixed(1)} s${d.reused ? ' (reused from an earlier run)' : ''}.`);
  const js = report.dealerListPageJs as PageWeight | { error: string };
  lines.push('error' in js ? `Dealer list page JavaScript: not measured (${js.error}).` : `Dealer list page JavaScript: ${f1(js.gzipBytes / 1024)} kB gzip (${js.files} files, ${f0(js.rawBytes / 1024)} kB raw).`);
  const po = report.pageOpen as PageOpenResult | undefined;
  for (const v of po?.views ?? []) {
    lines.push(
      `Portal ${v.name} (${v.path}, ${v.totalCount.toLocaleString('en')} offers of ${po!.dealer}), navigation start → first row visible, ${po!.visits} visits: first visit (empty cache) median ${f0(median(v.firstVisitMs))} ms, p95 ${f0(percentile(v.firstVisitMs, 95))} ms, max ${f0(Math.max(...v.firstVisitMs))} ms; repeat visit median ${f0(median(v.repeatVisitMs))} ms, max ${f0(Math.max(...v.repeatVisitMs))} ms.`,
    );
  }
  const p = report.processor as ProcessorResult | undefined;
  if (p) {
    lines.push(
      `Processor: ${p.pendingOffers} pending offers (inserted in ${f1(p.insertSeconds)} s, GIN pending list merged in ${f1(p.ginCleanSeconds)} s) processed in ${f1(p.processorWallSeconds)} s from server start → ${f0(p.processorOffersPerSec)} offers/s (${f0(p.processorOffersPerBusySec)} offers/s between first and last batch; first pick-up after ${f0(p.firstPickupMs)} ms).`,
      `202 → draft (default 2000 ms schedule and the wake, ${p.latencyRate} creates/s, ${p.latencyOffers} offers, ${p.latencyErrors} errors): p50 ${f0(p.latencyP50Ms)} ms, p95 ${f0(p.latencyP95Ms)} ms, max ${f0(p.latencyMaxMs)} ms.`,
    );
  }
  const tc = report.tokenCost as { before: { cpuMsPerToken: number; tokensPerCpuSecond: number }; after: { cpuMsPerToken: number; tokensPerCpuSecond: number }; ratio: number } | undefined;
  if (tc) {
    lines.push(
      `Token endpoint (handler in-process): scrypt-stored client secret ${f1(tc.before.cpuMsPerToken)} ms CPU/token = ${f0(tc.before.tokensPerCpuSecond)} tokens per CPU-second; keyed hash ${f1(tc.after.cpuMsPerToken)} ms = ${f0(tc.after.tokensPerCpuSecond)} tokens per CPU-second (${f1(tc.ratio)}×).`,
    );
  }
  const wk = report.workers as { loadBefore: string; loadAfter: string; summary: { workers: number; reqPerSec: number; p95Ms: number; vsOne: number | null }[] } | undefined;
  if (wk) {
    lines.push(
      `Get by id from npm start, side by side: ${wk.summary.map((x) => `${x.workers} worker(s) ${f0(x.reqPerSec)} req/s (p95 ${f1(x.p95Ms)} ms${x.vsOne && x.workers !== 1 ? `, ${x.vsOne.toFixed(2)}× one` : ''})`).join('; ')}; load ${wk.loadBefore} → ${wk.loadAfter}.`,
    );
  }
  const soaks = (report.soak ?? []) as { target: string; slices: { at: number; reqPerSec: number; rssMb: number }[] }[];
  for (const soakResult of soaks) {
    if (soakResult.slices.length === 0) continue;
    const first = soakResult.slices[0]!;
    const last = soakResult.slices.at(-1)!;
    const series = soakResult.slices.map((x) => f0(x.reqPerSec)).join(', ');
    lines.push(`Soak, get by id on ${soakResult.target} (${last.at} s in ${soakResult.slices.length} slices): ${f0(first.reqPerSec)} → ${f0(last.reqPerSec)} req/s (${series}), RSS ${f0(first.rssMb)} → ${f0(last.rssMb)} MB.`);
  }
  return lines.join('\n');
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const c of children) c.kill('SIGTERM');
    process.exit(130);
  });
}

main().catch(async (err) => {
  console.error(err);
  for (const c of children) await stop(c);
  process.exit(1);
});
