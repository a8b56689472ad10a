import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { listDealersOverview } from '@/db/repositories/operator-dealers';
import { listWorkQueue } from '@/db/repositories/work-queues';
import { listRejectedOffers } from '@/db/repositories/operator';
import { filtersOf, loadQueue, readQueueQuery } from '@/lib/console/use-cases/queue';
import { loadWorkQueue, loadWorkQueueCounts, readWorkQuery } from '@/lib/console/use-cases/work-queues';
import { offers } from '@/db/schema';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newClient, newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser } from './operator-session';

// The console's work queues across dealers, the bulk step (a result per offer, one failure undoes
// nothing), and the dealers list's counts, on real offers moved by the real lifecycle.

const DAY = 86_400_000;

async function headers() {
  return consoleHeaders(await demoUser('operator@example.com'));
}

async function offerIn(token: string, steps: string[]) {
  const { id } = await createOffer(token);
  await processOffers({ ids: [id] });
  const h = await headers();
  for (const action of steps) {
    const res = await api.post(`/api/console/offers/${id}/steps`, { headers: h, body: { action, onBehalfReason: 'Telefonisch beauftragt' } });
    expect(res.status, res.text).toBe(200);
  }
  return id;
}

const TO_DECISION = ['start_order', 'submit_order', 'employer_approve'];
const TO_EMPLOYER = ['start_order', 'submit_order'];

