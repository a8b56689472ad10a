import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { DEMO } from '@/db/seed';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { cfg, dataSet, dbUrl, loadAverage, log, quiet, quietMachine, resultsDir, secrets, spokeUrl, stamp, workDir } from './config';
import { jsonPhase, procStat, root, sleep, stop, treeOf } from './processes';
import { markdown, type ProcessorFigures, type Row } from './report';
import { CREATE_BODY, randomSearchMix, SEARCH_MIX } from './scenarios';
import { createsDuring, wrk, type Scenario } from './load';
import { buildIfNeeded, children, prepareDatabase, startSpoke, tokenOf } from './setup';

// npm run bench — what users do, measured from outside on what `npm start` runs (scripts/start.mjs:
// one worker per core, the processor in one) on PostgreSQL (docs/performance.md):
//   build (BENCH_DIST_DIR) → bench database (migrate, seed, BENCH_OFFERS offers, or reuse) → the
//   partner clients → the server → each scenario for BENCH_DURATION s with wrk, creates arriving
//   at BENCH_CREATE_RATE per second meanwhile (dealer A's sandbox, the demo client's) → beside each
//   list scenario the bare PostgreSQL cost of the same statements (bench/direct.ts) → the processor
//   (BENCH_PENDING offers at once) and 202 → draft at 50 creates/s (bench/wake-latency.ts)
//   → bench/results/bench-<time>.json and a markdown table on stdout.
//
// Every list query of the never-repeated scenarios is sent once (bench/scenarios.ts,
// randomSearchMix): fragments of names, brands and models, offer-number prefixes, filters, sorts,
// pages. Throughput per core is requests per CPU-second of the server's processes and PostgreSQL's
// backends together (the load generator and the creates' sender not counted).
//
// Settings (environment): BENCH_OFFERS=1000000 (dealer A's sandbox a tenth)  BENCH_DURATION=30
//   BENCH_WARMUP=10  BENCH_CONNECTIONS=10  BENCH_CREATE_RATE=10  BENCH_PARTNERS=50
//   BENCH_SCENARIOS=search,filters,…  BENCH_DIRECT=1  BENCH_PROCESSOR=1  BENCH_PENDING=20000
//   BENCH_DIST_DIR=.next-bench (built when it has no build, or BENCH_BUILD=1)  BENCH_RELOAD=1
//   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_DB=spoke_bench  BENCH_PORT=3210
//   BENCH_REDIS_URL=redis://127.0.0.1:6379/12 (the rate limits' counters, as deployed)
//   BENCH_QUIET_WAIT=300 (seconds each scenario waits for a 1-minute load average below 1.0; one that
//   starts above is marked "taken under load" and taken again once the machine is quiet)
//   WEB_CONCURRENCY (workers of the server; default one per core, as npm start)
// Needs wrk (Debian: apt-get install wrk).

// ---- load ----------------------------------------------------------------------------------

