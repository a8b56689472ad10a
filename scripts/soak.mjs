// npm run soak — holds half the measured capacity for 10 minutes and checks that nothing fails and
// memory does not grow (docs/reliability.md).
//
//   1. build into .next-ops unless that build is of the current sources (scripts/lib/spoke-server.mjs)
//   2. a fresh PostgreSQL database (SOAK_DB, default spoke_soak) with the demo data
//   3. `next start` on 127.0.0.1:SOAK_PORT with rate limits raised and the processor on (every 2 s)
//   4. capacity: wrk, closed loop, SOAK_CONNECTIONS connections for SOAK_CAPACITY_SECONDS, the mixed
//      workload of scripts/lib/mix.lua (60 % read by id, 25 % list, 15 % create with Idempotency-Key)
//   5. soak: the same mix at a fixed rate of half that capacity (SOAK_RATE overrides), open loop
//      (each request is due at its own time; latency counts from then, so a stall is not hidden),
//      for SOAK_SECONDS (600); the server's RSS (process tree) is sampled every 5 s
//   6. report; exit 1 on any error in either phase (a non-2xx answer, a network error, a 30 s
//      timeout), on an achieved rate below 95 % of the target, or on RSS growth ≥ 10 % from the
//      end of the warm-up (SOAK_WARMUP_SECONDS, 60) to the end: the median of the samples (every
//      2 s) of the minute after the warm-up against that of the last minute. RSS saws up and down
//      by ±20 % with the garbage collector; a median over a minute is steady, a single sample is
//      not. The report lists the median of every minute.
//
// Needs wrk (Debian: apt-get install wrk) and PostgreSQL (SOAK_ADMIN_URL,
// postgres://postgres@127.0.0.1:5432/postgres). The JSON report goes to stdout's last line and to
// SOAK_REPORT if set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, demoToken, freshDatabase, log as logAs, root, sleep, startServer, treeRss } from './lib/spoke-server.mjs';

const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const cfg = {
  seconds: num('SOAK_SECONDS', 600),
  warmup: num('SOAK_WARMUP_SECONDS', 60),
  capacitySeconds: num('SOAK_CAPACITY_SECONDS', 20),
  connections: num('SOAK_CONNECTIONS', 32),
  rate: process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : undefined,
  port: num('SOAK_PORT', 3230),
  adminUrl: process.env.SOAK_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  db: process.env.SOAK_DB ?? 'spoke_soak',
};
const log = (...a) => logAs('soak', ...a);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spoke-soak-'));

// The bench's create body (a bicycle with two accessories); `__EXT__` becomes a unique external id.
const CREATE_BODY = JSON.parse(fs.readFileSync(path.join(root, 'bench', 'create-body.json'), 'utf8'));
const LISTS = ['/v1/offers?perPage=20', '/v1/offers?search=cube&perPage=20', '/v1/offers?status=!canceled,!done&sortBy=productName&order=asc&perPage=20'];

const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// `next start` closes a keep-alive connection after 5 s idle (Node's default keepAliveTimeout); a
// client that reuses an idle connection at that moment gets ECONNRESET (a race of every HTTP/1.1
// client, found by the first soak run: 10 of 36,000 requests). Like any well-behaved client, the
// soak closes idle connections after 4 s, before the server does. An error on a reused connection
// is still counted, and reported as such.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });
function request(base, method, p, headers, body) {
  return new Promise((resolve) => {
    const req = http.request(`${base}${p}`, { method, headers, agent, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (err) => resolve({ error: err.code ?? String(err) }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ error: `${req.reusedSocket ? 'reused connection: ' : ''}${err.code ?? err.message}` }));
    req.end(body);
  });
}

async function seedOffers(base, token, n) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const ext = `SEED-${i}`;
    const res = await fetch(`${base}/v1/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': ext },
      body: JSON.stringify({ ...CREATE_BODY, externalOfferId: ext }),
    });
    if (res.status !== 202) throw new Error(`seed create: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).data.id);
  }
  return ids;
}

