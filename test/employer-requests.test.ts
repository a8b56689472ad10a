import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { findOpenRequest } from '@/db/repositories/employer-requests';
import { listHistory } from '@/db/repositories/history';
import { employees, employers, notifications } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { decideRequest, decidedRequests, employerRequest, waitingRequests, type EmployerStaff } from '@/lib/employer/use-cases/requests';
import { employerRules } from '@/lib/employer/use-cases/rules';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer } from './helpers/offers';
import { ORIGIN } from './operator-session';

// The employer's side of the journey (docs/contract.md, "Employer face"): its waiting requests oldest
// first, its decision in one transaction naming the staff member, and nothing of another employer.

const acmeHr: EmployerStaff = { id: crypto.randomUUID(), name: 'Hanna HR', email: 'hr@acme.example', employerId: DEMO.employer.id, employerName: 'Acme GmbH' };

async function otherEmployer(): Promise<{ staff: EmployerStaff; employeeEmail: string }> {
  const suffix = randomBytes(3).toString('hex');
  const [row] = await getDb().insert(employers).values({ name: `Beta AG ${suffix}` }).returning();
  const employeeEmail = `bert-${suffix}@beta.example`;
  await getDb().insert(employees).values({ email: employeeEmail, employerId: row!.id, name: 'Bert Beta' });
  return { staff: { id: crypto.randomUUID(), name: 'Berta HR', email: `hr-${suffix}@beta.example`, employerId: row!.id, employerName: row!.name }, employeeEmail };
}

/** A production offer the customer has ordered through the mailed link: waiting for the employer. */
async function ordered(token: string, overrides: Record<string, unknown> = {}) {
  const customerEmail = await newEmployee();
  const offer = await createOffer(token, { customerEmail, ...overrides });
  await processOffers({ ids: [offer.id] });
  const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token });
  expect(sent.status, sent.text).toBe(201);
  const [mail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
  const link = new URL(mail!.mailLink!).pathname.split('/').pop()!;
  for (const action of ['start_order', 'submit_order']) {
    const res = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': `192.0.2.${randomBytes(1)[0]}` }, body: { token: link, action } });
    expect(res.status, res.text).toBe(200);
  }
  const open = await findOpenRequest(getDb(), offer.id);
  return { ...offer, customerEmail, requestId: open!.id };
}

const productionDealer = (name?: string) => newDealer({ environment: 'production', ...(name ? { name } : {}) });

