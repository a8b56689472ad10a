import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

// 202 → draft at 50 creates/s over the lived-in demo, its webhook endpoints included (issue 43,
// docs/reliability.md "Independent loops"), against a running `npm start` with SEED_DEMO and the
// rate limit raised as bench/run.ts does (RATE_LIMIT_PER_MINUTE=1000000: 1,000 creates in 20 s):
//   SPOKE_URL=http://localhost:3000 RATE=50 SECONDS=20 npx tsx bench/lived-in-latency.ts
// The demo client (dealer A's sandbox) has the lived-in endpoint at a host that does not resolve,
// so every offer's events go to a receiver that cannot be reached. Checks that the endpoint is
// there and active, prints the machine's load (uptime) beside the figures, runs
// bench/wake-latency.ts, and shows the endpoint's deliveries before and after: processing must
// not wait for them. Target: p95 ≤ 300 ms.

const url = process.env.SPOKE_URL ?? 'http://localhost:3000';

async function token(): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

type Endpoint = { id: string; url: string; active: boolean };

async function deliveries(auth: Record<string, string>, endpoints: Endpoint[]) {
  const out: Record<string, Record<string, number>> = {};
  for (const e of endpoints) {
    out[e.url] = {};
    for (const status of ['pending', 'delivered', 'failed']) {
      const r = await fetch(`${url}/v1/webhooks/${e.id}/deliveries?status=${status}&perPage=1`, { headers: auth });
      if (r.status !== 200) throw new Error(`deliveries of ${e.url}: HTTP ${r.status} (a rate limit? see the header of this file)`);
      out[e.url]![status] = ((await r.json()) as { meta: { totalCount: number } }).meta.totalCount;
    }
  }
  return out;
}

async function main() {
  const auth = { Authorization: `Bearer ${await token()}` };
  const list = (await (await fetch(`${url}/v1/webhooks`, { headers: auth })).json()) as { data: Endpoint[] };
  const endpoints = list.data.filter((e) => e.active);
  if (endpoints.length === 0) throw new Error('the demo client has no active webhook endpoint: start the server with SEED_DEMO=true (the lived-in demo)');
  const uptime = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
  console.log(`uptime before: ${uptime}`);
  console.log(`endpoints: ${endpoints.map((e) => e.url).join(', ')}`);
  console.log(`deliveries before: ${JSON.stringify(await deliveries(auth, endpoints))}`);
  const run = spawnSync(process.execPath, [path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(__dirname, 'wake-latency.ts')], {
    env: { ...process.env, SPOKE_URL: url, RATE: process.env.RATE ?? '50', SECONDS: process.env.SECONDS ?? '20' },
    encoding: 'utf8',
  });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  console.log(`deliveries after: ${JSON.stringify(await deliveries(auth, endpoints))}`);
  console.log(`uptime after: ${spawnSync('uptime', { encoding: 'utf8' }).stdout.trim()} (cpus: ${os.cpus().length})`);
  const result = /WAKE_JSON (.*)/.exec(run.stdout)?.[1];
  if (result) {
    const { p50Ms, p95Ms } = JSON.parse(result) as { p50Ms: number; p95Ms: number };
    console.log(`LIVED_IN_LATENCY p50 ${p50Ms} ms, p95 ${p95Ms} ms (target p95 ≤ 300 ms: ${p95Ms <= 300 ? 'met' : 'missed'}); ${uptime}`);
  }
  process.exitCode = run.status ?? 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
