import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { database } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { removeOffersFrom } from './remove-offers';
import { cpuMsOf } from './processes';

// The processor alone, without the server and its schedule: N pending offers (dealer A sandbox),
// then processOffers() until none is due; prints offers/s and the CPU per offer of this process
// (process.cpuUsage) and of this database's PostgreSQL backends (utime + stime from /proc, when
// PostgreSQL runs on this machine). CPU per offer hardly depends on what else runs; offers/s does.
// For profiling:
//   DATABASE_URL=…/spoke_bench node --cpu-prof --import tsx bench/processor.ts [pending=20000] [batchSize=500] [concurrency=2]

export function pendingOffersSql(count: number, tag: string): string {
  return `insert into offers (dealer_id, environment, external_offer_id, customer_name, customer_email, product_bidex_code,
      product_brand_name, product_model_name, product_price_gross, product_list_price_gross, total_price_gross, status, process_after)
    select '${DEMO.dealerA.id}', 'sandbox', '${tag}-' || g, 'Proc Kunde ' || g, 'proc' || g || '@firma.example',
      (array['102020','102010','101020','103010','999999'])[1 + g % 5], 'Cube', 'Kathmandu Hybrid', 2999, 3199, 2999, 'pending', now()
    from generate_series(1, ${count}) g`;
}

async function backendCpu(db: ReturnType<typeof database>['db']): Promise<Map<number, number>> {
  const rows = rowsOf<{ pid: number }>(
    await db.execute(sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`),
  );
  return new Map(rows.map((r) => [Number(r.pid), cpuMsOf(Number(r.pid))]));
}

async function main() {
  const pending = Number(process.argv[2] ?? 20_000);
  const batchSize = Number(process.argv[3] ?? 500);
  const concurrency = Number(process.argv[4] ?? 2);
  const db = database();
  const tag = `PROC-cli-${Date.now()}`;
  await db.db.execute(sql.raw(pendingOffersSql(pending, tag)));
  await db.db.execute(sql`checkpoint`).catch(() => undefined);
  const pgBefore = await backendCpu(db.db);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  const summary = await processOffers({ batchSize, concurrency });
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage(nodeBefore);
  const nodeMs = (node.user + node.system) / 1000;
  // A backend opened during the run counts whole; one of before, its difference.
  const pgAfter = await backendCpu(db.db);
  const pgMs = [...pgAfter].reduce((a, [pid, ms]) => a + ms - (pgBefore.get(pid) ?? 0), 0);
  const perOffer = (ms: number) => ((ms * 1000) / Math.max(1, summary.processed)).toFixed(0);
  console.log(`${summary.processed} processed in ${seconds.toFixed(1)} s → ${(summary.processed / seconds).toFixed(0)} offers/s (batch ${batchSize}, ${concurrency} workers)`, summary);
  console.log(`CPU per offer: Node.js ${perOffer(nodeMs)} µs + PostgreSQL ${perOffer(pgMs)} µs = ${perOffer(nodeMs + pgMs)} µs`);
  await removeOffersFrom(db.db, `external_offer_id like '${tag}-%'`);
  await db.close();
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
