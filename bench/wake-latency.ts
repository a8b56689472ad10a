import os from 'node:os';
import { CREATE_BODY } from './scenarios';

// 202 → draft at a steady rate against a running server (npm start):
//   SPOKE_URL=http://localhost:3000 RATE=50 SECONDS=20 npx tsx bench/wake-latency.ts
// (a phase of `npm run bench`; its offers are named LAT-…, which the next run deletes)
// Creates are sent open-loop (one every 1000/RATE ms, whether or not earlier ones are answered).
// Nothing polls the offers while they are created: polling each offer every few milliseconds at
// 50 creates/s is itself hundreds of requests per second, which overloads the server being
// measured. Instead, when every create is answered, one list request every 250 ms waits until none
// of the run's offers is pending; then each offer's history says when it left `pending` (server
// clock, the same machine), compared with the moment its 202 arrived.
const url = process.env.SPOKE_URL ?? 'http://localhost:3000';
const rate = Number(process.env.RATE ?? 50);
const seconds = Number(process.env.SECONDS ?? 20);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function main() {
  const tokenRes = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const stamp = Date.now();
  const accepted = new Map<string, number>();
  let errors = 0;
  const one = async (n: number) => {
    const body = JSON.stringify({ ...CREATE_BODY, externalOfferId: `LAT-${stamp}-${n}` });
    const res = await fetch(`${url}/v1/offers`, { method: 'POST', headers: auth, body });
    const at = Date.now();
    if (res.status !== 202) {
      errors++;
      await res.body?.cancel();
      return;
    }
    const { data } = (await res.json()) as { data: { id: string } };
    accepted.set(data.id, at);
  };
  const loadBefore = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const started = performance.now();
  const since = new Date(stamp - 1000).toISOString();
  const total = rate * seconds;
  const running: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const at = started + (n * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(one(n));
  }
  await Promise.all(running);
  // Until none of the tenant's offers created since the run began is pending (60 s at most).
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
    const r = await fetch(`${url}/v1/offers?status=pending&creationDateFrom=${encodeURIComponent(since)}&perPage=1&fields=id`, { headers: auth });
    const { meta } = (await r.json()) as { meta: { totalCount: number } };
    if (meta.totalCount === 0) break;
  }
  const latencies: number[] = [];
  let stillPending = 0;
  for (const [id, at] of accepted) {
    const r = await fetch(`${url}/v1/offers/${id}/history?perPage=100`, { headers: auth });
    const { data } = (await r.json()) as { data: { occurredAt: string; fromStatus?: string; toStatus?: string }[] };
    const left = data.find((h) => h.fromStatus === 'pending' && h.toStatus && h.toStatus !== 'pending');
    if (left) latencies.push(Date.parse(left.occurredAt) - at);
    else stillPending++;
  }
  const loadAfter = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const r = (v: number) => Math.round(v);
  console.log(
    'WAKE_JSON ' + JSON.stringify({ rate, seconds, offers: latencies.length, errors, stillPending, p50Ms: r(percentile(latencies, 50)), p95Ms: r(percentile(latencies, 95)), maxMs: r(Math.max(...latencies)), loadBefore, loadAfter, cpus: os.cpus().length }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
