import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { cfg, dataSet, dbUrl, log, secrets, spokeUrl, workDir } from './config';
import { loadedDataSet, loadOffers } from './load-offers';
import { root, run, sleep } from './processes';
import { removeOffers } from './remove-offers';

// What bench/run.ts measures on: its own build, the bench database with its data set, and the
// server as `npm start` runs it.

export const children: ChildProcess[] = [];


export function buildIfNeeded(): void {
  if (!cfg.build && fs.existsSync(path.join(root, cfg.distDir, 'BUILD_ID'))) {
    log(`using the build in ${cfg.distDir} (BENCH_BUILD=1 builds anew)`);
    return;
  }
  log(`next build → ${cfg.distDir}…`);
  // `next build` with another distDir adds its types to tsconfig.json: put back as it was.
  const tsconfig = fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
  try {
    run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: cfg.distDir, NEXT_SKIP_TYPECHECK: 'true' });
  } finally {
    if (fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8') !== tsconfig) fs.writeFileSync(path.join(root, 'tsconfig.json'), tsconfig);
  }
}

export async function prepareDatabase(): Promise<{ loadSeconds: number; reused: boolean }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'production', ...secrets };
  const admin = postgres(cfg.adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${cfg.dbName}`;
    if (exists && cfg.reload) await admin.unsafe(`drop database ${cfg.dbName} with (force)`);
    if (!exists || cfg.reload) await admin.unsafe(`create database ${cfg.dbName}`);
  } finally {
    await admin.end();
  }
  run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], env);
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const loaded = await loadedDataSet(sql, dataSet);
    if (loaded) {
      // What earlier runs created goes (set-based); the data set stays.
      const count = await removeOffers(sql, `external_offer_id like 'BENCH-%' or external_offer_id like 'PROC-%' or external_offer_id like 'LAT-%'`);
      if (count > 0) await sql.unsafe('vacuum (analyze) offers, offer_search');
      log(`data set present (loaded in ${loaded.loadSeconds} s); removed ${count} offers of earlier runs`);
      return { ...loaded, reused: true };
    }
    run(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts'], env);
    log(`loading ${dataSet.offers.toLocaleString('en')} offers…`);
    const loadSeconds = await loadOffers((s) => sql.unsafe(s), dataSet, (line) => log(line));
    log(`data set loaded in ${loadSeconds.toFixed(1)} s`);
    return { loadSeconds, reused: false };
  } finally {
    await sql.end();
  }
}

export async function startSpoke(): Promise<ChildProcess> {
  const out = fs.openSync(path.join(workDir, 'spoke.log'), 'a');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      ...secrets,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: cfg.distDir,
      PORT: String(cfg.port),
      PUBLIC_URL: spokeUrl,
      NEXTAUTH_URL: spokeUrl,
      DATABASE_URL: dbUrl,
      // Rate-limit counters in Redis, as deployed (docs/deploy.md); without it the primary holds them.
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // The data set's offers span two years: with the default retention the anonymisation job
      // would work off a backlog of hundreds of thousands of them (changing every tenant's list
      // meanwhile), which a running deployment never has.
      RETENTION_DAYS_UNORDERED: '36500',
      RETENTION_DAYS_ORDERED: '36500',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      npm_lifecycle_event: '',
    },
  });
  children.push(child);
  for (const until = Date.now() + 180_000; Date.now() < until; await sleep(250)) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${workDir}/spoke.log`);
    try {
      if ((await fetch(`${spokeUrl}/api/ready`)).ok) return child;
    } catch {
      // not yet
    }
  }
  throw new Error('the server did not become ready within 180 s');
}

export async function tokenOf(clientId: string, secret: string): Promise<string> {
  const res = await fetch(`${spokeUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  const token = ((await res.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`no token for ${clientId} (${res.status})`);
  return token;
}

