// npm run test:multi-node — two production app nodes (`npm start`'s entry point, scripts/start.mjs,
// as the container runs it) behind nginx, on PostgreSQL and Redis, all on this machine, and the
// checks of docs/reliability.md ("Several nodes") through the balancer. Prints
// `multi-node: N passed, M failed`; exits non-zero when a check failed.
//
// Ports: MULTI_NODE_PORT (default 3700) for nginx, the next three for the nodes and the webhook
// receiver. PostgreSQL: a fresh database `spoke_multinode_<pid>` next to DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); Redis: REDIS_URL's server, logical database 11
// (emptied at start). Reuses the build in .next when there is one.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assert, cookieJar, metricSum, offerBody, pool, req, runAsync, waitFor } from './lib/multi-node-helpers.mjs';
import { killUnderLoad } from './lib/multi-node-failover.mjs';
import { migrateTwice, startNginx, startReceiver } from './lib/multi-node-setup.mjs';

const line = '='.repeat(78);
const started = Date.now();
const BASE = Number(process.env.MULTI_NODE_PORT ?? 3700);
const LB = BASE;
const NODE_PORTS = [BASE + 1, BASE + 2];
const RECEIVER_PORT = BASE + 3;
const lbUrl = `http://127.0.0.1:${LB}`;
const RATE_LIMIT = 300;
const METRICS_TOKEN = `multi-node-metrics-${randomUUID()}`;
// Client secrets are stored as a keyed hash: the admin script and both nodes share the key, as the
// nodes of a deployment do (every child inherits it from here).
process.env.CLIENT_SECRET_KEY = `multi-node-client-secret-key-${randomUUID()}`;
const ci = process.env.CI === 'true';

