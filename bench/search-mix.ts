import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomSearchMix, SEARCH_MIX } from './scenarios';

// A list mix alone against a running server: 10 clients send the queries of SEARCH_MIX (the
// repeated mix) round robin for the given seconds, as the demo sandbox client; `npm run bench`
// measures the same mix as "search, repeated (120 queries)".
//
//   npx tsx bench/search-mix.ts [base URL = http://127.0.0.1:3210] [seconds = 20] [connections = 10]
//
// MIX_QUERIES=random:<count>[:<seed>] sends <count> distinct queries of randomSearchMix instead (the
// never-repeated mix); the check pass then checks only the first 50. MIX_GZIP=1 sends
// `Accept-Encoding: gzip`; MIX_CHECK=0 skips the check pass (every query once, before the run).
// MIX_CLIENT=h2load sends the requests with h2load instead of wrk; MIX_TIMELINE=1 then prints
// requests, p95 and max per second of the run (where a tail comes from).

async function main() {
  const base = process.argv[2] ?? 'http://127.0.0.1:3210';
  const seconds = Number(process.argv[3] ?? 20);
  const connections = Number(process.argv[4] ?? 10);
  const tokenRes = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  const token = ((await tokenRes.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`no access token (${tokenRes.status})`);
  const random = /^random:(\d+)(?::(\d+))?$/.exec(process.env.MIX_QUERIES ?? '');
  const mix = random ? randomSearchMix(Number(random[1]), Number(random[2] ?? 1)) : SEARCH_MIX;
  // Every query once, checked: a mix of 400s measures nothing.
  for (const query of process.env.MIX_CHECK === '0' ? [] : random ? mix.slice(0, 50) : mix) {
    const res = await fetch(`${base}/v1/offers?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spoke-search-mix-'));
  const mixFile = path.join(dir, 'mix.txt');
  fs.writeFileSync(mixFile, mix.join('\n') + '\n');
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  if (process.env.MIX_CLIENT === 'h2load') return h2load({ base, token, mix, seconds, connections, dir, load });
  const out = spawnSync(
    'wrk',
    ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', path.join(__dirname, 'wrk/bench.lua'), '-H', `Authorization: Bearer ${token}`, ...(process.env.MIX_GZIP ? ['-H', 'Accept-Encoding: gzip'] : []), `${base}/v1/offers?`],
    { env: { ...process.env, BENCH_METHOD: 'GET', BENCH_PATH: '/v1/offers?{id}', BENCH_IDS_FILE: mixFile }, encoding: 'utf8' },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  const line = out.stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no result:\n${out.stdout}${out.stderr}`);
  const r = JSON.parse(line.slice('BENCH_JSON '.length));
  const errors = Object.values(r.errors as Record<string, number>).reduce((a, b) => a + b, 0);
  const ms = (us: number) => us / 1000;
  const l = r.latencyUs;
  report('search mix', { queries: mix.length, connections, seconds, load }, { rate: r.requests / (r.durationUs / 1e6), p50: ms(l.p50), p95: ms(l.p95), p99: ms(l.p99), max: ms(l.max), mean: ms(l.mean), errors });
}

/**
 * The same run with h2load (Debian's nghttp2-client) instead of wrk: its per-request log gives
 * every request's start and duration, so the percentiles are computed here from all of them, and
 * the mean can be checked against Little's law (connections ÷ rate). wrk's own figures of a run
 * that starts with a fresh server break that law.
 *
 * h2load sends its URI list in the same order on every connection, so ten connections would send
 * each query ten times, close together — nine of them answered by the first one's read (kept pages,
 * reads in flight). So each connection is an h2load of its own with its own share of the mix,
 * dealt round robin as wrk's script deals it: every query is sent once per pass over the mix.
 */
async function h2load(o: { base: string; token: string; mix: readonly string[]; seconds: number; connections: number; dir: string; load: string }) {
  const runs = Array.from({ length: o.connections }, (_, c) => {
    const uris = path.join(o.dir, `uris-${c}.txt`);
    const log = path.join(o.dir, `requests-${c}.log`);
    const share = o.mix.filter((_, i) => i % o.connections === c);
    fs.writeFileSync(uris, (share.length > 0 ? share : o.mix).map((q) => `${o.base}/v1/offers?${q}`).join('\n') + '\n');
    const args = ['--h1', '-t', '1', '-c', '1', '-D', String(o.seconds), '-H', `Authorization: Bearer ${o.token}`, ...(process.env.MIX_GZIP ? ['-H', 'Accept-Encoding: gzip'] : []), '-i', uris, `--log-file=${log}`];
    return new Promise<string>((resolve, reject) => {
      const child = spawn('h2load', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 && fs.existsSync(log) ? resolve(log) : reject(new Error(`h2load failed (is nghttp2-client installed?):\n${output}`))));
    });
  });
  const logs = await Promise.all(runs);
  // Columns: start (µs since the epoch), status, duration (µs), …
  const rows = logs.flatMap((log) => fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => l.split('\t').map(Number)));
  fs.rmSync(o.dir, { recursive: true, force: true });
  const ms = rows.map((r) => r[2]! / 1000).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  const start = rows.reduce((a, r) => Math.min(a, r[0]!), Infinity);
  const end = rows.reduce((a, r) => Math.max(a, r[0]! + r[2]!), 0);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  const errors = rows.filter((r) => r[1] !== 200).length;
  if (process.env.MIX_TIMELINE === '1') {
    const seconds = new Map<number, number[]>();
    for (const r of rows) {
      const s = Math.floor((r[0]! - start) / 1e6);
      seconds.set(s, [...(seconds.get(s) ?? []), r[2]! / 1000]);
    }
    for (const [s, xs] of [...seconds].sort((a, b) => a[0] - b[0])) {
      xs.sort((a, b) => a - b);
      console.log(`  second ${String(s).padStart(2)}: ${String(xs.length).padStart(5)} requests, p95 ${xs[Math.floor(0.95 * xs.length)]!.toFixed(1)} ms, max ${xs.at(-1)!.toFixed(1)} ms`);
    }
  }
  report('search mix (h2load)', { queries: o.mix.length, connections: o.connections, seconds: o.seconds, load: o.load }, {
    rate: rows.length / ((end - start) / 1e6),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: ms.at(-1)!,
    mean,
    errors,
  });
}

/** One line per run, the same for both clients: rate, percentiles (ms), the requests in flight by Little's law. */
function report(
  label: string,
  run: { queries: number; connections: number; seconds: number; load: string },
  r: { rate: number; p50: number; p95: number; p99: number; max: number; mean: number; errors: number },
) {
  const f = (x: number) => x.toFixed(1);
  console.log(
    `${label}: ${run.queries} queries, ${run.connections} connections, ${run.seconds} s: ${r.rate.toFixed(0)} req/s, ` +
      `p50 ${f(r.p50)} ms, p95 ${f(r.p95)} ms, p99 ${f(r.p99)} ms, max ${f(r.max)} ms, mean ${f(r.mean)} ms ` +
      `(in flight by Little's law: ${f((r.rate * r.mean) / 1000)}), errors ${r.errors}; ` +
      `load average before ${run.load}, after ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
