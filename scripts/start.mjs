// npm start: check the configuration, build once if there is no build, then serve it from
// scripts/server.mjs workers. Data of the embedded database stays in .data/app between starts.
//
// A refused setting ends here, before anything is built or served: exit code 1 and one message
// naming the variable and what it accepts (lib/env.ts).
//
// This process is the node:cluster primary (docs/reliability.md, "Processes"): it serves nothing
// itself. On PostgreSQL it starts one worker per core (WEB_CONCURRENCY overrides), with the embedded
// database one; all share the port. It holds the rate-limit counters the workers share when there is
// no Redis (lib/rate-limit.ts), prints the banner once every worker is ready, restarts a worker that
// dies (one log line), and on SIGTERM / SIGINT stops every worker in order and exits 0.
//
// Started by npm (`npm start`), npm runs this under `sh -c`: a SIGTERM to that shell (or to npm,
// which passes it to the shell) ends the shell alone. This process then finds itself with another
// parent and stops as if it had the signal itself, so no server outlives the `npm start` it belongs to.
import cluster from 'node:cluster';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { stop as stopEsbuild, transform } from 'esbuild';
import { banner } from './server-net.mjs';

process.env.NODE_ENV ??= 'production';
process.env.PORT ??= '3000';
process.env.NEXTAUTH_URL ??= `http://localhost:${process.env.PORT}`;

try {
  // lib/env.ts compiled by esbuild alone (tsx's compiler, installed with it; no loader thread): under a
  // second on a quiet machine.
  // `server-only` guards the app's bundles; outside Next.js it would refuse to load: left out here.
  const source = readFileSync('lib/env.ts', 'utf8').replace(/^import 'server-only';$/m, '');
  const compiled = (await transform(source, { loader: 'ts', format: 'esm', target: 'node20' })).code;
  mkdirSync('node_modules/.cache/spoke', { recursive: true });
  const file = `node_modules/.cache/spoke/env-${process.pid}.mjs`;
  writeFileSync(file, compiled);
  // esbuild's service process is not needed any more (its async API can stop it; the sync one cannot).
  await stopEsbuild();
  const { checkServerEnv } = await import(pathToFileURL(file).href).finally(() => rmSync(file, { force: true }));
  const refused = checkServerEnv(process.env);
  if (refused) {
    console.error(refused.message);
    process.exit(1);
  }
} catch (err) {
  // lib/env.ts validates at import: an invalid value ends up here as its ConfigError.
  console.error(err instanceof Error && err.name === 'ConfigError' ? err.message : `Invalid setting: ${err}`);
  process.exit(1);
}

if (!existsSync(`${process.env.NEXT_DIST_DIR || '.next'}/BUILD_ID`)) {
  console.log('No build found: building Spoke once (next build)…');
  const build = spawnSync('node_modules/.bin/next', ['build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const embedded = !process.env.DATABASE_URL;
// The embedded database lives in this machine's files and allows one process (checked above).
const count = embedded ? 1 : Number(process.env.WEB_CONCURRENCY || os.availableParallelism());

// Without Redis the workers' rate-limit counters live here, so a limit is exact across workers.
// A single worker keeps its own (lib/rate-limit.ts): exact too, without a message per request.
if (!process.env.REDIS_URL && count > 1) {
  const { RateLimiterClusterMaster } = await import('rate-limiter-flexible');
  new RateLimiterClusterMaster();
}

// V8 grows its heap lazily up to a quarter of the machine's memory; the service needs far less
// (docs/performance.md, RSS). A cap keeps a worker's memory predictable; a heap size in NODE_OPTIONS
// overrides it.
const heap = process.env.NODE_OPTIONS?.includes('--max-old-space-size') ? [] : ['--max-old-space-size=256'];
cluster.setupPrimary({ exec: 'scripts/server.mjs', execArgv: [...process.execArgv, ...heap] });

const STOP_MS = 9_800;
const RESTART_MAX_MS = 30_000;
let stopping = false;
let everReady = false;
/** slot → { worker, startedAt, ready } ; slot 0 runs the processor. */
const slots = new Map();
const failures = new Map();

function fork(slot) {
  // The processor runs in one worker (its claims would keep parallel runs apart, but one per node
  // is enough); the others serve requests only.
  // They know the processing worker's interval, so a 406 there says when processing is due.
  const processing = process.env.PROCESSOR_INTERVAL_MS ?? '2000';
  const env = { SPOKE_WORKER_SLOT: String(slot), SPOKE_WORKERS: String(count), ...(slot === 0 ? {} : { PROCESSOR_INTERVAL_MS: '0', SPOKE_PROCESSOR_PEER_MS: processing }) };
  const worker = cluster.fork(env);
  const entry = { worker, startedAt: Date.now(), ready: false };
  slots.set(slot, entry);
  worker.on('message', (msg) => {
    if (msg?.spoke !== 'ready') return;
    entry.ready = true;
    if (!everReady && [...slots.values()].every((e) => e.ready)) {
      everReady = true;
      console.log(banner(process.env, count));
    }
  });
  worker.on('exit', (code, signal) => {
    if (slots.get(slot)?.worker !== worker) return;
    slots.delete(slot);
    if (stopping) return;
    if (!everReady) {
      // A worker that could not start (its own message says why): the server does not start.
      stop(`a worker could not start (exit ${code ?? signal})`, 1);
      return;
    }
    // Crashing again and again: wait longer each time (up to 30 s) instead of spinning.
    const lived = Date.now() - entry.startedAt;
    const n = lived < 10_000 ? (failures.get(slot) ?? 0) + 1 : 0;
    failures.set(slot, n);
    const delay = n <= 1 ? 0 : Math.min(RESTART_MAX_MS, 1000 * 2 ** (n - 2));
    console.error(`Spoke: worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting a new one${delay ? ` in ${delay / 1000} s` : ''}.`);
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, delay);
  });
}

let exitCode = 0;
function stop(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  const started = Date.now();
  if (everReady) console.log(`Spoke is stopping (${reason}): no new connections; finishing the requests in flight…`);
  // Each worker drains, lets the processor finish its batch, closes its pool and exits.
  for (const { worker } of slots.values()) worker.process.kill('SIGTERM');
  const deadline = setTimeout(() => {
    console.error('Spoke: stopping took too long; exiting.');
    for (const { worker } of slots.values()) worker.process.kill('SIGKILL');
    process.exit(1);
  }, STOP_MS);
  deadline.unref();
  const done = () => {
    if (Object.keys(cluster.workers ?? {}).length > 0) return;
    if (everReady) console.log(`Spoke stopped in ${Date.now() - started} ms.`);
    process.exit(exitCode);
  };
  cluster.on('exit', (worker, workerCode, signal) => {
    if (workerCode !== 0 || signal) exitCode ||= 1;
    done();
  });
  done();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// Under `npm start`: if the shell npm runs this in goes away (a SIGTERM to it or to npm), stop too.
// (process.ppid is read once at start; /proc has the current parent. Elsewhere: is it still there?)
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const parentNow = () => {
    try {
      const stat = readFileSync('/proc/self/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      try {
        process.kill(parent, 0);
        return parent;
      } catch {
        return -1;
      }
    }
  };
  setInterval(() => {
    if (parentNow() !== parent) stop('npm is gone');
  }, 500).unref();
}

for (let slot = 0; slot < count; slot++) fork(slot);
