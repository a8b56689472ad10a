import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { portalUsers } from '../schema';
import { DEMO } from './index';
import { MORE_EMPLOYERS } from './lived-in-data';

// The lived-in demo's running leases (docs/employer.md, "Leases"): Acme's done production offers
// of dealer A become handed-over bicycles — handed over some days after the approval, the lease
// from the first of the next month for the term kept with the order; the oldest was handed over
// 35 months ago, so its lease ends soon. All but the three newest orders are paid. An upsert: the order the approval
// wrote (if any) is moved on, else it is written. Acme's employees get personnel numbers,
// Stadtwerke allows one bicycle at once, within bounds the operator set.

export async function seedLivedInLeases(db: Db, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  await db.execute(sql`
    with done as (
      select o.id, o.dealer_id, o.environment, o.status_changed_at,
        (select r.lease_terms from employer_requests r where r.offer_id = o.id and r.lease_terms is not null order by r.submitted_at desc limit 1) as terms,
        row_number() over (order by o.status_changed_at, o.id) as n
      from offers o
      join employees e on e.email = lower(o.customer_email) and e.employer_id = ${DEMO.employer.id}
      where o.dealer_id = ${DEMO.dealerA.id} and o.environment = 'production' and o.status = 'done' and o.external_offer_id like 'RH-%'
    ), handed as (
      select d.*,
        case when d.n = 1 then ((${at}::timestamptz - interval '35 months') at time zone 'Europe/Berlin')::date
             else least(d.status_changed_at + interval '6 days' + (d.n % 5) * interval '1 day', ${at}::timestamptz - interval '1 day') at time zone 'Europe/Berlin' end ::date as day
      from done d where d.terms is not null
    ), dated as (
      select h.*, (date_trunc('month', h.day) + interval '1 month')::date as start from handed h
    )
    insert into purchase_orders (offer_id, dealer_id, environment, employer_id, status, created_at, updated_at, pickup_code_sent_at,
      handed_over_on, handed_over_at, frame_number, lease_start, lease_end, lease_terms)
    select d.id, d.dealer_id, d.environment, ${DEMO.employer.id}::uuid,
      case when d.n > (select count(*) from dated) - 3 then 'handed_over' else 'paid' end::purchase_order_status,
      d.status_changed_at, (d.day + time '15:30') at time zone 'Europe/Berlin', d.status_changed_at,
      d.day, (d.day + time '15:30') at time zone 'Europe/Berlin', 'WAW' || lpad((240000 + d.n * 37)::text, 8, '0'),
      d.start, (d.start + make_interval(months => coalesce((d.terms->>'termMonths')::int, 36)) - interval '1 day')::date, d.terms
    from dated d
    on conflict (offer_id) do update set
      status = excluded.status, updated_at = excluded.updated_at, handed_over_on = excluded.handed_over_on, handed_over_at = excluded.handed_over_at,
      frame_number = excluded.frame_number, lease_start = excluded.lease_start, lease_end = excluded.lease_end,
      employer_id = coalesce(purchase_orders.employer_id, excluded.employer_id), lease_terms = coalesce(purchase_orders.lease_terms, excluded.lease_terms)`);
  // Personnel numbers for Acme's listed people who have none yet.
  await db.execute(sql`
    update employees e set personnel_number = 'AC-' || lpad((1000 + x.n * 7)::text, 5, '0')
    from (select email, row_number() over (order by email) as n from employees where employer_id = ${DEMO.employer.id} and personnel_number is null) x
    where e.email = x.email`);
  await db.execute(sql`
    update employers set max_bicycles_at_once = 1, bicycles_at_once_ceiling = 2, total_price_floor_gross = 500, total_price_ceiling_gross = 5000
    where id = ${MORE_EMPLOYERS[0].id} and max_bicycles_at_once is null`);
}

/** Acme's second HR staff member: the payroll clerk, who follows no new requests by mail. */
export async function seedPayrollClerk(db: Db, passwordHash: string): Promise<void> {
  await db
    .insert(portalUsers)
    .values({ email: DEMO.payrollEmail, name: 'Jens Lohnbüro', role: 'employer', employerId: DEMO.employer.id, notifyStatuses: [], passwordHash })
    .onConflictDoNothing();
}
