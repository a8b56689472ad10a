// Shared by scripts/soak.mjs and scripts/sqlmap.mjs: a production build in its own folder, a fresh
// PostgreSQL database with the demo data, and `next start` on loopback with rate limits raised.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
// The build folder of these scripts (NEXT_DIST_DIR); .gitignore ignores .next-* folders.
export const DIST_DIR = '.next-ops';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (tag, ...args) => console.error(`[${tag} ${new Date().toISOString().slice(11, 19)}]`, ...args);

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

function sourceStamp() {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root }).stdout.toString().trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'app', 'lib', 'db', 'components', 'instrumentation.ts', 'next.config.js', 'package-lock.json'], { cwd: root }).stdout.toString();
  return `${head}\n${dirty}`;
}

/**
 * Builds into DIST_DIR unless a build of the same sources is there (SKIP_BUILD=1 uses whatever is
 * there). `next build` with another distDir adds that folder's types to tsconfig.json; the file is
 * put back as it was.
 */
export function buildIfNeeded(tag) {
  const stampFile = path.join(root, DIST_DIR, 'SPOKE_SOURCES');
  const stamp = sourceStamp();
  const built = fs.existsSync(path.join(root, DIST_DIR, 'BUILD_ID'));
  if (built && (process.env.SKIP_BUILD === '1' || (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp))) {
    log(tag, `using the build in ${DIST_DIR}`);
    return;
  }
  log(tag, `building (NEXT_DIST_DIR=${DIST_DIR})…`);
  const tsconfig = fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
  try {
    run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_SKIP_TYPECHECK: 'true',
    });
  } finally {
    if (fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8') !== tsconfig) fs.writeFileSync(path.join(root, 'tsconfig.json'), tsconfig);
  }
  fs.writeFileSync(stampFile, stamp);
}

async function psql(adminUrl, sql) {
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(sql);
  } finally {
    await admin.end();
  }
}

/** A new database `name` on the server of adminUrl, migrated and seeded with the demo data. */
export async function freshDatabase(tag, adminUrl, name) {
  await psql(adminUrl, `drop database if exists ${name} with (force)`);
  await psql(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' };
  log(tag, `database ${name}: migrate, seed`);
  run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], env);
  run(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts'], env);
  return { url: url.toString(), drop: () => psql(adminUrl, `drop database if exists ${name} with (force)`) };
}

export async function assertPortFree(port) {
  await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use: choose another`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

// The heap cap `npm start` gives the server (scripts/start.mjs), so the scripts measure the server
// as it is deployed; NODE_OPTIONS with its own --max-old-space-size overrides it.
const nodeOptions = process.env.NODE_OPTIONS?.includes('--max-old-space-size')
  ? process.env.NODE_OPTIONS
  : `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=256`.trim();

/** `next start` of the DIST_DIR build on 127.0.0.1:port; its output goes to logFile. */
export async function startServer(tag, { port, databaseUrl, logFile, env = {} }) {
  await assertPortFree(port);
  const base = `http://127.0.0.1:${port}`;
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: DIST_DIR,
      PUBLIC_URL: base,
      NEXTAUTH_URL: base,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      RATE_LIMIT_PER_MINUTE: '1000000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      CRON_SECRET: 'ops-cron-secret-0123456789',
      NEXTAUTH_SECRET: 'ops-session-secret-0123456789',
      NODE_OPTIONS: nodeOptions,
      ...env,
    },
  });
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`the server did not answer within 120 s; see ${logFile}`);
    await sleep(250);
  }
  return {
    child,
    base,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** A sandbox token of the demo client (README: demo-sandbox / demo-sandbox-secret). */
export async function demoToken(base) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/** RSS of a process and all its descendants (next start runs the server in a child process). */
export function treeRss(rootPid) {
  const page = 4096;
  const all = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      all.push({ pid: Number(d), ppid: Number(f[1]), rss: Number(f[21]) * page });
    } catch {
      // gone
    }
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => inTree.has(p.pid)).reduce((s, p) => s + p.rss, 0);
}
