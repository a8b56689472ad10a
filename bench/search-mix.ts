import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomSearchMix, SEARCH_MIX } from './scenarios';

// The search mix alone against a running server (the acceptance check of issue 20): 10 clients
// send the queries of SEARCH_MIX round robin for the given seconds, as the demo sandbox client.
// `npm run bench` runs the same mix as the scenario "list search mix @10".
//
//   npx tsx bench/search-mix.ts [base URL = http://127.0.0.1:3210] [seconds = 20] [connections = 10]
//
// MIX_GZIP=1 sends `Accept-Encoding: gzip`, as browsers and most HTTP libraries do; MIX_CHECK=0
// skips the first pass that checks every query once (which also reads each page once).
// MIX_QUERIES=random:<count>[:<seed>] sends <count> queries drawn at random instead (nearly all
// different, so kept pages rarely answer them: the lists' cost without them); the check pass then
// checks only the first 50.

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
  const out = spawnSync(
    'wrk',
    ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', path.join(__dirname, 'wrk/bench.lua'), '-H', `Authorization: Bearer ${token}`, ...(process.env.MIX_GZIP ? ['-H', 'Accept-Encoding: gzip'] : []), `${base}/v1/offers?`],
    { env: { ...process.env, BENCH_METHOD: 'GET', BENCH_PATH: '/v1/offers?{id}', BENCH_IDS_FILE: mixFile }, encoding: 'utf8' },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  const line = out.stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no result:\n${out.stdout}${out.stderr}`);
  const r = JSON.parse(line.slice('BENCH_JSON '.length));
  const ms = (us: number) => (us / 1000).toFixed(1);
  const errors = Object.values(r.errors as Record<string, number>).reduce((a, b) => a + b, 0);
  console.log(
    `search mix: ${mix.length} queries, ${connections} connections, ${seconds} s: ${(r.requests / (r.durationUs / 1e6)).toFixed(0)} req/s, ` +
      `p50 ${ms(r.latencyUs.p50)} ms, p95 ${ms(r.latencyUs.p95)} ms, p99 ${ms(r.latencyUs.p99)} ms, max ${ms(r.latencyUs.max)} ms, errors ${errors}; ` +
      `load average before ${load}, after ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
