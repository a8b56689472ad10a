import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { employees, employers, notifications } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { decideRequest, decidedRequests, employerRequest, employerRules, waitingRequests, type EmployerStaff } from '@/lib/employer/use-cases/requests';
import { processOffers } from '@/lib/offers/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { ORIGIN } from './operator-session';

// The employer's side of the journey (DESIGN.md, "Employer face"): its waiting requests oldest
// first, its decision in one transaction naming the staff member, and nothing of another employer.

const acmeHr: EmployerStaff = { id: crypto.randomUUID(), name: 'Hanna HR', email: 'hr@acme.example', employerId: DEMO.employer.id, employerName: 'Acme GmbH' };

async function otherEmployer(): Promise<{ staff: EmployerStaff; employeeEmail: string }> {
  const suffix = randomBytes(3).toString('hex');
  const [row] = await getDb().insert(employers).values({ name: `Beta AG ${suffix}` }).returning();
  const employeeEmail = `bert-${suffix}@beta.example`;
  await getDb().insert(employees).values({ email: employeeEmail, employerId: row!.id, name: 'Bert Beta' });
  return { staff: { id: crypto.randomUUID(), name: 'Berta HR', email: `hr-${suffix}@beta.example`, employerId: row!.id, employerName: row!.name }, employeeEmail };
}

/** An offer the customer has ordered through the link: waiting for the employer. */
async function ordered(token: string, overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(token, { customerEmail: DEMO.employeeEmail, ...overrides });
  await processOffers({ ids: [offer.id] });
  const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token });
  const link = new URL(sent.body.data.url).pathname.split('/').pop()!;
  for (const action of ['start_order', 'submit_order']) {
    const res = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': `192.0.2.${randomBytes(1)[0]}` }, body: { token: link, action } });
    expect(res.status, res.text).toBe(200);
  }
  return offer;
}

describe('the employer’s requests', () => {
  it('lists its own waiting requests oldest first, with the rules’ checks; another employer sees none of them', async () => {
    const dealer = await newDealer({ name: 'Zweirad Çelik' });
    const first = await ordered(dealer.token, { customerName: 'Erika Mustermann' });
    const second = await ordered(dealer.token, { customerName: 'Erika Mustermann' });
    const waiting = (await waitingRequests(acmeHr, 'de')).filter((r) => [first.id, second.id].includes(r.offerId));
    expect(waiting.map((r) => r.offerId)).toEqual([first.id, second.id]);
    expect(waiting[0]).toMatchObject({
      employee: { name: 'Erika Mustermann', email: DEMO.employeeEmail },
      dealerName: 'Zweirad Çelik',
      bicycle: { brandName: 'Cube', modelName: 'Kathmandu Hybrid' },
      totalPriceGross: 3693.75,
      passed: true,
      decision: null,
    });
    expect(waiting[0]!.accessories).toHaveLength(2);
    expect(waiting[0]!.checks.map((c) => [c.rule, c.passed])).toEqual([['employee', true], ['category', true], ['price', true]]);

    const beta = await otherEmployer();
    expect((await waitingRequests(beta.staff, 'de')).map((r) => r.offerId)).not.toContain(first.id);
    expect(await employerRequest(beta.staff, first.id, 'de')).toBeNull();
    await expect(decideRequest(beta.staff, first.id, { approve: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await decidedRequests(beta.staff, 'de', { limit: 50, offset: 0 })).total).toBe(0);
  });

  it('approves in one step named after the staff member and employer, and tells the customer', async () => {
    const dealer = await newDealer();
    const offer = await ordered(dealer.token);
    expect(await decideRequest(acmeHr, offer.id, { approve: true })).toEqual({ status: 'operator_decision_pending' });
    const { rows } = await listHistory(getDb(), offer.id, 5, 0);
    expect(rows[0]).toMatchObject({ action: 'employer_approve', actorType: 'employer', actorName: 'Hanna HR (Acme GmbH)', toStatus: 'operator_decision_pending' });
    const mails = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_decision')));
    expect(mails.map((m) => [m.mailTo, m.status])).toEqual([[DEMO.employeeEmail, 'operator_decision_pending']]);
    const decided = (await decidedRequests(acmeHr, 'en', { limit: 100, offset: 0 })).requests.find((r) => r.offerId === offer.id);
    expect(decided?.decision).toMatchObject({ approved: true, decidedBy: 'Hanna HR (Acme GmbH)' });
    await expect(decideRequest(acmeHr, offer.id, { approve: false, reason: 'too late' })).rejects.toMatchObject({ code: 'OFFER_NOT_MODIFIABLE' });
  });

  it('declines with a reason the dealer reads in the status errors', async () => {
    const dealer = await newDealer();
    const offer = await ordered(dealer.token);
    await decideRequest(acmeHr, offer.id, { approve: false, reason: 'Budget für 2026 ausgeschöpft' });
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('rejected');
    expect(read.body.data.status.errors).toEqual([
      expect.objectContaining({ code: 'EMPLOYER_DECLINED', message: 'Budget für 2026 ausgeschöpft', translations: { de: 'Budget für 2026 ausgeschöpft', en: 'Budget für 2026 ausgeschöpft' } }),
    ]);
    const request = await employerRequest(acmeHr, offer.id, 'de');
    expect(request?.decision).toMatchObject({ approved: false, reason: 'Budget für 2026 ausgeschöpft' });
  });

  it('cannot approve what the rules now forbid: a clear refusal, nothing moves', async () => {
    const dealer = await newDealer();
    const offer = await ordered(dealer.token);
    await getDb().update(employers).set({ maxTotalPriceGross: '500.00' }).where(eq(employers.id, DEMO.employer.id));
    try {
      const request = await employerRequest(acmeHr, offer.id, 'en');
      expect(request?.passed).toBe(false);
      expect(request?.checks.find((c) => c.rule === 'price')?.text).toContain('above the limit of Acme GmbH (€500.00)');
      await expect(decideRequest(acmeHr, offer.id, { approve: true })).rejects.toMatchObject({ code: 'ORDER_NOT_ALLOWED' });
      const rules = await employerRules(acmeHr, 'de');
      expect(rules).toMatchObject({ name: 'Acme GmbH', maxTotalPriceGross: 500, excluded: [{ code: '103000', name: expect.any(String) }] });
    } finally {
      await getDb().update(employers).set({ maxTotalPriceGross: null }).where(eq(employers.id, DEMO.employer.id));
    }
    expect((await employerRequest(acmeHr, offer.id, 'en'))?.status).toBe('employer_decision_pending');
  });
});
