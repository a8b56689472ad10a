// npm run test:e2e — builds the app, gives it a fresh database (a new PostgreSQL database when
// DATABASE_URL is set, else a new embedded one) and runs the Playwright suite in Debian's Chromium.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = '='.repeat(78);
  if (process.env.CI === 'true') {
    console.error(`${line}\nE2E FAILED: no Chromium at ${chromium}. Install it (apt-get install chromium) or set CHROMIUM_PATH.\n${line}`);
    process.exit(1);
  }
  console.warn(`${line}\nE2E SKIPPED: no Chromium at ${chromium}.\nInstall Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to run the browser tests.\n${line}`);
  process.exit(0);
}

const run = (cmd, args, env = {}) => {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
};

if (run('node_modules/.bin/next', ['build'], { NODE_ENV: 'production' }) !== 0) process.exit(1);

const env = {};
let cleanup = () => {};
if (process.env.DATABASE_URL) {
  const name = `spoke_e2e_${process.pid}`;
  const admin = new URL(process.env.DATABASE_URL);
  const psqlArgs = ['-h', admin.hostname, '-p', admin.port || '5432', '-U', decodeURIComponent(admin.username || 'postgres'), '-d', admin.pathname.slice(1) || 'postgres', '-q', '-c'];
  if (run('psql', [...psqlArgs, `drop database if exists ${name}`]) !== 0 || run('psql', [...psqlArgs, `create database ${name}`]) !== 0) process.exit(1);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.E2E_DATABASE_URL = url.toString();
  if (run('node_modules/.bin/tsx', ['scripts/db-migrate.ts'], { DATABASE_URL: env.E2E_DATABASE_URL }) !== 0) process.exit(1);
  cleanup = () => run('psql', [...psqlArgs, `drop database if exists ${name} with (force)`]);
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'spoke-e2e-'));
  env.E2E_PGLITE_DIR = path.join(dir, 'db');
  cleanup = () => rmSync(dir, { recursive: true, force: true });
}

const status = run('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)], env);
cleanup();
process.exit(status);
