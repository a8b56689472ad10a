import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { DEMO } from '@/db/seed';
import { MORE_EMPLOYERS, planLivedIn } from '@/db/seed/lived-in';
import { getDb } from '@/lib/database';
import { REJECTION_CODES } from '@/lib/offers/rules/checks';
import { OFFER_STATUSES } from '@/lib/shared/model';
import { seedLivedIn } from '@/lib/demo/lived-in';
import { payrollMonth } from '@/lib/employer/rules/payroll-month';
import { payrollLeases } from '@/lib/employer/use-cases/leases';

// The lived-in demo (lib/demo/lived-in.ts) on a fresh copy of the plain demo: what it writes is
// what the app's own writes produce, in every status and age, and a second run adds nothing.

// The demo is planned back from now: the API refuses a delivery date before today, so a fixed day
// would age out of the test.
const NOW = Date.now();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await getDb().execute(query));
}

describe('the lived-in demo', () => {
  it('is the same plan for the same seed', () => {
    expect(JSON.stringify(planLivedIn(NOW))).toBe(JSON.stringify(planLivedIn(NOW)));
    expect(planLivedIn(NOW)).toHaveLength(300);
  });

  it('writes months of dealer A in every status and age, with every check code, edits, orders, deliveries and notifications; again it adds nothing', { timeout: 600_000 }, async () => {
    const first = await seedLivedIn(getDb(), { now: NOW });
    expect(first.offers).toBe(300);
    const lived = sql`o.dealer_id = ${DEMO.dealerA.id} and o.external_offer_id like 'RH-%'`;

    const statuses = await rows<{ environment: string; status: string; n: number }>(
      sql`select o.environment, o.status, count(*)::int as n from offers o where ${lived} group by 1, 2`,
    );
    const production = new Set(statuses.filter((s) => s.environment === 'production').map((s) => s.status));
    // Every status but the moment of processing (pending) in production; both environments full.
    expect([...production].sort()).toEqual(OFFER_STATUSES.filter((s) => s !== 'pending').sort());
    expect(statuses.filter((s) => s.environment === 'sandbox').reduce((n, s) => n + s.n, 0)).toBeGreaterThan(60);

    const codes = await rows<{ code: string }>(sql`select distinct e->>'code' as code from offers o, jsonb_array_elements(o.status_errors) e where ${lived}`);
    expect(codes.map((c) => c.code).sort()).toEqual([...REJECTION_CODES].sort());

    // Ages: six months, none in the future; every history entry after its offer's creation, before now.
    const [ages] = await rows<{ oldest: string; newest: string; late: number; early: number }>(sql`
      select min(o.created_at) as oldest, max(o.updated_at) as newest,
        (select count(*)::int from offer_history h join offers o on o.id = h.offer_id where ${lived} and h.occurred_at > ${new Date(NOW).toISOString()}::timestamptz) as late,
        (select count(*)::int from offer_history h join offers o on o.id = h.offer_id where ${lived} and h.occurred_at < o.created_at) as early
      from offers o where ${lived}`);
    expect(NOW - Date.parse(ages!.oldest)).toBeGreaterThan(150 * 864e5);
    expect(Date.parse(ages!.newest)).toBeLessThanOrEqual(NOW);
    expect(ages!.late).toBe(0);
    expect(ages!.early).toBe(0);

    // Edited offers (rejected, corrected, accepted), orders by Acme's Erika and other employees.
    const [edits] = await rows<{ updated: number; fixed: number }>(sql`
      select count(distinct h.offer_id) filter (where h.action = 'updated')::int as updated,
        count(distinct h.offer_id) filter (where h.action = 'processed' and h.to_status = 'rejected'
          and o.status = 'draft')::int as fixed
      from offer_history h join offers o on o.id = h.offer_id where ${lived}`);
    expect(edits!.updated).toBeGreaterThan(20);
    expect(edits!.fixed).toBeGreaterThanOrEqual(5);
    const ordered = await rows<{ email: string }>(sql`
      select distinct o.customer_email as email from offers o
      where ${lived} and o.status in ('order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done')`);
    expect(ordered.map((o) => o.email)).toContain(DEMO.employeeEmail);
    expect(ordered.length).toBeGreaterThan(5);
    const names = (await rows<{ name: string }>(sql`select distinct o.customer_name as name from offers o where ${lived}`)).map((r) => r.name).join('\n');
    for (const name of ['Yılmaz', 'Łukasiewicz', 'Nguyễn', 'Ελένη', '李娜', 'von Hohenberg-Wittelsbach']) expect(names).toContain(name);
    const [requests] = await rows<{ waiting: number; decided: number }>(sql`
      select count(*) filter (where decided_at is null)::int as waiting, count(*) filter (where decided_at >= submitted_at)::int as decided from employer_requests`);
    expect(requests!.waiting).toBeGreaterThan(0);
    expect(requests!.decided).toBeGreaterThan(0);

    // Employers with their rules.
    const limits = await rows<{ name: string; limit: string | null; excluded: number }>(sql`
      select e.name, e.max_total_price_gross as limit, (select count(*)::int from employer_excluded_categories x where x.employer_id = e.id) as excluded from employers e`);
    for (const e of MORE_EMPLOYERS) expect(limits).toContainEqual({ name: e.name, limit: e.maxTotalPriceGross, excluded: e.excluded.length });

    // Webhooks: deliveries in every outcome with their attempts; retrying ones due later.
    const deliveries = await rows<{ status: string; n: number; attempts: number; due: number }>(sql`
      select d.status, count(*)::int as n, min((select count(*) from webhook_delivery_attempts a where a.delivery_id = d.id))::int as attempts,
        count(*) filter (where d.next_attempt_at > ${new Date(NOW).toISOString()}::timestamptz)::int as due
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.dealer_id = ${DEMO.dealerA.id} group by 1`);
    expect(deliveries.map((d) => d.status).sort()).toEqual(['delivered', 'failed', 'pending']);
    for (const d of deliveries) expect(d.attempts).toBeGreaterThan(0);
    expect(deliveries.find((d) => d.status === 'pending')!.due).toBe(deliveries.find((d) => d.status === 'pending')!.n);

    // The dealer user's notifications: read and unread; every mail of the past sent, none due.
    const [notes] = await rows<{ read: number; unread: number; due: number }>(sql`
      select count(*) filter (where n.read_at is not null)::int as read, count(*) filter (where n.read_at is null)::int as unread,
        (select count(*)::int from notifications m join offers o on o.id = m.offer_id where ${lived} and m.mail_next_at is not null) as due
      from notifications n join portal_users u on u.id = n.user_id where u.email = 'dealer@example.com'`);
    expect(notes!.read).toBeGreaterThan(0);
    expect(notes!.unread).toBeGreaterThan(0);
    expect(notes!.due).toBe(0);
    // No event is told twice: an offer rejected, edited and rejected again has two notifications,
    // each at the time of its own rejection.
    const [twice] = await rows<{ n: number; rejectedAgain: number }>(sql`
      select (select count(*)::int from (select 1 from notifications n join offers o on o.id = n.offer_id where ${lived} and n.user_id is not null
                group by n.user_id, n.offer_id, n.status, n.created_at having count(*) > 1) d) as n,
        (select count(*)::int from (select 1 from notifications n join offers o on o.id = n.offer_id where ${lived} and n.kind = 'status' and n.status = 'rejected'
                group by n.user_id, n.offer_id having count(*) > 1) r) as "rejectedAgain"`);
    expect(twice).toMatchObject({ n: 0 });
    expect(twice!.rejectedAgain).toBeGreaterThan(0);
    // Lists read newest first by id: notifications and history entries in the order of their times.
    const [order] = await rows<{ notifications: number; history: number }>(sql`
      select (select count(*)::int from notifications a join notifications b on b.user_id = a.user_id and b.id > a.id and b.created_at < a.created_at
                join offers o on o.id = a.offer_id where ${lived}) as notifications,
        (select count(*)::int from offer_history a join offer_history b on b.offer_id = a.offer_id and b.id > a.id and b.occurred_at < a.occurred_at
                join offers o on o.id = a.offer_id where ${lived}) as history`);
    expect(order).toEqual({ notifications: 0, history: 0 });

    // Acme's running leases: handed over after their approval, some months ago, one ending soon; personnel numbers; a second HR user.
    const leases = await rows<{ status: string; start: string; end: string; terms: number }>(sql`
      select p.status, p.lease_start::text as start, p.lease_end::text as end, (p.lease_terms is not null)::int as terms
      from purchase_orders p where p.employer_id = ${DEMO.employer.id} and p.lease_start is not null`);
    expect(leases.length).toBeGreaterThan(3);
    expect(new Set(leases.map((l) => l.status))).toEqual(new Set(['paid', 'handed_over']));
    expect(leases.every((l) => l.terms === 1 && l.start.endsWith('-01'))).toBe(true);
    expect(leases.filter((l) => l.start <= '2026-08-01').length).toBeGreaterThan(1);
    expect(leases.filter((l) => l.end >= '2026-11-27' && l.end <= '2027-01-31')).toHaveLength(1);
    // After done: an order in every state but canceled, from the counter to the payout.
    const orderStates = await rows<{ status: string }>(sql`select distinct p.status::text as status from purchase_orders p join offers o on o.id = p.offer_id where ${lived}`);
    expect(orderStates.map((s) => s.status).sort()).toEqual(['approved', 'awaiting_handover', 'handed_over', 'invoice_rejected', 'invoiced', 'paid']);
    const hr = { id: 'x', name: 'Hanna HR', email: DEMO.hrEmail, employerId: DEMO.employer.id, employerName: DEMO.employer.name };
    const payroll = await payrollLeases(hr, payrollMonth('2026-11')!);
    expect(payroll.length).toBeGreaterThan(2);
    expect(payroll.every((l) => l.personnelNumber?.startsWith('AC-'))).toBe(true);
    const [people] = await rows<{ numbered: number; clerk: number; limit: number }>(sql`
      select (select count(*)::int from employees where employer_id = ${DEMO.employer.id} and personnel_number is null) as numbered,
        (select count(*)::int from portal_users where email = ${DEMO.payrollEmail} and role = 'employer' and employer_id = ${DEMO.employer.id}) as clerk,
        (select max_bicycles_at_once from employers where id = ${MORE_EMPLOYERS[0].id}) as limit`);
    expect(people).toEqual({ numbered: 0, clerk: 1, limit: 1 });

    // Again: nothing added.
    const count = async () => (await rows<{ n: number }>(sql`select (select count(*) from offers)::int + (select count(*) from offer_history)::int + (select count(*) from webhook_deliveries)::int + (select count(*) from notifications)::int as n`))[0]!.n;
    const before = await count();
    expect((await seedLivedIn(getDb(), { now: NOW })).offers).toBe(0);
    expect(await count()).toBe(before);
  });
});
