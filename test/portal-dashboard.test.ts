import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers } from '@/db/schema';
import { getDb } from '@/lib/database';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { DRAFT_AGEING_DAYS, loadDashboard } from '@/lib/portal/use-cases/dashboard';
import type { OfferStatus } from '@/lib/shared/model';
import { newClient, newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The portal's home page: counts per status equal the dealer's offers in the chosen environment
// (no other dealer's, no other environment's), needs action (rejected, drafts ageing) and what
// changed since the user's previous visit.

const DAY = 86_400_000;

async function setOffer(id: string, status: OfferStatus, changedDaysAgo: number) {
  await getDb()
    .update(offers)
    .set({ status, statusChangedAt: new Date(Date.now() - changedDaysAgo * DAY) })
    .where(eq(offers.id, id));
}

async function offerWith(token: string, status: OfferStatus, changedDaysAgo: number) {
  const { id } = await createOffer(token);
  await processOffers({ ids: [id] });
  await setOffer(id, status, changedDaysAgo);
  return id;
}

describe('portal dashboard', () => {
  it('counts, needs action and changes since the last visit, of one dealer in one environment', async () => {
    const a = await newDealer();
    const aProd = await newClient(a.dealerId, { environment: 'production' });
    const b = await newDealer();

    const rejectedOld = await offerWith(a.token, 'rejected', 5);
    const rejectedNew = await offerWith(a.token, 'rejected', 0.1);
    const agedDraft = await offerWith(a.token, 'draft', DRAFT_AGEING_DAYS + 3);
    const freshDraft = await offerWith(a.token, 'draft', 1);
    const done = await offerWith(a.token, 'done', 0.5);
    await offerWith(a.token, 'canceled', 20);
    // Not A's sandbox: must count nowhere.
    await offerWith(aProd.token, 'rejected', 0.1);
    await offerWith(aProd.token, 'draft', 30);
    await offerWith(b.token, 'rejected', 0.1);
    await offerWith(b.token, 'draft', 30);

    const previousVisit = new Date(Date.now() - 2 * DAY);
    const d = await loadDashboard({ dealerId: a.dealerId, environment: 'sandbox' }, previousVisit);

    // Counts equal the offers, read straight from the table.
    const truth = await getDb()
      .select({ status: offers.status, n: sql<number>`count(*)::int` })
      .from(offers)
      .where(and(eq(offers.dealerId, a.dealerId), eq(offers.environment, 'sandbox')))
      .groupBy(offers.status);
    const byStatus = Object.fromEntries(d.counts.map((c) => [c.status, c.count]));
    for (const row of truth) expect(byStatus[row.status]).toBe(row.n);
    expect(d.total).toBe(6);
    expect(byStatus).toMatchObject({ rejected: 2, draft: 2, done: 1, canceled: 1, pending: 0, order_journey_started: 0 });
    expect(d.counts.map((c) => c.status)).toHaveLength(8);

    // Needs action: rejected longest waiting first, only the draft older than the ageing limit.
    expect(d.needsAction.rejected.map((o) => o.id)).toEqual([rejectedOld, rejectedNew]);
    expect(d.needsAction.rejectedTotal).toBe(2);
    expect(d.needsAction.agedDrafts.map((o) => o.id)).toEqual([agedDraft]);
    expect(d.needsAction.agedDraftTotal).toBe(1);
    expect(d.needsAction.agedDrafts.map((o) => o.id)).not.toContain(freshDraft);

    // Since the previous visit (two days ago): the changes of the last two days, newest first.
    expect(d.changes.firstVisit).toBe(false);
    expect(d.changes.since.getTime()).toBe(previousVisit.getTime());
    expect(d.changes.rows.map((o) => o.id)).toEqual([rejectedNew, done, freshDraft]);
    expect(d.changes.total).toBe(3);

    // Production of the same dealer is its own world.
    const prod = await loadDashboard({ dealerId: a.dealerId, environment: 'production' }, previousVisit);
    expect(prod.total).toBe(2);
    expect(prod.needsAction.rejected).toHaveLength(1);
    expect(prod.needsAction.rejected[0]!.id).not.toBe(rejectedNew);

    // A first visit (no previous visit): the last seven days.
    const first = await loadDashboard({ dealerId: a.dealerId, environment: 'sandbox' }, null);
    expect(first.changes.firstVisit).toBe(true);
    expect(first.changes.rows.map((o) => o.id)).toEqual([rejectedNew, done, freshDraft, rejectedOld]);

    // A dealer without offers sees zeros and nothing to do.
    const empty = await loadDashboard({ dealerId: (await newDealer()).dealerId, environment: 'sandbox' }, previousVisit);
    expect(empty.total).toBe(0);
    expect(empty.needsAction.rejected).toEqual([]);
    expect(empty.needsAction.agedDrafts).toEqual([]);
    expect(empty.changes.total).toBe(0);
  });
});
