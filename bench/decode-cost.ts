import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { database } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { offersByIds } from '@/db/repositories/offers-list';
import { serializeOffer } from '@/lib/offers/serialize';
import { postgresCpuMs } from './postgres-cpu';

async function main() {
  const db = database().db;
  const tenant = { clientId: 'x', dealerId: DEMO.dealerA.id, environment: 'sandbox' as const };
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' limit 5000`)).map((r) => r.id);
  const calls = Number(process.argv[2] ?? 300);
  const per = Number(process.argv[3] ?? 100);
  const time = async (name: string, f: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 30; i++) await f(i);
    const p0 = postgresCpuMs();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await f(i);
    const c = process.cpuUsage(c0);
    const wall = (performance.now() - t0) / calls;
    const pg = p0 === undefined ? undefined : ((postgresCpuMs()! - p0) * 1000) / calls;
    console.log(`${name}: ${((c.user + c.system) / calls) | 0} µs CPU/call here, ${pg === undefined ? '–' : pg | 0} µs PostgreSQL, ${wall.toFixed(2)} ms wall`);
  };
  const slice = (i: number) => ids.slice((i * per) % (ids.length - per), ((i * per) % (ids.length - per)) + per);
  await time('offersByIds', (i) => offersByIds(db, tenant, slice(i)));
  await time('offersByIds + serialize + stringify', async (i) => {
    const { rows } = await offersByIds(db, tenant, slice(i));
    return JSON.stringify(rows.map((r) => serializeOffer(r, 'de')));
  });
  await database().close();
}
main();
