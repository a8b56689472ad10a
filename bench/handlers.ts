import { sql } from 'drizzle-orm';
import { GET as getOfferRoute } from '@/app/v1/offers/[id]/route';
import { GET as listRoute, POST as createRoute } from '@/app/v1/offers/route';
import { rowsOf } from '@/db/client';
import { database } from '@/lib/database';
import { DEMO } from '@/db/seed';
import { issueAccessToken } from '@/lib/auth/tokens';
import { CREATE_BODY } from './scenarios';

// Spoke's own cost per request without the framework: the route handlers called in-process with
// a Request, one at a time, against the bench database. CPU per call is everything of ours
// (authentication, rate limit, validation, Drizzle, pg, serialisation, ETag) but Next.js.
// With --cpu-prof it shows where that goes:
//   DATABASE_URL=…/spoke_bench NODE_ENV=production CRON_SECRET=x-bench-secret NEXTAUTH_SECRET=bench-session-secret-0123456789 \
//   RATE_LIMIT_PER_MINUTE=1000000 node [--cpu-prof] --import tsx bench/handlers.ts [calls=2000] [get,list,create]

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
  const cases: [string, number, (i: number) => Promise<Response>][] = [
    ['get by id', calls, (i) => getOfferRoute(new Request(`http://spoke.test/v1/offers/${ids[i % ids.length]}`, { headers: auth }), { params: Promise.resolve({ id: ids[i % ids.length] }) })],
    ['list (defaults)', Math.ceil(calls / 4), () => listRoute(new Request('http://spoke.test/v1/offers', { headers: auth }), { params: Promise.resolve({}) })],
    [
      'create',
      Math.ceil(calls / 4),
      (i) =>
        createRoute(
          new Request('http://spoke.test/v1/offers', {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ ...CREATE_BODY, externalOfferId: `BENCH-handlers-${stamp}-${i}` }),
          }),
          { params: Promise.resolve({}) },
        ),
    ],
  ];
  for (const [name, n, call] of cases.filter(([name]) => !only || only.some((o) => name.includes(o)))) {
    for (let i = 0; i < 50; i++) await (await call(-1 - i)).text(); // warm-up
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await call(i);
      if (res.status >= 300) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      await res.text();
    }
    const cpu = process.cpuUsage(cpu0);
    console.log(`${name.padEnd(16)} ${((cpu.user + cpu.system) / n).toFixed(0).padStart(5)} µs CPU per call, ${((performance.now() - t0) / n).toFixed(2)} ms per call (${n} calls)`);
  }
  await db.db.execute(sql`delete from offers where external_offer_id like ${`BENCH-handlers-${stamp}-%`}`);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