async function measure(s: Scenario, spokePid: number, pg: postgres.Sql, token: string): Promise<Row> {
  const backends = async () => (await pg<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${cfg.dbName} and pid <> pg_backend_pid()`).map((r) => r.pid);
  const cpuOf = (pids: number[]) => pids.reduce((a, pid) => a + (procStat(pid)?.cpuMs ?? 0), 0);
  const pgBefore = new Map((await backends()).map((pid) => [pid, procStat(pid)?.cpuMs ?? 0]));
  const appBefore = treeOf(spokePid).reduce((a, p) => a + p.cpuMs, 0);
  let maxRss = 0;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, ...treeOf(spokePid).map((p) => p.rssBytes))), 1000);
  const loadBefore = loadAverage();
  const underLoad = !quiet();
  const run = wrk(spokeUrl, s, cfg.duration, `BENCH-${stamp}-${s.name.replace(/\W+/g, '-')}-${s.connections}`);
  const { result: r, ...creates } = s.creates ? await createsDuring({ spokeUrl, createRate: cfg.createRate }, token, run, `${stamp}-${s.connections}-${s.name.length}`) : { result: await run, sent: 0, errors: 0, p95Ms: NaN };
  clearInterval(sampler);
  const appCpuMs = treeOf(spokePid).reduce((a, p) => a + p.cpuMs, 0) - appBefore;
  const pgCpuMs = (await backends()).reduce((a, pid) => a + cpuOf([pid]) - (pgBefore.get(pid) ?? 0), 0);
  const row: Row = {
    scenario: s.name,
    connections: s.connections,
    requests: r.requests,
    reqPerSec: r.requests / (r.durationUs / 1e6),
    p50Ms: r.latencyUs.p50 / 1000,
    p95Ms: r.latencyUs.p95 / 1000,
    p99Ms: r.latencyUs.p99 / 1000,
    errors: Object.values(r.errors).reduce((a, b) => a + b, 0) + r.statuses['5xx'] + r.statuses['4xx'],
    notModified: r.statuses['304'],
    appCpuMsPerReq: appCpuMs / r.requests,
    pgCpuMsPerReq: pgCpuMs / r.requests,
    reqPerCoreSecond: (r.requests * 1000) / (appCpuMs + pgCpuMs),
    maxRssMbPerProcess: maxRss / 2 ** 20,
    creates: s.creates ? creates : null,
    load: `${loadBefore} → ${loadAverage()}`,
    underLoad,
  };
  if (s.direct && cfg.direct && s.idsFile) {
    // The same query strings in the same order, as many as the server answered, at the same concurrency.
    const lines = fs.readFileSync(s.idsFile, 'utf8').split('\n').slice(0, r.requests);
    const file = `${s.idsFile}.direct`;
    await quietMachine();
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const direct = jsonPhase<NonNullable<Row['direct']>>(['bench/direct.ts', file, String(cfg.duration), String(s.connections)], 'DIRECT_JSON', { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'production', ...secrets });
    row.direct = direct;
  }
  log(
    `${s.name} @${s.connections}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50Ms.toFixed(1)} ms, p95 ${row.p95Ms.toFixed(1)} ms, errors ${row.errors}, 304 ${row.notModified}, ` +
      `${row.reqPerCoreSecond.toFixed(0)} req per core-second (app ${row.appCpuMsPerReq.toFixed(2)} + PostgreSQL ${row.pgCpuMsPerReq.toFixed(2)} ms CPU/req)` +
      (row.direct ? `; bare PostgreSQL p50 ${row.direct.p50Ms.toFixed(1)} ms, p95 ${row.direct.p95Ms.toFixed(1)} ms, ${row.direct.postgresCpuMsPerRequest.toFixed(2)} ms CPU/req` : '') +
      `; load ${row.load}${row.underLoad ? ' (taken under load)' : ''}`,
  );
  return row;
}

// ---- processor -----------------------------------------------------------------------------

async function processorPhase(sql: postgres.Sql): Promise<ProcessorFigures> {
  const pending = cfg.pending;
  const t0 = Date.now();
  // Due 30 s after the insert began, all at once: the insert's own cost (and the trigram index's
  // pending list one big INSERT leaves, merged here, which offers arriving one by one never do)
  // is done by then, and nothing else changes the rows before the processor claims them.
  await sql.unsafe(`
    insert into offers (dealer_id, environment, external_offer_id, customer_name, customer_email, product_bidex_code,
      product_brand_name, product_model_name, product_price_gross, product_list_price_gross, total_price_gross, status, process_after)
    select '${DEMO.dealerA.id}', 'sandbox', 'PROC-${stamp}-' || g, 'Proc Kunde ' || g, 'proc' || g || '@firma.example',
      (array['102020','102010','101020','103010','999999'])[1 + g % 5], 'Cube', 'Kathmandu Hybrid', 2999, 3199, 2999, 'pending',
      now() + interval '30 seconds'
    from generate_series(1, ${pending}) g`);
  await sql.unsafe(`select gin_clean_pending_list(indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where a.amname = 'gin' and (i.indrelid = 'offers'::regclass or i.indrelid in (select inhrelid from pg_inherits where inhparent = 'offer_search'::regclass))`);
  const [first] = await sql`select extract(epoch from min(process_after)) * 1000 as due from offers where external_offer_id like ${`PROC-${stamp}-%`}`;
  const due = Number(first!.due);
  log(`processor: ${pending} offers inserted in ${((Date.now() - t0) / 1000).toFixed(1)} s; due in ${((due - Date.now()) / 1000).toFixed(1)} s`);
  if (due < Date.now()) throw new Error('processor: the insert took longer than 30 s; use a smaller BENCH_PENDING');
  for (;;) {
    await sleep(250);
    const [row] = await sql`select count(*)::int as n from offers where status = 'pending' and external_offer_id like ${`PROC-${stamp}-%`}`;
    if (row!.n === 0) break;
    if (Date.now() - due > 600_000) throw new Error(`processor: ${row!.n} offers still pending after 10 minutes`);
  }
  const [span] = await sql`
    select extract(epoch from max(h.occurred_at) - min(h.occurred_at)) as s
    from offer_history h join offers o on o.id = h.offer_id
    where o.external_offer_id like ${`PROC-${stamp}-%`} and h.action = 'processed'`;
  const wallSeconds = (Date.now() - due) / 1000;
  const busySeconds = Number(span!.s);
  await sql.unsafe('vacuum (analyze) offers, offer_search');
  const wake = jsonPhase<{ rate: number; offers: number; errors: number; p50Ms: number; p95Ms: number; maxMs: number }>(['bench/wake-latency.ts'], 'WAKE_JSON', {
    ...process.env,
    SPOKE_URL: spokeUrl,
    RATE: '50',
    SECONDS: '20',
  });
  return { pending, wallSeconds, offersPerSecond: pending / wallSeconds, busySeconds, offersPerBusySecond: pending / busySeconds, wake };
}

// ---- main ----------------------------------------------------------------------------------

async function main() {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed: apt-get install wrk (Debian/Ubuntu) or brew install wrk');
  fs.mkdirSync(workDir, { recursive: true });
  const startedAt = new Date().toISOString();
  const loadBefore = loadAverage();
  buildIfNeeded();
  const db = await prepareDatabase();
  const partners = jsonPhase<{ clientId: string; secret: string }[]>(['bench/partners.ts', String(cfg.partners)], 'PARTNERS_JSON', { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'production', ...secrets });
  const spoke = await startSpoke();
  const pg = postgres(dbUrl, { max: 2, onnotice: () => {} });
  try {
    const token = await tokenOf('demo-sandbox', 'demo-sandbox-secret');
    const bearer = { Authorization: `Bearer ${token}` };
    const file = (name: string, lines: readonly string[]) => {
      const f = path.join(workDir, name);
      fs.writeFileSync(f, lines.join('\n') + '\n');
      return f;
    };
    // Enough distinct queries that none repeats within a scenario.
    const mix = (seed: number, search: boolean) => randomSearchMix(60_000, seed, { search });
    const ids = (await pg<{ id: string }[]>`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' order by md5(id::text) limit 2000`).map((r) => r.id);
    // The partners' polls: each partner four list views it asks again and again, with the tag of
    // its last answer; dealer A's sandbox (where the creates arrive) is one of them.
    const pollers = [{ token }, ...(await Promise.all(partners.map(async (p) => ({ token: await tokenOf(p.clientId, p.secret) }))))];
    const views = ['', 'status=draft', 'sortBy=customerName&order=asc&perPage=50', 'status=done&page=2'];
    const polls: string[] = [];
    for (const p of pollers) {
      for (const view of views) {
        // The tag is the representation's, language included: the poll asks in the same words.
        const res = await fetch(`${spokeUrl}/v1/offers?${view}`, { headers: { Authorization: `Bearer ${p.token}`, 'Accept-Language': 'de' } });
        await res.arrayBuffer();
        const etag = res.headers.get('etag');
        if (res.status !== 200 || !etag) throw new Error(`poll ${view}: ${res.status}, ETag ${etag}`);
        polls.push(`?${view}\tAuthorization: Bearer ${p.token}\tAccept-Language: de\tIf-None-Match: ${etag}`);
      }
    }
    // Shuffled, so the partners' polls interleave as they would.
    polls.sort((a, b) => (a < b ? -1 : 1));
    fs.writeFileSync(path.join(workDir, 'body.json'), JSON.stringify({ ...CREATE_BODY, externalOfferId: '__EXT__' }));

    const c = cfg.connections;
    const all: Scenario[] = [
      { name: 'search, never repeated', connections: c, path: '/v1/offers?{id}', idsFile: file('search-10.txt', mix(11, true)), headers: bearer, creates: true, direct: true },
      { name: 'search, never repeated', connections: 1, path: '/v1/offers?{id}', idsFile: file('search-1.txt', mix(12, true)), headers: bearer, creates: true, direct: true },
      { name: 'filters, never repeated', connections: c, path: '/v1/offers?{id}', idsFile: file('filters-10.txt', mix(13, false)), headers: bearer, creates: true, direct: true },
      { name: 'partners polling', connections: c, path: '/v1/offers{id}', idsFile: file('polls.txt', polls), headers: {}, creates: true },
      { name: 'get by id', connections: c, path: '/v1/offers/{id}', idsFile: file('ids.txt', ids), headers: bearer, creates: true },
      { name: 'create', connections: c, method: 'POST', path: '/v1/offers', bodyFile: path.join(workDir, 'body.json'), headers: { ...bearer, 'Content-Type': 'application/json' }, creates: false },
      { name: 'search, repeated (120 queries)', connections: c, path: '/v1/offers?{id}', idsFile: file('repeated.txt', SEARCH_MIX), headers: bearer, creates: true, direct: true },
    ];
    const scenarios = all.filter((s) => !cfg.only || cfg.only.some((o) => s.name.startsWith(o)));
    // Warm-up: queries of their own, so the measured ones are still new to the server.
    if (cfg.warmup > 0) {
      log(`warm-up ${cfg.warmup} s`);
      await wrk(spokeUrl, { ...all[0]!, idsFile: file('warmup.txt', mix(10, true)) }, cfg.warmup, `BENCH-${stamp}-warmup`);
    }
    const rows: Row[] = [];
    for (const s of scenarios) {
      // Each scenario on a quiet machine; one that had to start under load is marked and taken again.
      await quietMachine();
      const row = await measure(s, spoke.pid!, pg, token);
      rows.push(row);
      if (row.underLoad && (await quietMachine())) rows.push(await measure(s, spoke.pid!, pg, token));
    }
    const processor = cfg.processor ? await processorPhase(pg) : undefined;
    const report = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadBefore, loadAfter: loadAverage() },
      server: { command: 'node scripts/start.mjs', workers: process.env.WEB_CONCURRENCY ?? `one per core (${os.availableParallelism()})` },
      config: { ...cfg, dataSet },
      dataSet: db,
      partners: pollers.length,
      rows,
      processor,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    const out = path.join(resultsDir, `bench-${stamp}.json`);
    fs.writeFileSync(out, JSON.stringify(report, null, 2));
    console.log(markdown(report, { ...dataSet, duration: cfg.duration, createRate: cfg.createRate }));
    log(`results: ${path.relative(root, out)}`);
  } finally {
    await pg.end();
    await stop(spoke);
  }
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
