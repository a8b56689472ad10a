import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import postgres from 'postgres';
import { DEMO } from '@/db/seed';
import { randomSearchMix } from './scenarios';
import { cpuMsOf } from './processes';

// CPU per request, one request at a time: the Node.js CPU time (utime + stime of /proc/<pid>/stat)
// of the production server's processes and of PostgreSQL's backends, divided by the requests,
// beside a bare node:http server answering the same health JSON, measured the same way in the same
// run. CPU time per request hardly depends on what else runs on the machine; latency does, so none
// is printed. `uptime` is printed before and after each scenario; one that starts above a load of
// 1.0 is marked "taken under load".
//
//   npm run build                     # once (or CPU_DIST_DIR / NEXT_DIST_DIR of another build)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/spoke_speed npx tsx bench/cpu-per-request.ts
//
// Settings: CPU_N (requests per scenario, 500), CPU_WARMUP (1000 per scenario: V8 compiles Next.js's
// hot code over the first thousands of requests, which costs more CPU than the requests), CPU_PORT (3260; the bare server
// CPU_PORT + 1), CPU_URL + CPU_PID (measure a server already running there: its process tree),
// CPU_PROF_DIR (start the server with `--cpu-prof` into that folder; profiles are written when it
// stops), CPU_SCENARIOS (health,get,list,search). The server is `node scripts/start.mjs` with one
// worker (WEB_CONCURRENCY=1) and the processor's schedule off (PROCESSOR_INTERVAL_MS=0), so that
// no background work is counted; the demo client of dealer A's sandbox asks.

const n = Number(process.env.CPU_N ?? 500);
const warmup = Number(process.env.CPU_WARMUP ?? 1000);
const port = Number(process.env.CPU_PORT ?? 3260);
const barePort = port + 1;
const dbUrl = process.env.DATABASE_URL;
const adminUrl = process.env.CPU_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const wanted = (process.env.CPU_SCENARIOS ?? 'health,get,list,search').split(',');

/** The process and its descendants (scripts/start.mjs and its workers). */
function treeOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(raw.slice(raw.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(pid) || !tree.has(ppid)) continue;
      tree.add(pid);
      grew = true;
    }
  }
  return [...tree];
}

const uptime = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

async function waitFor(base: string, seconds: number): Promise<void> {
  for (const until = Date.now() + seconds * 1000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
    try {
      if ((await get(base, '/api/health')).status === 200) return;
    } catch {
      // not yet
    }
  }
  throw new Error(`${base} did not answer within ${seconds} s`);
}

const BARE = `const http=require('node:http');const body=JSON.stringify({data:{status:'ok'},meta:{}});
http.createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json','cache-control':'no-store'});s.end(body)}).listen(${barePort});`;

type Scenario = { name: string; path: (i: number) => string };
type Result = { name: string; nodeMs: number; pgMs: number | null; bareMs: number | null; before: string; after: string; underLoad: boolean; status: string };

