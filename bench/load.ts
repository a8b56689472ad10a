import { spawn } from 'node:child_process';
import path from 'node:path';
import { percentile, root, sleep } from './processes';
import { CREATE_BODY } from './scenarios';

// The load of a scenario: its requests with wrk (bench/wrk/bench.lua), their statuses and
// latencies, and creates sent meanwhile at a steady rate.

export type Scenario = {
  name: string;
  connections: number;
  method?: 'GET' | 'POST';
  path: string;
  /** Lines for {id} (and their own headers), each sent once per pass over the file. */
  idsFile?: string;
  bodyFile?: string;
  headers: Record<string, string>;
  /** Creates arrive meanwhile, at BENCH_CREATE_RATE per second. */
  creates: boolean;
  /** The same statements without the server (bench/direct.ts), for list scenarios. */
  direct?: boolean;
};
export type Wrk = {
  requests: number;
  durationUs: number;
  errors: Record<string, number>;
  statuses: { '2xx': number; '304': number; '4xx': number; '5xx': number };
  latencyUs: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
};

export function wrk(spokeUrl: string, s: Scenario, seconds: number, prefix: string): Promise<Wrk> {
  const args = ['-t', '1', '-c', String(s.connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', path.join(root, 'bench/wrk/bench.lua')];
  for (const [k, v] of Object.entries(s.headers)) args.push('-H', `${k}: ${v}`);
  args.push(`${spokeUrl}${s.path.split('{id}')[0]}`);
  const env = { ...process.env, BENCH_METHOD: s.method ?? 'GET', BENCH_PATH: s.path, BENCH_IDS_FILE: s.idsFile ?? '', BENCH_BODY_FILE: s.bodyFile ?? '', BENCH_PREFIX: prefix };
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = text.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (code !== 0 || !line) reject(new Error(`wrk failed (${code}):\n${text}`));
      else resolve(JSON.parse(line.slice('BENCH_JSON '.length)) as Wrk);
    });
  });
}

/** Creates at a steady rate (open loop) while `until` is pending; their answers' latency and errors. */
export async function createsDuring<T>(target: { spokeUrl: string; createRate: number }, token: string, until: Promise<T>, tag: string): Promise<{ result: T; sent: number; errors: number; p95Ms: number }> {
  if (target.createRate <= 0) return { result: await until, sent: 0, errors: 0, p95Ms: NaN };
  let done = false;
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const inFlight = new Set<Promise<void>>();
  const sender = (async () => {
    const started = performance.now();
    while (!done) {
      const i = n++;
      const p = (async () => {
        const t0 = performance.now();
        try {
          const res = await fetch(`${target.spokeUrl}/v1/offers`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...CREATE_BODY, externalOfferId: `BENCH-${tag}-${i}` }),
          });
          await res.arrayBuffer();
          if (res.status !== 202) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      })();
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      const wait = started + ((i + 1) * 1000) / target.createRate - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  const result = await until;
  done = true;
  await sender;
  await Promise.all(inFlight);
  return { result, sent: n, errors, p95Ms: percentile(latencies, 95) };
}
