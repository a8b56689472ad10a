import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { database } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { offersByIds } from '@/db/repositories/offers';
import { serializeOffer } from '@/lib/offers/serialize';

async function main() {
  const db = database().db;
  const tenant = { clientId: 'x', dealerId: DEMO.dealerA.id, environment: 'sandbox' as const };
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' limit 5000`)).map((r) => r.id);
  const calls = Number(process.argv[2] ?? 300);
  const per = Number(process.argv[3] ?? 100);
  // PostgreSQL's CPU: its backends for this database, from /proc (a database on this machine).
  const pgTicks = async () => {
    const pids = rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid);
    let ticks = 0;
    for (const pid of pids) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // Not on this machine, or gone.
      }
    }
    return ticks;
  };
  const time = async (name: string, f: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 30; i++) await f(i);
    const p0 = await pgTicks();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await f(i);
    const c = process.cpuUsage(c0);
    const wall = (performance.now() - t0) / calls;
    const pg = (((await pgTicks()) - p0) * 10_000) / calls;
    console.log(`${name}: ${((c.user + c.system) / calls) | 0} µs CPU/call here, ${pg | 0} µs PostgreSQL, ${wall.toFixed(2)} ms wall`);
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