async function waitingSince(id: string, daysAgo: number) {
  await getDb()
    .update(offers)
    .set({ statusChangedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(offers.id, id));
}

describe('work queues', () => {
  it('shows production by default in the decision queues; the sandbox and all are filters', async () => {
    const dealer = await newDealer({ name: `Envs ${crypto.randomUUID().slice(0, 6)}` });
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const inSandbox = await offerIn(dealer.token, TO_DECISION);
    const inProduction = await offerIn(production.token, TO_DECISION);
    const h = await headers();
    const ids = async (query: string) => {
      const res = await api.get(`/api/console/queues/decision?dealer=${dealer.dealerId}${query}`, { headers: h });
      expect(res.status, res.text).toBe(200);
      return res.body.data.rows.map((r: { id: string }) => r.id);
    };
    expect(await ids('')).toEqual([inProduction]);
    expect(await ids('&environment=sandbox')).toEqual([inSandbox]);
    expect((await ids('&environment=all')).sort()).toEqual([inSandbox, inProduction].sort());
    // The search lists every environment.
    const search = await api.get(`/api/console/queues/search?dealer=${dealer.dealerId}`, { headers: h });
    expect(search.body.data.rows.map((r: { id: string }) => r.id).sort()).toEqual([inSandbox, inProduction].sort());
  });

  it('counts in the navigation what each queue’s page lists unfiltered: one definition, whatever the environment', async () => {
    // Rejected and waiting offers in both environments: the sandbox's must not make the two differ.
    const dealer = await newDealer({ name: `Counts ${crypto.randomUUID().slice(0, 6)}` });
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    for (const token of [dealer.token, production.token]) {
      await offerIn(token, TO_DECISION);
      const rejected = await createOffer(token, { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'K', priceGross: 5000, listPriceGross: 3000 } });
      await processOffers({ ids: [rejected.id] });
    }
    const counts = await loadWorkQueueCounts();
    const overview = await loadQueue(readQueueQuery({}).query);
    expect(counts.rejected).toBeGreaterThan(0);
    expect(counts.rejected).toBe(overview.total);
    expect(overview.rows.every((r) => r.environment === 'production')).toBe(true);
    for (const queue of ['decision', 'rejected', 'employer'] as const) {
      expect(counts[queue], queue).toBe((await loadWorkQueue(queue, readWorkQuery({}).query)).total);
    }
    // All environments only when asked for.
    const all = await listRejectedOffers(getDb(), { ...filtersOf(readQueueQuery({ environment: 'all' }).query), limit: 1, offset: 0 });
    expect(all.total).toBeGreaterThan(overview.total);
  });

  it('lists all offers (the search) newest first unless another order is asked for', async () => {
    const { rows } = await loadWorkQueue('search', readWorkQuery({}).query);
    const changed = rows.map((r) => new Date(r.statusChangedAt).getTime());
    expect(rows.length).toBeGreaterThan(1);
    expect(changed).toEqual([...changed].sort((x, y) => y - x));
    const oldest = await loadWorkQueue('search', readWorkQuery({ order: 'asc' }).query);
    expect(oldest.rows[0]!.id).not.toBe(rows[0]!.id);
  });

  it('lists what waits for the operator, the employer (too long) and a search, oldest first, with filters and counts', async () => {
    const dealer = await newDealer({ name: `Queues ${crypto.randomUUID().slice(0, 6)}`, environment: 'production' });
    const d1 = await offerIn(dealer.token, TO_DECISION);
    const d2 = await offerIn(dealer.token, TO_DECISION);
    const e1 = await offerIn(dealer.token, TO_EMPLOYER);
    const e2 = await offerIn(dealer.token, TO_EMPLOYER);
    await waitingSince(d2, 5);
    await waitingSince(d1, 1);
    await waitingSince(e1, 4); // overdue (more than 3 days)
    const before = await loadWorkQueueCounts();

    const decision = await listWorkQueue(getDb(), { queue: 'decision', dealerId: dealer.dealerId, limit: 25, offset: 0 });
    expect(decision.rows.map((r) => r.id)).toEqual([d2, d1]);
    expect(decision.rows[0]).toMatchObject({ status: 'operator_decision_pending', dealerName: expect.stringMatching(/^Queues /) });
    const aged = await listWorkQueue(getDb(), { queue: 'decision', dealerId: dealer.dealerId, minAgeMs: 2 * DAY, limit: 25, offset: 0 });
    expect(aged.rows.map((r) => r.id)).toEqual([d2]);
    const employer = await listWorkQueue(getDb(), { queue: 'employer', dealerId: dealer.dealerId, limit: 25, offset: 0 });
    expect(employer.rows.map((r) => r.id)).toEqual([e1]);
    expect(employer.total).toBe(1);
    const sandbox = await listWorkQueue(getDb(), { queue: 'decision', dealerId: dealer.dealerId, environment: 'sandbox', limit: 25, offset: 0 });
    expect(sandbox.total).toBe(0);

    const [row] = await getDb().select({ n: offers.offerNumber }).from(offers).where(eq(offers.id, e2));
    const found = await listWorkQueue(getDb(), { queue: 'search', text: row!.n.toLowerCase(), limit: 25, offset: 0 });
    expect(found.rows.map((r) => r.id)).toEqual([e2]);
    // Names as the dealers' lists find them: accents and case ignored, ä/ö/ü also spelled ae/oe/ue.
    const suffix = crypto.randomUUID().slice(0, 8);
    const named = await createOffer(dealer.token, { customerName: `Jürgen Müller-${suffix}`, customerEmail: `jm-${suffix}@example.com` });
    for (const term of [`mueller-${suffix}`, `muller-${suffix}`, `MÜLLER-${suffix}`, `jm-${suffix}@EXAMPLE`]) {
      const hit = await listWorkQueue(getDb(), { queue: 'search', text: term, limit: 25, offset: 0 });
      expect(hit.rows.map((r) => r.id), term).toEqual([named.id]);
    }

    // Through the endpoint: the same queue, and an unknown queue is a 404.
    const h = await headers();
    const res = await api.get(`/api/console/queues/decision?dealer=${dealer.dealerId}&age=2`, { headers: h });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rows.map((r: { id: string }) => r.id)).toEqual([d2]);
    expect((await api.get('/api/console/queues/nothing', { headers: h })).status).toBe(404);

    // Counts follow the offers.
    await waitingSince(e2, 10);
    const after = await loadWorkQueueCounts();
    expect(after.employer).toBe(before.employer + 1);
    expect(after.decision).toBe(before.decision);
  });

  it('declines several offers with one reason, a result per offer; a refused one undoes nothing', async () => {
    const dealer = await newDealer();
    const ids = [await offerIn(dealer.token, TO_DECISION), await offerIn(dealer.token, TO_DECISION), await offerIn(dealer.token, TO_DECISION)];
    const draft = await offerIn(dealer.token, []);
    const reason = { text: 'Rahmenvertrag ausgeschöpft', lang: 'de' };
    const h = await headers();
    const res = await api.post('/api/console/offers/bulk', { headers: { ...h, 'accept-language': 'en' }, body: { ids: [...ids, draft], action: 'operator_decline', reason } });
    expect(res.status, res.text).toBe(200);
    const results = res.body.data as { id: string; ok: boolean; status?: string; offerNumber: string; error?: { code: string; message: string } }[];
    expect(results.filter((r) => r.ok).map((r) => r.id)).toEqual(ids);
    expect(results.every((r) => r.offerNumber?.startsWith('SPK-'))).toBe(true);
    expect(results.filter((r) => r.ok).every((r) => r.status === 'rejected')).toBe(true);
    const refused = results.find((r) => r.id === draft)!;
    expect(refused.ok).toBe(false);
    expect(refused.error?.code).toBe('OFFER_NOT_MODIFIABLE');

    const operator = await demoUser('operator@example.com');
    for (const id of ids) {
      const [o] = await getDb().select().from(offers).where(eq(offers.id, id));
      expect(o!.status).toBe('rejected');
      expect(o!.statusErrors).toEqual([{ code: 'OPERATOR_DECLINED', text: { de: reason.text, en: `${reason.text} (written in German)` } }]);
      const { rows } = await listHistory(getDb(), id, 5, 0);
      expect(rows[0]).toMatchObject({ action: 'operator_decline', actorType: 'operator', actorId: operator.id, toStatus: 'rejected' });
    }
    const [d] = await getDb().select().from(offers).where(eq(offers.id, draft));
    expect(d!.status).toBe('draft');

    // Approving without a reason; a decline without one is refused as a whole (400).
    const approve = [await offerIn(dealer.token, TO_DECISION)];
    const ok = await api.post('/api/console/offers/bulk', { headers: h, body: { ids: approve, action: 'operator_approve' } });
    expect(ok.body.data).toMatchObject([{ id: approve[0], ok: true, status: 'done' }]);
    expect((await api.post('/api/console/offers/bulk', { headers: h, body: { ids: approve, action: 'operator_decline' } })).status).toBe(400);
    expect((await api.post('/api/console/offers/bulk', { headers: h, body: { ids: [], action: 'operator_approve' } })).status).toBe(400);
  });
});

