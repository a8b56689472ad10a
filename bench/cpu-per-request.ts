import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import postgres from 'postgres';
import { DEMO } from '@/db/seed';
import { CREATE_BODY, randomSearchMix } from './scenarios';
import { cpuMsOf, sleep, stop, treeOf } from './processes';
import { FLOOR_PATH, startFloor } from './floor';
import { loadAverage, quiet, quietMachine, secrets } from './config';

// CPU per request against its floor, all measured in one run: the Node.js CPU time (utime + stime
// of /proc/<pid>/stat) of the production server's processes per request, one request at a time,
// divided by the same figure of a bare Next.js route handler answering a small JSON (bench/floor.ts,
// the framework's own cost) and shown beside a bare node:http server's. PostgreSQL's backends are
// measured the same way. `uptime` is printed before and after each scenario; one that starts above
// a load of 1.0 is marked "taken under load". The floor is measured before and after the scenarios:
// this machine's speed drifts within a run, so both and their mean are printed.
//
//   npm run build                     # once (or CPU_DIST_DIR / NEXT_DIST_DIR of another build)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/spoke_bench npx tsx bench/cpu-per-request.ts
//
// Scenarios (CPU_SCENARIOS, all by default): health, get, list (10 a page), search (never repeated,
// 10 a page) and create (offers created one every 100 ms, CPU_ALONE_RATE per second, nothing
// processing them) with the processor's schedule off (PROCESSOR_INTERVAL_MS=0), so that no
// background work is counted; then `alone`: a second start with the server's own schedule, offers
// created as in `create`, each arriving alone: the CPU of its create, wake-up, processing, history,
// event and notification, divided by the offers, until all of them have left `pending`.
// Each scenario (and each floor) waits for a 1-minute load average below 1.0 first, up to
// BENCH_QUIET_WAIT s (300; bench/config.ts). Settings: CPU_N (requests per scenario, 1000),
// CPU_WARMUP (2000: V8 compiles Next.js's hot code over the first thousands of requests), CPU_ALONE_N (300 offers after as many of warm-up),
// CPU_PORT (3260; the bare servers +1 and +2), CPU_PROF_DIR (start the server with `--cpu-prof`).
// `create` and `alone` are divided by the bare route handler asked at their own pace (CPU_ALONE_N
// requests at CPU_ALONE_RATE per second, after as many of warm-up, before `create` and at the end).

