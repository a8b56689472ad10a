// npm run test:e2e — builds the app, gives it a fresh database (a new PostgreSQL database when
// DATABASE_URL is set, else a new embedded one) and runs the Playwright suite in Debian's Chromium
// against `npm start`'s entry (playwright.config.ts). E2E_SKIP_BUILD=true: the build is there and
// current (`npm test` builds once for both suites). Arguments name specs to run; `--smtp` runs the
// SMTP pass instead (npm run test:e2e:smtp, below).
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

if (process.env.E2E_SKIP_BUILD !== 'true' && run('node_modules/.bin/next', ['build'], { NODE_ENV: 'production' }) !== 0) process.exit(1);

const cleanups = [];
/** A fresh database for one pass: a new PostgreSQL database when DATABASE_URL is set, else a new embedded one. */
function freshDatabase(name) {
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    const psqlArgs = ['-h', admin.hostname, '-p', admin.port || '5432', '-U', decodeURIComponent(admin.username || 'postgres'), '-d', admin.pathname.slice(1) || 'postgres', '-q', '-c'];
    if (run('psql', [...psqlArgs, `drop database if exists ${name}`]) !== 0 || run('psql', [...psqlArgs, `create database ${name}`]) !== 0) process.exit(1);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    if (run('node_modules/.bin/tsx', ['scripts/db-migrate.ts'], { DATABASE_URL: url.toString() }) !== 0) process.exit(1);
    cleanups.push(() => run('psql', [...psqlArgs, `drop database if exists ${name} with (force)`]));
    return { E2E_DATABASE_URL: url.toString() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'spoke-e2e-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { E2E_PGLITE_DIR: path.join(dir, 'db') };
}

// Webhooks (e2e/portal-webhooks.spec.ts): the server runs under NODE_ENV=production, which sends
// only to https URLs and, by default, to no private address. The test's receiver listens on
// 127.0.0.1 with a certificate made here, which the server (and only this run) trusts.
const tlsDir = mkdtempSync(path.join(tmpdir(), 'spoke-e2e-tls-'));
cleanups.push(() => rmSync(tlsDir, { recursive: true, force: true }));
const env = {};
const tls = { key: path.join(tlsDir, 'key.pem'), cert: path.join(tlsDir, 'cert.pem') };
const openssl = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'];
if (run('openssl', [...openssl, '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', tls.key, '-out', tls.cert]) === 0) {
  Object.assign(env, { WEBHOOK_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: tls.cert, E2E_WEBHOOK_TLS_KEY: tls.key, E2E_WEBHOOK_TLS_CERT: tls.cert });
} else {
  console.warn('e2e: openssl could not make a certificate; the webhook test will fail.');
}

// `--smtp`: the order journey and the lease terms once more with real mail: every mail the server
// sends goes to the SMTP server in the test process (e2e/mail.ts). CI runs it after `npm test`.
const smtp = process.argv[2] === '--smtp';
const specs = smtp ? ['e2e/order-journey.spec.ts', 'e2e/lease-terms.spec.ts'] : process.argv.slice(2);
const passEnv = { ...env, ...freshDatabase(`spoke_e2e_${smtp ? 'smtp_' : ''}${process.pid}`), ...(smtp ? { E2E_SMTP: 'true' } : {}) };
const status = run('node_modules/.bin/playwright', ['test', ...specs], passEnv);
for (const cleanup of cleanups) cleanup();
process.exit(status);
