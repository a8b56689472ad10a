import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { offerClaims, offers } from '@/db/schema';
import { CLAIM_TTL_SECONDS } from '@/lib/console/use-cases/claims';
import { loadWorkQueue } from '@/lib/console/use-cases/work-queues';
import { workQueueQuerySchema } from '@/lib/console/schemas';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser, newOperatorUser } from './operator-session';

// Claims: two operators do not decide the same offer. A's claim stops B's decisions (409 naming A)
// until B takes it over explicitly; a stale claim counts for nobody; the bulk step skips offers
// others hold and says so per offer; the queues show who holds what.

const TO_DECISION = ['start_order', 'submit_order', 'employer_approve'];

async function decisionOffer(token: string, h: Record<string, string>) {
  const { id } = await createOffer(token);
  await processOffers({ ids: [id] });
  for (const action of TO_DECISION) {
    const res = await api.post(`/api/console/offers/${id}/steps`, { headers: h, body: { action, onBehalfReason: 'Telefonisch beauftragt' } });
    expect(res.status, res.text).toBe(200);
  }
  return id;
}

const statusOf = async (id: string) => (await getDb().select({ s: offers.status }).from(offers).where(eq(offers.id, id)))[0]!.s;

describe('offer claims', () => {
  it('a claim blocks another operator until taken over explicitly; the decision ends the claim', async () => {
    const dealer = await newDealer({ name: `Claims ${crypto.randomUUID().slice(0, 6)}` });
    const ana = await demoUser('operator@example.com');
    const ben = await newOperatorUser();
    const A = await consoleHeaders(ana);
    const B = await consoleHeaders(ben);
    const id = await decisionOffer(dealer.token, A);

    const taken = await api.post(`/api/console/offers/${id}/claim`, { headers: A, body: {} });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.data).toMatchObject({ operatorId: ana.id, operatorName: ana.name, tookOverFrom: null });

    // B may neither decide nor take it silently; the message names who holds it.
    const refused = await api.post(`/api/console/offers/${id}/steps`, { headers: { ...B, 'accept-language': 'de' }, body: { action: 'operator_approve' } });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('CONFLICT');
    expect(refused.body.errors[0].message).toContain(`in Bearbeitung von ${ana.name}`);
    expect(await statusOf(id)).toBe('operator_decision_pending');
    expect((await api.post(`/api/console/offers/${id}/claim`, { headers: B, body: {} })).status).toBe(409);
    expect((await api.post(`/api/console/offers/${id}/cancel`, { headers: B, body: { cancelReason: 'not_deliverable' } })).status).toBe(409);

    // B takes it over explicitly; now A is the one refused.
    const over = await api.post(`/api/console/offers/${id}/claim`, { headers: B, body: { takeOver: true } });
    expect(over.status, over.text).toBe(200);
    expect(over.body.data).toMatchObject({ operatorId: ben.id, tookOverFrom: ana.name });
    expect((await api.post(`/api/console/offers/${id}/steps`, { headers: A, body: { action: 'operator_approve' } })).status).toBe(409);

    // B decides; the claim has done its job.
    const decided = await api.post(`/api/console/offers/${id}/steps`, { headers: B, body: { action: 'operator_approve' } });
    expect(decided.status, decided.text).toBe(200);
    expect(await statusOf(id)).toBe('done');
    expect(await getDb().select().from(offerClaims).where(eq(offerClaims.offerId, id))).toHaveLength(0);
  });

  it('a stale claim counts for nobody; giving an offer back frees it at once', async () => {
    const dealer = await newDealer({ name: `Claims ${crypto.randomUUID().slice(0, 6)}` });
    const A = await consoleHeaders(await demoUser('operator@example.com'));
    const B = await consoleHeaders(await newOperatorUser());
    const stale = await decisionOffer(dealer.token, A);
    const given = await decisionOffer(dealer.token, A);

    expect((await api.post(`/api/console/offers/${stale}/claim`, { headers: A, body: {} })).status).toBe(200);
    await getDb()
      .update(offerClaims)
      .set({ claimedAt: sql`now() - (${CLAIM_TTL_SECONDS + 60}::int * interval '1 second')` })
      .where(eq(offerClaims.offerId, stale));
    const decided = await api.post(`/api/console/offers/${stale}/steps`, { headers: B, body: { action: 'operator_approve' } });
    expect(decided.status, decided.text).toBe(200);

    expect((await api.post(`/api/console/offers/${given}/claim`, { headers: A, body: {} })).status).toBe(200);
    expect((await api.delete(`/api/console/offers/${given}/claim`, { headers: B })).body.data).toEqual({ released: false });
    expect((await api.delete(`/api/console/offers/${given}/claim`, { headers: A })).body.data).toEqual({ released: true });
    expect((await api.post(`/api/console/offers/${given}/claim`, { headers: B, body: {} })).status).toBe(200);
  });

  it('the bulk step skips offers another operator holds and reports them per offer; the queue shows the claims', async () => {
    const dealer = await newDealer({ name: `Claims ${crypto.randomUUID().slice(0, 6)}`, environment: 'production' });
    const ana = await demoUser('operator@example.com');
    const ben = await newOperatorUser();
    const A = await consoleHeaders(ana);
    const B = await consoleHeaders(ben);
    const ids = [await decisionOffer(dealer.token, A), await decisionOffer(dealer.token, A), await decisionOffer(dealer.token, A)];
    expect((await api.post(`/api/console/offers/${ids[1]}/claim`, { headers: B, body: {} })).status).toBe(200);

    const queue = await loadWorkQueue('decision', workQueueQuerySchema.parse({ dealer: dealer.dealerId }));
    const held = queue.rows.find((r) => r.id === ids[1]);
    expect(held?.claim).toMatchObject({ operatorId: ben.id, operatorName: ben.name });
    expect(queue.rows.filter((r) => r.claim === null)).toHaveLength(2);

    const reason = { text: 'Frame size does not fit', lang: 'en' };
    const res = await api.post('/api/console/offers/bulk', { headers: { ...A, 'accept-language': 'en' }, body: { ids, action: 'operator_decline', reason } });
    expect(res.status, res.text).toBe(200);
    const byId = new Map(res.body.data.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(ids[0])).toMatchObject({ ok: true, status: 'rejected' });
    expect(byId.get(ids[2])).toMatchObject({ ok: true, status: 'rejected' });
    expect(byId.get(ids[1])).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining(`being worked on by ${ben.name}`) } });
    expect(await statusOf(ids[1] as string)).toBe('operator_decision_pending');
    const history = await listHistory(getDb(), ids[1] as string, 100, 0);
    expect(JSON.stringify(history)).not.toContain('operator_decline');
  });

  it('two operators at once: a decision and a take-over of the same offer never both win against each other', async () => {
    // Ana holds each offer and decides it while Ben takes it over at the same moment. One of them
    // comes first: either Ana's decision (it ends her claim, so Ben takes over from nobody) or
    // Ben's take-over (Ana's decision is refused, 409). Never Ana deciding an offer Ben took from her.
    // A take-over that comes after the decision is refused: the offer is closed.
    const dealer = await newDealer({ name: `Race ${crypto.randomUUID().slice(0, 6)}` });
    const ana = await demoUser('operator@example.com');
    const ben = await newOperatorUser();
    const [A, B] = [await consoleHeaders(ana), await consoleHeaders(ben)];
    const ids = await Promise.all(Array.from({ length: 12 }, () => decisionOffer(dealer.token, A)));
    for (const id of ids) expect((await api.post(`/api/console/offers/${id}/claim`, { headers: A, body: {} })).status).toBe(200);
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const [decided, over] = await Promise.all([
          api.post(`/api/console/offers/${id}/steps`, { headers: A, body: { action: 'operator_approve' } }),
          api.post(`/api/console/offers/${id}/claim`, { headers: B, body: { takeOver: true } }),
        ]);
        return { id, decided: decided.status, tookOverFrom: over.body.data?.tookOverFrom ?? null, overStatus: over.status };
      }),
    );
    for (const o of outcomes) {
      // A take-over after the decision finds the offer closed (409: nobody works on a final offer).
      if (o.decided === 200) {
        expect([200, 409]).toContain(o.overStatus);
        expect(o.tookOverFrom, `offer ${o.id}: decided by Ana although Ben took it from her`).toBeNull();
      } else expect([o.decided, o.overStatus, o.tookOverFrom]).toEqual([409, 200, ana.name]);
      expect(await statusOf(o.id)).toBe(o.decided === 200 ? 'done' : 'operator_decision_pending');
    }
  });

  it('two operators deciding the same offer at once: one decision, the other refused, one history entry', async () => {
    const dealer = await newDealer({ name: `Both ${crypto.randomUUID().slice(0, 6)}` });
    const [A, B] = [await consoleHeaders(await demoUser('operator@example.com')), await consoleHeaders(await newOperatorUser())];
    const id = await decisionOffer(dealer.token, A);
    const answers = await Promise.all([
      api.post(`/api/console/offers/${id}/steps`, { headers: A, body: { action: 'operator_approve' } }),
      api.post(`/api/console/offers/${id}/steps`, { headers: B, body: { action: 'operator_decline', reason: { text: 'Nein', lang: 'de' } } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const history = await listHistory(getDb(), id, 100, 0);
    expect(history.rows.filter((h) => h.action === 'operator_approve' || h.action === 'operator_decline')).toHaveLength(1);
  });
});