async function main() {
  if (!dbUrl) throw new Error('Set DATABASE_URL to the database the server uses.');
  const dbName = new URL(dbUrl).pathname.slice(1);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const data = postgres(dbUrl, { max: 1 });
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  };
  try {
    const bare = spawn(process.execPath, ['-e', BARE], { stdio: 'inherit' });
    children.push(bare);
    const bareBase = `http://127.0.0.1:${barePort}`;
    let base = process.env.CPU_URL;
    let serverPid = Number(process.env.CPU_PID ?? 0);
    if (!base) {
      const prof = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
      const server = spawn(process.execPath, [...prof, 'scripts/start.mjs'], {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { CRON_SECRET: 'bench-cron-secret-0123456789', NEXTAUTH_SECRET: 'bench-session-secret-0123456789', RATE_LIMIT_PER_MINUTE: '1000000', ...process.env, PORT: String(port), NODE_ENV: 'production', WEB_CONCURRENCY: '1', PROCESSOR_INTERVAL_MS: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      });
      children.push(server);
      server.once('exit', (code) => {
        if (code) console.error(`the server ended (exit ${code})`);
      });
      serverPid = server.pid!;
      base = `http://127.0.0.1:${port}`;
    }
    await Promise.all([waitFor(base, 240), waitFor(bareBase, 30)]);
    if (!serverPid) throw new Error('Set CPU_PID to the pid of the server at CPU_URL.');

    const tokenRes = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    const token = ((await tokenRes.json()) as { access_token?: string }).access_token;
    if (!token) throw new Error(`no access token (${tokenRes.status})`);
    const auth = { Authorization: `Bearer ${token}` };
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
    const scenarios = all.filter((s) => wanted.includes(s.name));

    const backends = async () => (await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and backend_type = 'client backend'`).map((r) => r.pid);
    const run = async (target: string, pids: () => number[], s: Scenario, headers: Record<string, string>, offset: number) => {
      const statuses = new Map<number, number>();
      for (let i = 0; i < warmup; i++) await get(target, s.path(offset + i), headers);
      const pgPids = await backends();
      const pgBefore = new Map(pgPids.map((p) => [p, cpuMsOf(p)]));
      const nodeBefore = pids().reduce((a, p) => a + cpuMsOf(p), 0);
      for (let i = 0; i < n; i++) {
        const { status } = await get(target, s.path(offset + warmup + i), headers);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      const nodeMs = (pids().reduce((a, p) => a + cpuMsOf(p), 0) - nodeBefore) / n;
      // A backend that ended meanwhile (the pool closed an idle connection) is left out.
      const pgMs = pgPids.reduce((a, p) => a + Math.max(0, cpuMsOf(p) - pgBefore.get(p)!), 0) / n;
      return { nodeMs, pgMs, status: [...statuses].map(([c, k]) => `${k}×${c}`).join(' ') };
    };

    console.log(`\nCPU per request, ${n} requests one at a time after ${warmup} of warm-up; dealer A's sandbox: ${tenant.toLocaleString('en')} offers; ${os.cpus().length} cores`);
    const results: Result[] = [];
    for (const s of scenarios) {
      const before = uptime();
      const underLoad = os.loadavg()[0]! > 1.0;
      const serverTree = treeOf(serverPid);
      const app = await run(base, () => serverTree, s, s.name === 'health' ? {} : auth, 0);
      const bareMs = s.name === 'health' ? (await run(bareBase, () => [bare.pid!], s, {}, 0)).nodeMs : null;
      const after = uptime();
      results.push({ name: s.name, nodeMs: app.nodeMs, pgMs: s.name === 'health' ? null : app.pgMs, bareMs, before, after, underLoad, status: app.status });
      console.log(`${s.name}: uptime before ${before} → after ${after}${underLoad ? '  (taken under load)' : ''}`);
    }
    const bareMs = results.find((r) => r.bareMs !== null)?.bareMs ?? (await run(bareBase, () => [bare.pid!], scenarios[0] ?? { name: 'health', path: () => '/api/health' }, {}, 0)).nodeMs;
    console.log('\n| scenario | Node.js CPU ms/req | × bare node:http | PostgreSQL CPU ms/req | answers | load before → after |');
    console.log('|---|--:|--:|--:|---|---|');
    for (const r of results) {
      console.log(`| ${r.name} | ${r.nodeMs.toFixed(2)} | ${(r.nodeMs / bareMs).toFixed(1)} | ${r.pgMs === null ? '–' : r.pgMs.toFixed(2)} | ${r.status} | ${r.before} → ${r.after}${r.underLoad ? ' **taken under load**' : ''} |`);
    }
    console.log(`| bare node:http (health JSON) | ${bareMs.toFixed(2)} | 1.0 | – | | |`);
  } finally {
    agent.destroy();
    await stopAll();
    await admin.end();
    await data.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
