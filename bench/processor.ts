import { sql } from 'drizzle-orm';
import { database } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { removeOffersFrom } from './remove-offers';

// The processor alone, without the server and its schedule: N pending offers (dealer A sandbox),
// then processOffers() until none is due; prints offers/s. For profiling:
//   DATABASE_URL=…/spoke_bench node --cpu-prof --import tsx bench/processor.ts [pending=20000] [batchSize=500] [concurrency=2]

export function pendingOffersSql(count: number, tag: string): string {
  return `insert into offers (dealer_id, environment, external_offer_id, customer_name, customer_email, product_bidex_code,
      product_brand_name, product_model_name, product_price_gross, product_list_price_gross, total_price_gross, status, process_after)
    select '${DEMO.dealerA.id}', 'sandbox', '${tag}-' || g, 'Proc Kunde ' || g, 'proc' || g || '@firma.example',
      (array['102020','102010','101020','103010','999999'])[1 + g % 5], 'Cube', 'Kathmandu Hybrid', 2999, 3199, 2999, 'pending', now()
    from generate_series(1, ${count}) g`;
}

async function main() {
  const pending = Number(process.argv[2] ?? 20_000);
  const batchSize = Number(process.argv[3] ?? 500);
  const concurrency = Number(process.argv[4] ?? 2);
  const db = database();
  const tag = `PROC-cli-${Date.now()}`;
  await db.db.execute(sql.raw(pendingOffersSql(pending, tag)));
  const started = performance.now();
  const summary = await processOffers({ batchSize, concurrency });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${summary.processed} processed in ${seconds.toFixed(1)} s → ${(summary.processed / seconds).toFixed(0)} offers/s (batch ${batchSize}, ${concurrency} workers)`, summary);
  await removeOffersFrom(db.db, `external_offer_id like '${tag}-%'`);
  await db.close();
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