describe('the employer’s requests', () => {
  it('lists its own waiting requests oldest first, with the rules’ checks; another employer sees none of them', async () => {
    const dealer = await productionDealer('Zweirad Çelik');
    const first = await ordered(dealer.token, { customerName: 'Erika Mustermann' });
    const second = await ordered(dealer.token, { customerName: 'Erika Mustermann' });
    const waiting = (await waitingRequests(acmeHr, 'de')).filter((r) => [first.id, second.id].includes(r.offerId));
    expect(waiting.map((r) => r.offerId)).toEqual([first.id, second.id]);
    expect(waiting[0]).toMatchObject({
      employee: { name: 'Erika Mustermann', email: first.customerEmail },
      requestId: first.requestId,
      state: 'open',
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
    expect(await employerRequest(beta.staff, first.requestId, 'de')).toBeNull();
    expect(await employerRequest(beta.staff, first.id, 'de')).toBeNull();
    await expect(decideRequest(beta.staff, first.requestId, { approve: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await decidedRequests(beta.staff, 'de', { limit: 50, offset: 0 })).total).toBe(0);
    }, 60_000);

  it('approves in one step named after the staff member and employer, and tells the customer', async () => {
    const dealer = await productionDealer();
    const offer = await ordered(dealer.token);
    expect(await decideRequest(acmeHr, offer.requestId, { approve: true })).toEqual({ status: 'operator_decision_pending' });
    const { rows } = await listHistory(getDb(), offer.id, 5, 0);
    expect(rows[0]).toMatchObject({ action: 'employer_approve', actorType: 'employer', actorName: 'Hanna HR (Acme GmbH)', toStatus: 'operator_decision_pending' });
    const mails = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_decision')));
    expect(mails.map((m) => [m.mailTo, m.status])).toEqual([[offer.customerEmail, 'operator_decision_pending']]);
    const decided = (await decidedRequests(acmeHr, 'en', { limit: 100, offset: 0 })).requests.find((r) => r.offerId === offer.id);
    expect(decided?.decision).toMatchObject({ approved: true, decidedBy: 'Hanna HR (Acme GmbH)' });
    // A closed request is decided no more: a clear conflict, nothing moves.
    await expect(decideRequest(acmeHr, offer.requestId, { approve: false, reason: 'too late' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await listHistory(getDb(), offer.id, 5, 0)).rows[0]).toMatchObject({ action: 'employer_approve' });
  });

  it('declines with a reason the dealer reads in the status errors', async () => {
    const dealer = await productionDealer();
    const offer = await ordered(dealer.token);
    await decideRequest(acmeHr, offer.requestId, { approve: false, reason: 'Budget für 2026 ausgeschöpft' });
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.status.current.code).toBe('rejected');
    expect(read.body.data.status.errors).toEqual([
      {
        code: 'EMPLOYER_DECLINED',
        message: 'Budget für 2026 ausgeschöpft',
        translations: { de: 'Budget für 2026 ausgeschöpft', en: 'Budget für 2026 ausgeschöpft' },
        docs: expect.stringMatching(/\/docs\/errors#EMPLOYER_DECLINED$/),
      },
    ]);
    const request = await employerRequest(acmeHr, offer.requestId, 'de');
    expect(request?.decision).toMatchObject({ approved: false, reason: 'Budget für 2026 ausgeschöpft' });
  });

  it('narrows the history by decision and by words (dealer, offer number, e-mail), a page at a time', async () => {
    const name = `Historie Ä${randomBytes(3).toString('hex')}`;
    const dealer = await productionDealer(name);
    const a = await ordered(dealer.token);
    await decideRequest(acmeHr, a.requestId, { approve: true });
    const b = await ordered(dealer.token);
    await decideRequest(acmeHr, b.requestId, { approve: false, reason: 'Nein' });
    const ids = async (f: { q?: string; decision?: 'approved' | 'declined' }, limit = 10, offset = 0) => {
      const { requests, total } = await decidedRequests(acmeHr, 'de', { limit, offset, ...f });
      return { ids: requests.map((r) => r.offerId), total };
    };
    expect((await ids({ q: name })).ids.sort()).toEqual([a.id, b.id].sort());
    expect((await ids({ q: name, decision: 'approved' })).ids).toEqual([a.id]);
    expect((await ids({ q: name, decision: 'declined' })).ids).toEqual([b.id]);
    // Case and accents ignored, every word must match.
    expect((await ids({ q: name.toUpperCase().replace('Ä', 'a'), decision: 'declined' })).ids).toEqual([b.id]);
    expect((await ids({ q: a.offerNumber })).ids).toEqual([a.id]);
    expect((await ids({ q: `${a.customerEmail} ${name}` })).ids).toEqual([a.id]);
    expect((await ids({ q: `${name} zzz-nobody` })).total).toBe(0);
    // A page at a time, the total of all that match.
    const [first, second] = [await ids({ q: name }, 1, 0), await ids({ q: name }, 1, 1)];
    expect(first.total).toBe(2);
    expect([...first.ids, ...second.ids].sort()).toEqual([a.id, b.id].sort());
  });

  it('cannot approve what the rules now forbid: a clear refusal, nothing moves', async () => {
    const dealer = await productionDealer();
    const offer = await ordered(dealer.token);
    await getDb().update(employers).set({ maxTotalPriceGross: '500.00' }).where(eq(employers.id, DEMO.employer.id));
    try {
      const request = await employerRequest(acmeHr, offer.requestId, 'en');
      expect(request?.passed).toBe(false);
      expect(request?.checks.find((c) => c.rule === 'price')?.text).toContain('above the limit of Acme GmbH (€500.00)');
      await expect(decideRequest(acmeHr, offer.requestId, { approve: true })).rejects.toMatchObject({ code: 'ORDER_NOT_ALLOWED' });
      const rules = await employerRules(acmeHr, 'de');
      expect(rules).toMatchObject({ name: 'Acme GmbH', maxTotalPriceGross: 500, excluded: [{ code: '103000', name: expect.any(String) }] });
    } finally {
      await getDb().update(employers).set({ maxTotalPriceGross: null }).where(eq(employers.id, DEMO.employer.id));
    }
    expect((await employerRequest(acmeHr, offer.requestId, 'en'))?.status).toBe('employer_decision_pending');
  });
});

describe('an employer’s request is a record of what was ordered', () => {
  it('keeps what the first employer saw when the dealer corrects the customer to another employer’s employee after a decline', async () => {
    const dealer = await productionDealer();
    const offer = await ordered(dealer.token, { customerName: 'Jonas Becker' });
    await decideRequest(acmeHr, offer.requestId, { approve: false, reason: 'Nicht im Budget' });
    const before = await employerRequest(acmeHr, offer.requestId, 'de');

    const beta = await otherEmployer();
    const corrected = await api.put(`/v1/offers/${offer.id}/customer`, { token: dealer.token, body: { customerName: 'Bert Beta', customerEmail: beta.employeeEmail } });
    expect(corrected.status, corrected.text).toBe(200);
    await processOffers({ ids: [offer.id] });
    const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
    expect(sent.status, sent.text).toBe(201);
    const mails = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
    const link = new URL(mails.find((m) => m.mailTo === beta.employeeEmail)!.mailLink!).pathname.split('/').pop()!;
    for (const action of ['start_order', 'submit_order']) {
      const res = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': `192.0.2.${randomBytes(1)[0]}` }, body: { token: link, action } });
      expect(res.status, res.text).toBe(200);
    }

    // Acme's record is what Jonas ordered and Acme decided, whatever the offer is now.
    const after = await employerRequest(acmeHr, offer.requestId, 'de');
    expect(after).toEqual(before);
    expect(after).toMatchObject({ state: 'declined', employee: { name: 'Jonas Becker', email: offer.customerEmail } });
    const history = (await decidedRequests(acmeHr, 'de', { limit: 100, offset: 0 })).requests.filter((r) => r.offerId === offer.id);
    expect(history.map((r) => r.employee.name)).toEqual(['Jonas Becker']);
    expect(JSON.stringify(await decidedRequests(acmeHr, 'de', { limit: 100, offset: 0 }))).not.toContain(beta.employeeEmail);
    expect((await waitingRequests(acmeHr, 'de')).map((r) => r.offerId)).not.toContain(offer.id);
    // The offer's id (older mails' links) opens Acme's own request, not the new one.
    expect((await employerRequest(acmeHr, offer.id, 'de'))?.requestId).toBe(offer.requestId);

    // The second employer sees its own request, and nothing of Acme's.
    const theirs = (await waitingRequests(beta.staff, 'de')).find((r) => r.offerId === offer.id);
    expect(theirs).toMatchObject({ state: 'open', employee: { name: 'Bert Beta', email: beta.employeeEmail } });
    expect(theirs!.requestId).not.toBe(offer.requestId);
    expect(await employerRequest(beta.staff, offer.requestId, 'de')).toBeNull();
    // Acme's closed request cannot decide the offer that now waits for Beta.
    await expect(decideRequest(acmeHr, offer.requestId, { approve: true })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await decideRequest(beta.staff, theirs!.requestId, { approve: true })).status).toBe('operator_decision_pending');
  }, 30_000);

  it('closes the open request on any step out of employer_decision_pending: a cancel, the operator’s step', async () => {
    const dealer = await productionDealer();
    const canceled = await ordered(dealer.token);
    expect((await api.post(`/v1/offers/${canceled.id}/cancel`, { token: dealer.token })).status).toBe(200);
    expect(await findOpenRequest(getDb(), canceled.id)).toBeUndefined();
    expect(await employerRequest(acmeHr, canceled.requestId, 'en')).toMatchObject({ state: 'closed', decision: null, closedAt: expect.any(String) });
    expect((await waitingRequests(acmeHr, 'de')).map((r) => r.requestId)).not.toContain(canceled.requestId);
    await expect(decideRequest(acmeHr, canceled.requestId, { approve: true })).rejects.toMatchObject({ code: 'CONFLICT' });

    const byOperator = await ordered(dealer.token);
    const { applyStep } = await import('@/lib/offers/use-cases/transition-offer');
    const operator = { type: 'operator' as const, id: crypto.randomUUID(), name: 'Olga Operator' };
    await applyStep({ dealerId: dealer.dealerId, environment: 'production' }, operator, byOperator.id, 'employer_approve', 'de', { onBehalfReason: 'Zustimmung per E-Mail' });
    expect(await employerRequest(acmeHr, byOperator.requestId, 'en')).toMatchObject({ state: 'approved', decision: { approved: true, decidedBy: 'Olga Operator' } });
    await expect(decideRequest(acmeHr, byOperator.requestId, { approve: false, reason: 'late' })).rejects.toMatchObject({ code: 'CONFLICT' });
  }, 30_000);

  it('answers a decision through the face’s endpoint by the request’s id; a closed request is a conflict', async () => {
    const dealer = await productionDealer();
    const offer = await ordered(dealer.token);
    const { sessionCookie } = await import('./operator-session');
    const hr = await getDb().query.portalUsers.findFirst({ where: (u, { eq: is }) => is(u.email, DEMO.hrEmail) });
    const cookie = await sessionCookie({ id: hr!.id, role: 'employer', dealerId: null, employerId: DEMO.employer.id, name: hr!.name, email: hr!.email } as never);
    const decide = (id: string) => api.post(`/api/employer/requests/${id}/decision`, { headers: { origin: ORIGIN, cookie }, body: { decision: 'approve' } });
    expect((await decide(offer.id)).status).toBe(404);
    const ok = await decide(offer.requestId);
    expect(ok.status, ok.text).toBe(200);
    const again = await decide(offer.requestId);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('CONFLICT');
  }, 30_000);
});
