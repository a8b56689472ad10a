import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/db/client';
import { listOffers } from '@/db/repositories/offers-list';
import { DEMO } from '@/db/seed';
import type { Tenant } from '@/lib/shared/model';
import { listFilters } from '@/lib/offers/use-cases/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/contract/schemas';
import { cpuMsOf } from './processes';

// The bare PostgreSQL cost of a list scenario: the statements GET /v1/offers runs (count and page,
// built by db/repositories/offers-list.ts) for the same query strings, at the same concurrency,
// from one process over node-postgres — no HTTP, no framework, no authentication, no JSON.
// Prints one line "DIRECT_JSON {...}": requests, latency percentiles (ms), the CPU of PostgreSQL's
// backends serving them and of this process.
//   DATABASE_URL=…/spoke_bench npx tsx bench/direct.ts <queries file> <seconds> <concurrency>

async function main() {
  const [file, secondsArg, concurrencyArg] = process.argv.slice(2);
  const queries = fs.readFileSync(file!, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t')[0]!);
  const seconds = Number(secondsArg ?? 20);
  const concurrency = Number(concurrencyArg ?? 10);
  const { db, close } = openDatabase({ url: process.env.DATABASE_URL, poolSize: concurrency });
  const tenant: Tenant = { dealerId: DEMO.dealerA.id, environment: 'sandbox' };
  const parsed = queries.map((qs) => {
    const q = listOffersQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    return { ...listFilters(q), sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage };
  });
  // Every connection of the pool open, and its backend's pid known (its CPU is read from /proc).
  const pids = await Promise.all(
    Array.from({ length: concurrency }, () => db.transaction(async (tx) => rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`))[0]!.pid)),
  );
  const pgBefore = pids.reduce((a, pid) => a + cpuMsOf(pid), 0);
  const selfBefore = process.cpuUsage();
  const latencies: number[] = [];
  let nextQuery = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until && nextQuery < parsed.length) {
        const q = parsed[nextQuery++]!;
        const t0 = performance.now();
        await listOffers(db, tenant, q);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const self = process.cpuUsage(selfBefore);
  const pgCpuMs = pids.reduce((a, pid) => a + cpuMsOf(pid), 0) - pgBefore;
  await close();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? NaN;
  console.log(
    `DIRECT_JSON ${JSON.stringify({
      requests: latencies.length,
      seconds: elapsed,
      exhausted: nextQuery >= parsed.length,
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      p99Ms: at(0.99),
      maxMs: latencies.at(-1),
      postgresCpuMsPerRequest: pgCpuMs / latencies.length,
      clientCpuMsPerRequest: (self.user + self.system) / 1000 / latencies.length,
    })}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