describe('the dealers list', () => {
  it('counts every dealer’s offers per environment and its rejected offers exactly as the offers are', async () => {
    const dealer = await newDealer();
    const prod = await newClient(dealer.dealerId, { environment: 'production' });
    await createOffer(dealer.token);
    await createOffer(dealer.token);
    await createOffer(prod.token);
    const rejected = await createOffer(dealer.token, { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'K', priceGross: 4000, listPriceGross: 3000 } });
    await processOffers({ ids: [rejected.id] });
    const all = await listDealersOverview(getDb());
    expect(all.find((d) => d.id === dealer.dealerId)).toMatchObject({ sandboxOffers: 3, productionOffers: 1, rejectedOffers: 1 });

    const truth = rowsOf<{ dealer_id: string; sandbox: number; production: number; rejected: number }>(
      await getDb().execute(sql`
        select dealer_id,
               count(*) filter (where environment = 'sandbox')::int as sandbox,
               count(*) filter (where environment = 'production')::int as production,
               count(*) filter (where status = 'rejected')::int as rejected
        from offers group by dealer_id`),
    );
    for (const t of truth) {
      expect(all.find((d) => d.id === t.dealer_id)).toMatchObject({ sandboxOffers: Number(t.sandbox), productionOffers: Number(t.production), rejectedOffers: Number(t.rejected) });
    }
  });

  it('lists dealers by name as readers look them up: Ä with A, Ö with O, not after Z', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const names = [`Zweirad ${suffix}`, `Ökorad ${suffix}`, `Ärzte-Rad ${suffix}`, `Ostrad ${suffix}`, `Ahorn ${suffix}`];
    for (const name of names) await newDealer({ name });
    const listed = (await listDealersOverview(getDb())).map((d) => d.name).filter((n) => n.endsWith(suffix));
    expect(listed).toEqual([`Ahorn ${suffix}`, `Ärzte-Rad ${suffix}`, `Ökorad ${suffix}`, `Ostrad ${suffix}`, `Zweirad ${suffix}`]);
  });
});