function capacity(base, token, ids) {
  const idsFile = path.join(work, 'ids.txt');
  const bodyFile = path.join(work, 'body.json');
  fs.writeFileSync(idsFile, ids.join('\n'));
  fs.writeFileSync(bodyFile, JSON.stringify(CREATE_BODY));
  const r = spawnSync('wrk', ['-t', '2', '-c', String(cfg.connections), '-d', `${cfg.capacitySeconds}s`, '--timeout', '30s', '-s', path.join(root, 'scripts/lib/mix.lua'), '-H', `Authorization: Bearer ${token}`, base], {
    env: { ...process.env, SOAK_IDS_FILE: idsFile, SOAK_BODY_FILE: bodyFile, SOAK_PREFIX: `CAP${Date.now()}` },
    encoding: 'utf8',
  });
  if (r.error) throw new Error(`wrk: ${r.error.message} (Debian: apt-get install wrk)`);
  const line = r.stdout.split('\n').find((l) => l.startsWith('SOAK_JSON '));
  if (!line) throw new Error(`wrk printed no result:\n${r.stdout}\n${r.stderr}`);
  const res = JSON.parse(line.slice('SOAK_JSON '.length));
  const errors = Object.values(res.errors).reduce((s, x) => s + x, 0);
  if (res.firstBad) log(`capacity: first answer that was not 2xx: ${res.firstBad}`);
  return { ...res, errorCount: errors, rps: (res.requests - errors) / (res.durationUs / 1e6) };
}

async function soak(base, token, ids, rate, serverPid) {
  const auth = { authorization: `Bearer ${token}` };
  const latencies = [];
  const statuses = {};
  const errors = {};
  const rss = [];
  // Per minute of the soak: the most requests in flight and the latencies (p99), so that a stall —
  // e.g. other work on the machine taking the CPU — shows when it happened and what it did to RSS.
  const minutes = [];
  const minuteOf = (due) => Math.floor((due - started) / 60_000);
  const minute = (i) => (minutes[i] ??= { maxInFlight: 0, latencies: [] });
  let sent = 0;
  let done = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const started = performance.now();
  const end = started + cfg.seconds * 1000;
  const run = Date.now().toString(36);

  const fire = (i, due) => {
    const slot = i % 20;
    let p;
    let method = 'GET';
    let headers = auth;
    let body;
    if (slot < 12) p = `/v1/offers/${ids[i % ids.length]}`;
    else if (slot < 17) p = LISTS[i % LISTS.length];
    else {
      const ext = `SOAK-${run}-${i}`;
      method = 'POST';
      p = '/v1/offers';
      headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': ext };
      body = JSON.stringify({ ...CREATE_BODY, externalOfferId: ext });
    }
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const m = minute(minuteOf(due));
    m.maxInFlight = Math.max(m.maxInFlight, inFlight);
    void request(base, method, p, headers, body).then((r) => {
      inFlight--;
      done++;
      if (r.error) errors[r.error] = (errors[r.error] ?? 0) + 1;
      else {
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status >= 400) errors[`HTTP ${r.status} ${method}`] = (errors[`HTTP ${r.status} ${method}`] ?? 0) + 1;
      }
      latencies.push(performance.now() - due);
      minute(minuteOf(due)).latencies.push(performance.now() - due);
    });
  };

  const sampler = setInterval(() => {
    const t = (performance.now() - started) / 1000;
    rss.push({ t, rss: treeRss(serverPid) });
    const last = rss.at(-1);
    if (rss.length % 30 === 0) log(`${t.toFixed(0)} s: ${done} done, ${inFlight} in flight, RSS ${(last.rss / 2 ** 20).toFixed(0)} MB, errors ${JSON.stringify(errors)}`);
  }, 2000);

  // Each request i is due at started + i / rate; a tick every 5 ms sends whatever is due.
  while (performance.now() < end) {
    const now = performance.now();
    const due = Math.min(Math.floor(((now - started) / 1000) * rate), Math.floor(cfg.seconds * rate));
    while (sent < due) {
      fire(sent, started + (sent / rate) * 1000);
      sent++;
    }
    await sleep(5);
  }
  while (inFlight > 0) await sleep(50);
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const perMinute = minutes.map((m) => {
    m.latencies.sort((a, b) => a - b);
    return { maxInFlight: m.maxInFlight, p99Ms: Math.round(percentile(m.latencies, 99)) };
  });
  return { sent, done, elapsed, statuses, errors, maxInFlight, perMinute, rss, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) };
}