const results = [];
const figures = {};
const log = (msg) => console.log(`[multi-node ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function skipOrFail(reason) {
  if (ci) {
    console.error(`${line}\nMULTI-NODE FAILED: ${reason}\n${line}\nmulti-node: 0 passed, 1 failed`);
    process.exit(1);
  }
  console.warn(`${line}\nMULTI-NODE SKIPPED: ${reason}\n${line}`);
  process.exit(0);
}

// --- nginx from Debian's packages -------------------------------------------------------------
const which = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const nginxBin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : which('nginx') ? 'nginx' : null;
let nginx = nginxBin;
if (!nginx) {
  log('nginx missing: installing Debian\'s nginx-light');
  const root = process.getuid?.() === 0;
  const apt = (args) => spawnSync(root ? 'apt-get' : 'sudo', root ? args : ['-n', 'apt-get', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'nginx-light'])) nginx = '/usr/sbin/nginx';
  if (!nginx || !existsSync(nginx)) skipOrFail('nginx is not installed and could not be installed (apt-get install nginx-light).');
}

// --- the pieces -------------------------------------------------------------------------------
const run = (cmd, args, env = {}, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env }, ...opts });
const work = mkdtempSync(path.join(tmpdir(), 'spoke-multinode-'));
const children = [];
let nginxStarted = false;

const admin = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `spoke_multinode_${process.pid}`;
const psqlArgs = ['-h', admin.hostname, '-p', admin.port || '5432', '-U', decodeURIComponent(admin.username || 'postgres'), '-q', '-v', 'ON_ERROR_STOP=1'];
const psql = (sqlText, db = 'postgres') => run('psql', [...psqlArgs, '-d', db, '-At', '-c', sqlText]);
const databaseUrl = (() => {
  const u = new URL(admin);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const redisUrl = (() => {
  const u = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  u.pathname = '/11';
  return u.toString();
})();

async function cleanup() {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  if (nginxStarted) run(nginx, ['-c', path.join(work, 'nginx.conf'), '-p', work, '-s', 'stop']);
  receiver?.close();
  psql(`drop database if exists ${dbName} with (force)`);
  rmSync(work, { recursive: true, force: true });
}

let receiver;
async function main() {
  if (psql('select 1').status !== 0) skipOrFail(`PostgreSQL is not reachable at ${admin.host}.`);
  if (run('redis-cli', ['-u', redisUrl, 'flushdb']).status !== 0) skipOrFail(`Redis is not reachable at ${redisUrl}.`);
  if (!existsSync('.next/BUILD_ID')) {
    log('no build in .next: next build');
    if (run('node_modules/.bin/next', ['build'], { NODE_ENV: 'production' }, { stdio: 'inherit' }).status !== 0) throw new Error('next build failed');
  }
  if (psql(`drop database if exists ${dbName}`).status !== 0 || psql(`create database ${dbName}`).status !== 0) throw new Error('cannot create the database');

  // 1. `npm run db:migrate` on both nodes at once: one schema, every migration once.
  await check('db:migrate started twice at once leaves one correct schema', () => migrateTwice(databaseUrl, (text) => psql(text, dbName).stdout.trim()));
  if (run('node_modules/.bin/tsx', ['scripts/db-seed.ts'], { DATABASE_URL: databaseUrl }).status !== 0) throw new Error('db:seed failed');
  const made = run('node_modules/.bin/tsx', ['scripts/lib/multi-node-admin.ts', 'clients', '4'], { DATABASE_URL: databaseUrl });
  if (made.status !== 0) throw new Error(`clients: ${made.stderr}`);
  const [limited, streamer, toDisable, toRotate] = JSON.parse(made.stdout.trim().split('\n').pop());

  const hooks = await startReceiver(work, RECEIVER_PORT);
  receiver = hooks.server;
  const received = hooks.received;

  // 2. Two nodes and the balancer.
  const nodeEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_URL: lbUrl,
    NEXTAUTH_URL: lbUrl,
    NEXTAUTH_SECRET: 'multi-node-session-secret-0123456789',
    CRON_SECRET: 'multi-node-cron-secret',
    PROCESSOR_INTERVAL_MS: '500',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    NODE_EXTRA_CA_CERTS: hooks.cert,
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    // One worker per node: each node's /api/metrics is then the whole node's (a scrape reaches one
    // worker), which the checks below add up across nodes.
    WEB_CONCURRENCY: '1',
  };
  const nodes = NODE_PORTS.map((port, i) => startNode(port, i + 1, nodeEnv));
  startNginx(nginx, work, LB, NODE_PORTS);
  nginxStarted = true;
  await Promise.all(NODE_PORTS.map((p) => waitFor(async () => (await req(`http://127.0.0.1:${p}/api/health`)).status === 200, 180_000, `node on ${p}`)));
  await waitFor(async () => (await req(`${lbUrl}/api/ready`)).status === 200, 30_000, 'balancer');
  log('two nodes and nginx are up');

  const tokenAt = async (base, c) => {
    const r = await req(`${base}/oauth/token`, { method: 'POST', body: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${c.clientId}:${c.secret}`).toString('base64')}` } });
    return r.status === 200 ? r.json.access_token : { status: r.status };
  };
  const node = (i) => `http://127.0.0.1:${NODE_PORTS[i]}`;
  const demo = { clientId: 'demo-sandbox', secret: 'demo-sandbox-secret' };

  await check('a token issued by one node works on the other', async () => {
    const t1 = await tokenAt(node(0), demo);
    const t2 = await tokenAt(node(1), demo);
    assert(typeof t1 === 'string' && typeof t2 === 'string', 'token requests failed');
    for (const [t, base] of [[t1, node(1)], [t2, node(0)], [t1, lbUrl]]) {
      const r = await req(`${base}/v1/offers?limit=1`, { headers: { authorization: `Bearer ${t}` } });
      assert(r.status === 200, `GET /v1/offers on ${base}: ${r.status}`);
    }
  });

  await check('a portal session works on both nodes', async () => {
    const csrf = await req(`${node(0)}/api/auth/csrf`);
    const cookies = cookieJar(csrf.headers);
    const form = new URLSearchParams({ csrfToken: csrf.json.csrfToken, email: 'dealer@example.com', password: 'demo1234', json: 'true' });
    const signIn = await req(`${node(0)}/api/auth/callback/credentials`, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.header() } });
    cookies.add(signIn.headers);
    assert(/session-token/.test(cookies.header()), `no session cookie after sign-in (${signIn.status})`);
    for (const base of [node(0), node(1)]) {
      const r = await req(`${base}/v1/offers?limit=1`, { headers: { cookie: cookies.header() } });
      assert(r.status === 200, `portal session on ${base}: ${r.status}`);
    }
  });

  await check(`the per-client rate limit is exact across nodes (${RATE_LIMIT} per minute in total)`, async () => {
    const t = await tokenAt(lbUrl, limited);
    const statuses = await pool(RATE_LIMIT + 40, 12, () => req(`${lbUrl}/v1/offers/categories`, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.status));
    const ok = statuses.filter((s) => s === 200).length;
    const limitedCount = statuses.filter((s) => s === 429).length;
    figures.rateLimit = { sent: statuses.length, ok, limited: limitedCount };
    assert(ok === RATE_LIMIT && limitedCount === 40, `200: ${ok}, 429: ${limitedCount}, others: ${statuses.filter((s) => s !== 200 && s !== 429)}`);
    const served = await Promise.all([0, 1].map(async (i) => metricSum(await scrape(node(i)), 'spoke_http_requests_total', { route: '/v1/offers/categories' })));
    figures.rateLimit.perNode = served;
    assert(served.every((n) => n > 0), `requests per node: ${served}`);
  });

  // Disabling takes up to the documented 60 s: it runs beside the next checks.
  const disabling = (async () => {
    const t = await tokenAt(lbUrl, toDisable);
    const off = await runAsync('node_modules/.bin/tsx', ['scripts/lib/multi-node-admin.ts', 'disable', toDisable.clientId], { DATABASE_URL: databaseUrl });
    const at = Date.now();
    if (off.status !== 0) throw new Error(off.stderr);
    const times = await Promise.all(
      [0, 1].map(async (i) => {
        await waitFor(async () => (await req(`${node(i)}/v1/offers?limit=1`, { headers: { authorization: `Bearer ${t}` } })).status === 401, 70_000, `disabled on node ${i + 1}`, 1000);
        return Date.now() - at;
      }),
    );
    const fresh = await tokenAt(lbUrl, toDisable);
    return { times, freshStatus: fresh.status };
  })();

  await check('rotating a secret takes effect on both nodes at once', async () => {
    const rotated = JSON.parse((await runAsync('node_modules/.bin/tsx', ['scripts/lib/multi-node-admin.ts', 'rotate', toRotate.clientId], { DATABASE_URL: databaseUrl })).stdout);
    for (const i of [0, 1]) {
      const old = await tokenAt(node(i), toRotate);
      assert(old.status === 401, `old secret on node ${i + 1}: ${JSON.stringify(old)}`);
      const fresh = await tokenAt(node(i), rotated);
      assert(typeof fresh === 'string', `new secret on node ${i + 1}: ${JSON.stringify(fresh)}`);
    }
  });

  await check('the processor on both nodes processes every offer once and sends every webhook delivery once', async () => {
    const t = await tokenAt(lbUrl, demo);
    const hook = await req(`${lbUrl}/v1/webhooks`, { method: 'POST', body: JSON.stringify({ url: `https://127.0.0.1:${RECEIVER_PORT}/hook` }), headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' } });
    assert(hook.status === 201, `webhook: ${hook.status} ${hook.text}`);
    const ids = (await pool(40, 8, async (n) => {
      const r = await req(`${lbUrl}/v1/offers`, { method: 'POST', body: JSON.stringify(offerBody(`mn-proc-${n}`)), headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' } });
      if (r.status !== 202) throw new Error(`create: ${r.status} ${r.text}`);
      return r.json.data.id;
    }));
    await waitFor(() => Number(psql(`select count(*) from offers where status = 'pending' and external_offer_id like 'mn-proc-%'`, dbName).stdout) === 0, 60_000, 'offers processed');
    const processedTwice = psql(`select count(*) from (select offer_id from offer_history where action = 'processed' and offer_id in (${ids.map((i) => `'${i}'`).join(',')}) group by offer_id having count(*) <> 1) x`, dbName).stdout.trim();
    assert(processedTwice === '0', `offers without exactly one processing: ${processedTwice}`);
    const expected = ids.length * 2; // offer.created and offer.status_changed (pending → draft/rejected)
    await waitFor(() => received.filter((r) => ids.includes(r.json?.data?.offerId)).length >= expected, 60_000, 'webhooks received');
    await sleep(1500); // a duplicate would arrive within the next processor runs (500 ms apart)
    const mine = received.filter((r) => ids.includes(r.json?.data?.offerId));
    const deliveries = new Set(mine.map((r) => r.deliveryId));
    figures.webhooks = { offers: ids.length, received: mine.length, distinctDeliveries: deliveries.size };
    assert(mine.length === expected && deliveries.size === expected, `received ${mine.length}, distinct ${deliveries.size}, expected ${expected}`);
    const batches = await Promise.all([0, 1].map(async (i) => metricSum(await scrape(node(i)), 'spoke_processor_runs_total')));
    figures.processorRunsPerNode = batches;
    assert(batches.every((n) => n > 0), `processor runs per node: ${batches}`);
  });

  await check('kill -9 of a node under creates and reads: traffic moves, every 202 readable, retries give one offer', async () => {
    figures.kill = await killUnderLoad({ lbUrl, token: await tokenAt(lbUrl, streamer), victim: nodes[1], sql: (text) => psql(text, dbName).stdout.trim(), log });
  });

  await check('a disabled client is refused on both nodes within 60 s', async () => {
    const { times, freshStatus } = await disabling;
    figures.disableMs = times;
    assert(times.every((ms) => ms <= 61_000), `took ${times} ms`);
    assert(freshStatus === 401, `a new token for the disabled client: ${freshStatus}`);
  });
}

function startNode(port, n, env) {
  const out = openSync(path.join(work, `node${n}.log`), 'a');
  // What `npm start` and the container run (scripts/start.mjs and its worker), without npm between:
  // the nodes get exactly this environment, and the test kills exactly these processes (their
  // process group). The workers listen on every address of the port, as in a container.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', out, out], detached: true });
  children.push(child);
  return child;
}

async function scrape(base) {
  const r = await req(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (r.status !== 200) throw new Error(`metrics of ${base}: ${r.status}`);
  return r.text;
}

async function check(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    log(`PASS ${name} (${Date.now() - t0} ms)`);
  } catch (err) {
    results.push({ name, ok: false });
    log(`FAIL ${name}: ${err instanceof Error ? err.message : err}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(1);
  });
}

let status = 0;
try {
  await main();
} catch (err) {
  log(`ERROR ${err instanceof Error ? err.stack : err}`);
  results.push({ name: 'setup', ok: false });
  for (const n of [1, 2]) {
    const f = path.join(work, `node${n}.log`);
    if (existsSync(f)) console.log(`--- node ${n} log (tail)\n${readFileSync(f, 'utf8').slice(-3000)}`);
  }
}
await cleanup();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`multi-node figures: ${JSON.stringify(figures)}`);
console.log(`multi-node: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (failed > 0) status = 1;
process.exit(status);
