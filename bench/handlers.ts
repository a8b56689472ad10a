import { sql } from 'drizzle-orm';
import { GET as getOfferRoute } from '@/app/v1/offers/[id]/route';
import { GET as listRoute, POST as createRoute } from '@/app/v1/offers/route';
import { rowsOf } from '@/db/client';
import { database } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { issueAccessToken } from '@/lib/auth/tokens';
import { removeOffersFrom } from './remove-offers';
import { CREATE_BODY, randomSearchMix } from './scenarios';
import { postgresCpuMs } from './postgres-cpu';

// Spoke's own cost per request without the framework: the route handlers called in-process with
// a Request, one at a time, against the bench database. CPU per call is everything of ours
// (authentication, rate limit, validation, Drizzle, pg, serialisation, ETag) but Next.js.
// With --cpu-prof it shows where that goes:
//   DATABASE_URL=…/spoke_bench NODE_ENV=production CRON_SECRET=x-bench-secret NEXTAUTH_SECRET=bench-session-secret-0123456789 \
//   RATE_LIMIT_PER_MINUTE=1000000 node [--cpu-prof] --import tsx bench/handlers.ts [calls=2000] [get,list,create,search]
// "search (new queries)" sends queries of randomSearchMix that no call sent before (so no kept page
// answers them): what a list read costs ours and, on a database on this machine, PostgreSQL's
// processes (their CPU from /proc; nothing else may use the database meanwhile).

async function main() {
  const calls = Number(process.argv[2] ?? 2000);
  const only = process.argv[3]?.split(',');
  const db = database();
  const tenant = { clientId: 'demo-sandbox', dealerId: DEMO.dealerA.id, environment: 'sandbox' as const };
  const { token } = await issueAccessToken({ ...tenant, scopes: ['offers:read', 'offers:write'] });
  const ids = rowsOf<{ id: string }>(
    await db.db.execute(sql`select id from offers where dealer_id = ${DEMO.dealerA.id} and environment = 'sandbox' and external_offer_id like 'ERP-%' limit 1000`),
  ).map((r) => r.id);
  const auth = { authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const searches = randomSearchMix(calls + 50, stamp % 100_000);
  const create = (suffix: string, idempotencyKey?: string) =>
    createRoute(
      new Request('http://spoke.test/v1/offers', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        body: JSON.stringify({ ...CREATE_BODY, externalOfferId: `BENCH-handlers-${stamp}-${suffix}` }),
      }),
      { params: Promise.resolve({}) },
    );
  const cases: [string, number, (i: number) => Promise<Response>][] = [
    ['get by id', calls, (i) => getOfferRoute(new Request(`http://spoke.test/v1/offers/${ids[i % ids.length]}`, { headers: auth }), { params: Promise.resolve({ id: ids[i % ids.length] }) })],
    ['list (defaults)', Math.ceil(calls / 4), () => listRoute(new Request('http://spoke.test/v1/offers', { headers: auth }), { params: Promise.resolve({}) })],
    ['create', Math.ceil(calls / 4), (i) => create(`${i}`)],
    ['create with Idempotency-Key', Math.ceil(calls / 4), (i) => create(`key-${i}`, `bench-handlers-${stamp}-${i}`)],
    [
      'search (new queries)',
      Math.ceil(calls / 4),
      (i) => listRoute(new Request(`http://spoke.test/v1/offers?${searches[i < 0 ? calls - 1 - i : i]}`, { headers: auth }), { params: Promise.resolve({}) }),
    ],
  ];
  for (const [name, n, call] of cases.filter(([name]) => !only || only.some((o) => name.includes(o)))) {
    for (let i = 0; i < 50; i++) await (await call(-1 - i)).text(); // warm-up
    const cpu0 = process.cpuUsage();
    const pg0 = postgresCpuMs();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await call(i);
      if (res.status >= 300) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      await res.text();
    }
    const cpu = process.cpuUsage(cpu0);
    const pg = pg0 === undefined ? undefined : (postgresCpuMs()! - pg0) / n;
    console.log(
      `${name.padEnd(20)} ${((cpu.user + cpu.system) / n).toFixed(0).padStart(5)} µs CPU per call${pg === undefined ? '' : `, PostgreSQL ${(pg * 1000).toFixed(0)} µs`}, ` +
        `${((performance.now() - t0) / n).toFixed(2)} ms per call (${n} calls)`,
    );
  }
  await removeOffersFrom(db.db, `external_offer_id like 'BENCH-handlers-${stamp}-%'`);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