async function main() {
  const startedAt = new Date().toISOString();
  buildIfNeeded('soak');
  const database = await freshDatabase('soak', cfg.adminUrl, cfg.db);
  const logFile = path.join(work, 'server.log');
  const server = await startServer('soak', { port: cfg.port, databaseUrl: database.url, logFile, env: { PROCESSOR_INTERVAL_MS: '2000' } });
  let failed = true;
  try {
    const token = await demoToken(server.base);
    const ids = await seedOffers(server.base, token, 200);
    log(`capacity: wrk -c ${cfg.connections} for ${cfg.capacitySeconds} s, mixed workload…`);
    const cap = capacity(server.base, token, ids);
    log(`capacity ${cap.rps.toFixed(0)} req/s (p50 ${(cap.latencyUs.p50 / 1000).toFixed(1)} ms, p99 ${(cap.latencyUs.p99 / 1000).toFixed(1)} ms, ${cap.errorCount} errors)`);
    const rate = cfg.rate ?? Math.max(1, Math.floor(cap.rps / 2));
    log(`soak: ${rate} req/s for ${cfg.seconds} s (load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')})`);
    const s = await soak(server.base, token, ids, rate, server.child.pid);

    const window = Math.min(60, cfg.seconds / 4);
    const warmupEnd = Math.min(cfg.warmup, cfg.seconds / 4);
    const afterWarmup = s.rss.filter((x) => x.t >= warmupEnd && x.t < warmupEnd + window).map((x) => x.rss);
    const atEnd = s.rss.filter((x) => x.t >= s.elapsed - window).map((x) => x.rss);
    const rssWarm = median(afterWarmup);
    const rssEnd = median(atEnd);
    const perMinute = [];
    for (let from = 0; from < s.elapsed - 1; from += 60) {
      perMinute.push(Number((median(s.rss.filter((x) => x.t >= from && x.t < from + 60).map((x) => x.rss)) / 2 ** 20).toFixed(0)));
    }
    const growth = rssEnd / rssWarm - 1;
    const errorCount = Object.values(s.errors).reduce((a, b) => a + b, 0);
    const achieved = s.done / s.elapsed;
    const report = {
      startedAt,
      loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
      cpus: os.cpus().length,
      capacity: { rps: Math.round(cap.rps), connections: cfg.connections, seconds: cfg.capacitySeconds, p50Ms: cap.latencyUs.p50 / 1000, p99Ms: cap.latencyUs.p99 / 1000, errors: cap.errorCount },
      soak: {
        targetRps: rate,
        seconds: cfg.seconds,
        requests: s.done,
        achievedRps: Number(achieved.toFixed(1)),
        statuses: s.statuses,
        errors: errorCount,
        errorKinds: s.errors,
        p50Ms: Number(s.p50.toFixed(1)),
        p99Ms: Number(s.p99.toFixed(1)),
        maxMs: Number(s.max.toFixed(1)),
        maxInFlight: s.maxInFlight,
        perMinute: s.perMinute,
      },
      rss: {
        afterWarmupMB: Number((rssWarm / 2 ** 20).toFixed(1)),
        endMB: Number((rssEnd / 2 ** 20).toFixed(1)),
        growthPercent: Number((growth * 100).toFixed(2)),
        minMB: Number((Math.min(...s.rss.map((x) => x.rss)) / 2 ** 20).toFixed(1)),
        maxMB: Number((Math.max(...s.rss.map((x) => x.rss)) / 2 ** 20).toFixed(1)),
        samples: s.rss.length,
        medianPerMinuteMB: perMinute,
      },
    };
    const problems = [];
    if (cap.errorCount > 0) problems.push(`${cap.errorCount} errors while measuring capacity (first: ${cap.firstBad})`);
    if (errorCount > 0) problems.push(`${errorCount} errors`);
    if (achieved < rate * 0.95) problems.push(`achieved ${achieved.toFixed(1)} req/s of ${rate}`);
    if (!(growth < 0.1)) problems.push(`RSS grew ${(growth * 100).toFixed(1)} %`);
    report.ok = problems.length === 0;
    report.problems = problems;
    const line = JSON.stringify(report);
    if (process.env.SOAK_REPORT) fs.writeFileSync(process.env.SOAK_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    console.log(line);
    log(report.ok ? 'soak passed' : `soak FAILED: ${problems.join('; ')}`);
    failed = !report.ok;
  } finally {
    await server.stop();
    agent.destroy();
    if (process.env.SOAK_KEEP_DB !== '1') await database.drop().catch(() => {});
    if (failed) log(`server log: ${logFile}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
