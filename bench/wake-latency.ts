import os from 'node:os';
import { CREATE_BODY } from './scenarios';

// 202 → draft at a steady rate against a running server (npm start), each offer polled every 20 ms
// until it leaves pending, as the processor phase of bench/run.ts does:
//   SPOKE_URL=http://localhost:3000 RATE=50 SECONDS=20 npx tsx bench/wake-latency.ts
// Creates are sent open-loop (one every 1000/RATE ms, whether or not earlier ones are answered).

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
  const latencies: number[] = [];
  let errors = 0;
  let pollErrors = 0;
  const one = async (n: number) => {
    const body = JSON.stringify({ ...CREATE_BODY, externalOfferId: `WAKE-${stamp}-${n}` });
    const res = await fetch(`${url}/v1/offers`, { method: 'POST', headers: auth, body });
    const accepted = performance.now();
    if (res.status !== 202) {
      errors++;
      return;
    }
    const { data } = (await res.json()) as { data: { id: string } };
    for (;;) {
      await sleep(20);
      const r = await fetch(`${url}/v1/offers/${data.id}?fields=status`, { headers: auth });
      if (r.status !== 200) {
        pollErrors++;
        await r.body?.cancel();
        continue;
      }
      const offer = (await r.json()) as { data: { status: { current: { code: string } } } };
      if (offer.data.status.current.code !== 'pending') {
        latencies.push(performance.now() - accepted);
        return;
      }
    }
  };
  const loadBefore = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const started = performance.now();
  const total = rate * seconds;
  const running: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const at = started + (n * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(one(n));
  }
  await Promise.all(running);
  const loadAfter = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const r = (v: number) => Math.round(v);
  console.log(
    JSON.stringify({ rate, seconds, offers: latencies.length, errors, pollErrors, p50Ms: r(percentile(latencies, 50)), p95Ms: r(percentile(latencies, 95)), maxMs: r(Math.max(...latencies)), loadBefore, loadAfter, cpus: os.cpus().length }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
