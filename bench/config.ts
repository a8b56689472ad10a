import os from 'node:os';
import path from 'node:path';
import { FULL_DATA_SET, type LoadOptions } from './load-offers';
import { root } from './processes';

// The benchmark's settings (the environment variables of bench/run.ts) and the machine's quiet.

export const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const cfg = {
  offers: num('BENCH_OFFERS', FULL_DATA_SET.offers),
  duration: num('BENCH_DURATION', 30),
  warmup: num('BENCH_WARMUP', 10),
  connections: num('BENCH_CONNECTIONS', 10),
  createRate: num('BENCH_CREATE_RATE', 10),
  partners: num('BENCH_PARTNERS', 50),
  only: process.env.BENCH_SCENARIOS?.split(',').filter(Boolean),
  direct: process.env.BENCH_DIRECT !== '0',
  processor: process.env.BENCH_PROCESSOR !== '0',
  pending: num('BENCH_PENDING', 20_000),
  distDir: process.env.BENCH_DIST_DIR ?? '.next-bench',
  build: process.env.BENCH_BUILD === '1',
  reload: process.env.BENCH_RELOAD === '1',
  adminUrl: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  dbName: process.env.BENCH_DB ?? 'spoke_bench',
  port: num('BENCH_PORT', 3210),
};
export const dataSet: LoadOptions = { offers: cfg.offers, dealers: FULL_DATA_SET.dealers, dealerAOffers: Math.round(cfg.offers / 10) };
export const dbUrl = (() => {
  const u = new URL(cfg.adminUrl);
  u.pathname = `/${cfg.dbName}`;
  return u.toString();
})();
export const spokeUrl = `http://127.0.0.1:${cfg.port}`;
export const stamp = new Date().toISOString().replace(/[:.]/g, '-');
export const resultsDir = path.join(root, 'bench', 'results');
export const workDir = path.join(resultsDir, `tmp-${stamp}`);
export const secrets = { CRON_SECRET: 'bench-cron-secret-0123456789', NEXTAUTH_SECRET: 'bench-session-secret-0123456789' };

export const log = (...args: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
/** How long a scenario waits for a quiet machine (BENCH_QUIET_WAIT, seconds). */
export const quietWaitS = Number(process.env.BENCH_QUIET_WAIT ?? 300);

/** A quiet machine: a 1-minute load average below 1.0. */
export const quiet = () => os.loadavg()[0]! < 1.0;

/** Waits until the machine is quiet (at most quietWaitS); whether it is. */
export async function quietMachine(): Promise<boolean> {
  const until = Date.now() + quietWaitS * 1000;
  while (!quiet() && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
  return quiet();
}