const n = Number(process.env.CPU_N ?? 1000);
const warmup = Number(process.env.CPU_WARMUP ?? 2000);
const aloneN = Number(process.env.CPU_ALONE_N ?? 300);
const aloneRate = Number(process.env.CPU_ALONE_RATE ?? 10);
const port = Number(process.env.CPU_PORT ?? 3260);
const dbUrl = process.env.DATABASE_URL;
const adminUrl = process.env.CPU_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const wanted = (process.env.CPU_SCENARIOS ?? 'health,get,list,search,create,alone').split(',');

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(base: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { agent, headers, method: body ? 'POST' : 'GET' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function waitFor(base: string, path: string, seconds: number): Promise<void> {
  for (const until = Date.now() + seconds * 1000; Date.now() < until; await sleep(500)) {
    if ((await request(base, path).catch(() => null))?.status === 200) return;
  }
  throw new Error(`${base}${path} did not answer within ${seconds} s`);
}

const BARE = (p: number) => `const http=require('node:http');const body=JSON.stringify({data:{status:'ok'},meta:{}});
http.createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json','cache-control':'no-store'});s.end(body)}).listen(${p});`;

type Scenario = { name: string; path: (i: number) => string };
type Row = { name: string; nodeMs: number; pgMs: number | null; before: string; after: string; underLoad: boolean; status: string; paced?: boolean };
const treeCpu = (pid: number) => treeOf(pid).reduce((a, s) => a + s.cpuMs, 0);

function startServer(extra: Record<string, string>): ChildProcess {
  const prof = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
  const server = spawn(process.execPath, [...prof, 'scripts/start.mjs'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...secrets, RATE_LIMIT_PER_MINUTE: '1000000',
      // The data set's offers span years: a running deployment has no anonymisation backlog to work off.
      RETENTION_DAYS_UNORDERED: '36500', RETENTION_DAYS_ORDERED: '36500', ...process.env, PORT: String(port), NODE_ENV: 'production', WEB_CONCURRENCY: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', ...extra },
  });
  server.once('exit', (code) => code && console.error(`the server ended (exit ${code})`));
  return server;
}

async function tokenOf(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  const token = ((await res.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`no access token (${res.status})`);
  return { Authorization: `Bearer ${token}` };
}

async function main() {
  if (!dbUrl) throw new Error('Set DATABASE_URL to the database the server uses.');
  const dbName = new URL(dbUrl).pathname.slice(1);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const data = postgres(dbUrl, { max: 1 });
  const children: ChildProcess[] = [];
  try {
    const bare = spawn(process.execPath, ['-e', BARE(port + 1)], { stdio: 'inherit' });
    const floor = startFloor(port + 2);
    children.push(bare, floor);
    const bareBase = `http://127.0.0.1:${port + 1}`;
    const floorBase = `http://127.0.0.1:${port + 2}`;
    const base = `http://127.0.0.1:${port}`;
    let server = startServer({ PROCESSOR_INTERVAL_MS: '0' });
    children.push(server);
    await Promise.all([waitFor(base, '/api/health', 240), waitFor(bareBase, '/', 30), waitFor(floorBase, FLOOR_PATH, 60)]);
    let auth = await tokenOf(base);

    const ids = (await data<{ id: string }[]>`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' order by md5(id::text) limit 2000`).map((r) => r.id);
    const tenant = (await data<{ c: number }[]>`select count(*)::int as c from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox'`)[0]!.c;
    // Searches never repeated within a run (fragments, names, offer numbers, filters, sorts, pages),
    // ten offers a page as the list scenario.
    const searches = randomSearchMix(n + warmup, 45).map((q) => `/v1/offers?${q.replace(/perPage=\d+/, 'perPage=10')}`);
    const all: Scenario[] = [
      { name: 'health', path: () => '/api/health' },
      { name: 'get', path: (i) => `/v1/offers/${ids[i % ids.length]}` },
      { name: 'list', path: (i) => `/v1/offers?perPage=10&page=${1 + (i % 20)}` },
      { name: 'search', path: (i) => searches[i % searches.length]! },
    ];
    const reads = all.filter((s) => wanted.includes(s.name));

    const backends = async () => (await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and backend_type = 'client backend'`).map((r) => r.pid);
    // A backend that ended meanwhile (the pool closed an idle connection) is left out.
    const pgCpu = (pids: number[], before?: Map<number, number>) => pids.reduce((a, p) => a + Math.max(0, cpuMsOf(p) - (before?.get(p) ?? 0)), 0);
    const pgSnapshot = (pids: number[]) => new Map(pids.map((p) => [p, cpuMsOf(p)]));
    const measure = async (target: string, root: number, s: Scenario, headers: Record<string, string>) => {
      const statuses = new Map<number, number>();
      for (let i = 0; i < warmup; i++) await request(target, s.path(i), headers);
      const pgPids = await backends();
      const pgBefore = pgSnapshot(pgPids);
      const nodeBefore = treeCpu(root);
      for (let i = 0; i < n; i++) {
        const { status } = await request(target, s.path(warmup + i), headers);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      const nodeMs = (treeCpu(root) - nodeBefore) / n;
      const pgMs = pgCpu(pgPids, pgBefore) / n;
      return { nodeMs, pgMs, status: [...statuses].map(([c, k]) => `${k}×${c}`).join(' ') };
    };
    const floorOnce = async () => {
      await quietMachine();
      return (await measure(floorBase, floor.pid!, { name: 'floor', path: () => FLOOR_PATH }, {})).nodeMs;
    };
    const bareOnce = async () => (await measure(bareBase, bare.pid!, { name: 'bare', path: () => '/' }, {})).nodeMs;

    console.log(`\nCPU per request, ${n} requests one at a time after ${warmup} of warm-up; dealer A's sandbox: ${tenant.toLocaleString('en')} offers; ${os.cpus().length} cores`);
    const floorBefore = await floorOnce();
    const bareMs = await bareOnce();
    const rows: Row[] = [];
    const row = (name: string, before: string, underLoad: boolean, r: { nodeMs: number; pgMs: number | null; status: string; paced?: boolean }) => {
      const after = loadAverage();
      rows.push({ name, ...r, before, after, underLoad });
      console.log(`${name}: ${r.nodeMs.toFixed(2)} ms; uptime before ${before} → after ${after}${underLoad ? '  (taken under load)' : ''}`);
    };
    for (const s of reads) {
      await quietMachine();
      const before = loadAverage();
      const underLoad = !quiet();
      const r = await measure(base, server.pid!, s, s.name === 'health' ? {} : auth);
      row(s.name, before, underLoad, { ...r, pgMs: s.name === 'health' ? null : r.pgMs });
    }

    // Offers created one at a time at CPU_ALONE_RATE per second, CPU per offer over the second
    // CPU_ALONE_N of them (the first warm the server); with `processed`, until none is pending.
    const stamp = Date.now();
    const pending = async () => (await data<{ c: number }[]>`select count(*)::int as c from offers where external_offer_id like ${`ALONE-${stamp}-%`} and status = 'pending'`)[0]!.c;
    // CPU_ALONE_N requests at CPU_ALONE_RATE per second, one at a time: `send(i)` answers a status.
    const pacedRequests = async (send: (i: number) => Promise<number>, from: number) => {
      const statuses = new Map<number, number>();
      for (let i = 0; i < aloneN; i++) {
        const due = Date.now() + 1000 / aloneRate;
        const status = await send(from + i);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await sleep(Math.max(0, due - Date.now()));
      }
      return [...statuses].map(([c, k]) => `${k}×${c}`).join(' ');
    };
    // The floor at the same pace: a request that arrives alone costs the framework several times
    // what one of a back-to-back stream does (caches gone cold, timers, idle-time work), so a lone
    // offer is divided by a lone request to the bare route handler.
    const pacedFloorOnce = async () => {
      const send = async () => (await request(floorBase, FLOOR_PATH)).status;
      await pacedRequests(send, 0);
      await quietMachine();
      const before = treeCpu(floor.pid!);
      await pacedRequests(send, aloneN);
      return (treeCpu(floor.pid!) - before) / aloneN;
    };
    const pacedFloors: number[] = [];
    const pacedCreates = async (name: string, processed: boolean) => {
      if (pacedFloors.length === 0) pacedFloors.push(await pacedFloorOnce());
      const paced = async (from: number) => {
        const status = await pacedRequests(async (i) => {
          const body = JSON.stringify({ ...CREATE_BODY, externalOfferId: `ALONE-${stamp}-${name}-${i}` });
          return (await request(base, '/v1/offers', { ...auth, 'Content-Type': 'application/json' }, body)).status;
        }, from);
        for (let waited = 0; processed && (await pending()) > 0; waited++) {
          if (waited > 600) throw new Error('offers still pending after 60 s');
          await sleep(100);
        }
        return status;
      };
      await paced(0);
      await quietMachine();
      const before = loadAverage();
      const underLoad = !quiet();
      const pgPids = await backends();
      const pgBefore = pgSnapshot(pgPids);
      const nodeBefore = treeCpu(server.pid!);
      const status = await paced(aloneN);
      row(name, before, underLoad, { nodeMs: (treeCpu(server.pid!) - nodeBefore) / aloneN, pgMs: pgCpu(pgPids, pgBefore) / aloneN, status, paced: true });
    };
    // `create`: the creates alone (this server's schedule is off: nothing processes them).
    if (wanted.includes('create')) {
      await pacedCreates('create', false);
      await data`delete from offers where external_offer_id like ${`ALONE-${stamp}-create-%`}`;
    }
    if (wanted.includes('alone')) {
      await stop(server);
      server = startServer({});
      children.push(server);
      await waitFor(base, '/api/health', 240);
      auth = await tokenOf(base);
      await pacedCreates('alone', true);
    }
    await data`delete from offers where external_offer_id like ${`ALONE-${stamp}-%`}`.catch(() => {});

    const floorAfter = await floorOnce();
    const floorMs = (floorBefore + floorAfter) / 2;
    if (pacedFloors.length > 0) pacedFloors.push(await pacedFloorOnce());
    const pacedFloorMs = pacedFloors.reduce((a, b) => a + b, 0) / Math.max(1, pacedFloors.length);
    console.log(`\nfloor: bare Next.js route handler ${floorBefore.toFixed(2)} ms before, ${floorAfter.toFixed(2)} ms after (mean ${floorMs.toFixed(2)}); bare node:http ${bareMs.toFixed(2)} ms`);
    if (pacedFloors.length > 0) console.log(`floor at ${aloneRate}/s: ${pacedFloors.map((f) => f.toFixed(2)).join(' ms before, ')} ms after (mean ${pacedFloorMs.toFixed(2)})`);
    console.log('\n| scenario | Node.js CPU ms/req | × bare route handler (same pace) | × bare node:http | PostgreSQL CPU ms/req | answers | load before → after |');
    console.log('|---|--:|--:|--:|--:|---|---|');
    for (const r of rows) {
      const ratio = r.nodeMs / (r.paced ? pacedFloorMs : floorMs);
      console.log(`| ${r.name}${r.paced ? ` (${aloneRate}/s)` : ''} | ${r.nodeMs.toFixed(2)} | ${ratio.toFixed(2)} | ${(r.nodeMs / bareMs).toFixed(1)} | ${r.pgMs === null ? '–' : r.pgMs.toFixed(2)} | ${r.status} | ${r.before} → ${r.after}${r.underLoad ? ' **taken under load**' : ''} |`);
    }
    console.log(`| bare Next.js route handler | ${floorMs.toFixed(2)} | 1.00 | ${(floorMs / bareMs).toFixed(1)} | – | | |`);
    if (pacedFloors.length > 0) console.log(`| bare Next.js route handler (${aloneRate}/s) | ${pacedFloorMs.toFixed(2)} | 1.00 | | – | | |`);
    console.log(`| bare node:http | ${bareMs.toFixed(2)} | | 1.0 | – | | |`);
  } finally {
    agent.destroy();
    await Promise.all(children.map(stop));
    await admin.end();
    await data.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
