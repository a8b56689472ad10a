import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  dealers,
  employees,
  employerChanges,
  employerRequests,
  employers,
  notifications,
  offerCustomerLinks,
  offerHistory,
  offerRestrictedCustomers,
  offers,
  operatorActions,
  privacyRequests,
  webhookDeliveries,
} from '../schema';
import { offerRecordColumns } from './offers';
import { PERSONAL_DATA_MARKER } from '@/lib/shared/model';

// The operator's answers to customers' data-protection requests (docs/privacy.md, "Access" and
// "Erasure"): everything stored about the offers of one customer, the employers' registrations of
// the address, and the audit log of the requests. Across every dealer and employer: only the
// operator's console calls these.

/** The offers, each with its dealer's name and, for a restricted one, the kept customer data. */
export async function customerOffers(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      ...offerRecordColumns,
      dealerName: dealers.name,
      keptName: offerRestrictedCustomers.customerName,
      keptEmail: offerRestrictedCustomers.customerEmail,
    })
    .from(offers)
    .innerJoin(dealers, eq(dealers.id, offers.dealerId))
    .leftJoin(offerRestrictedCustomers, eq(offerRestrictedCustomers.offerId, offers.id))
    .where(inArray(offers.id, [...ids]))
    .orderBy(asc(offers.createdAt), asc(offers.id));
}

/** What else is stored of the offers: history, mails, webhook events, employer requests, links. */
export async function customerRecords(db: Executor, ids: readonly string[]) {
  const all = [...ids];
  if (all.length === 0) return { history: [], mails: [], deliveries: [], requests: [], links: [] };
  const history = await db.select().from(offerHistory).where(inArray(offerHistory.offerId, all)).orderBy(asc(offerHistory.id));
  const mails = await db
    .select({
      offerId: sql<string>`${notifications.offerId}`,
      kind: notifications.kind,
      to: notifications.mailTo,
      name: notifications.mailName,
      createdAt: notifications.createdAt,
      sentAt: notifications.mailSentAt,
      keptAt: notifications.mailKeptAt,
    })
    .from(notifications)
    .where(inArray(notifications.offerId, all))
    .orderBy(asc(notifications.id));
  const deliveries = await db
    .select({
      offerId: webhookDeliveries.offerId,
      eventType: webhookDeliveries.eventType,
      occurredAt: webhookDeliveries.occurredAt,
      status: webhookDeliveries.status,
      data: webhookDeliveries.data,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.offerId, all))
    .orderBy(asc(webhookDeliveries.seq));
  const requests = await db
    .select({
      offerId: employerRequests.offerId,
      employer: employers.name,
      submittedAt: employerRequests.submittedAt,
      decidedAt: employerRequests.decidedAt,
      approved: employerRequests.approved,
      reason: employerRequests.reason,
    })
    .from(employerRequests)
    .innerJoin(employers, eq(employers.id, employerRequests.employerId))
    .where(inArray(employerRequests.offerId, all))
    .orderBy(asc(employerRequests.submittedAt));
  const links = await db
    .select({ offerId: offerCustomerLinks.offerId, createdAt: offerCustomerLinks.createdAt, expiresAt: offerCustomerLinks.expiresAt, endedAt: offerCustomerLinks.replacedAt })
    .from(offerCustomerLinks)
    .where(inArray(offerCustomerLinks.offerId, all))
    .orderBy(asc(offerCustomerLinks.createdAt));
  return { history, mails, deliveries, requests, links };
}

/** The employers that registered the address as their employee's. */
export async function employeeRegistrations(db: Executor, email: string) {
  return db
    .select({ employer: employers.name, name: employees.name, registeredAt: employees.createdAt })
    .from(employees)
    .innerJoin(employers, eq(employers.id, employees.employerId))
    .where(eq(employees.email, email.trim().toLowerCase()));
}

/**
 * Removes the employers' registrations of the address, and the address from the operator's
 * record of having registered it (which stays, with the marker); answers how many registrations
 * there were.
 */
export async function deleteEmployeeRegistrations(db: Executor, email: string): Promise<number> {
  const e = email.trim().toLowerCase();
  const rows = await db.delete(employees).where(eq(employees.email, e)).returning({ email: employees.email });
  await db
    .update(operatorActions)
    .set({ details: sql`jsonb_set(${operatorActions.details}, '{email}', to_jsonb(${PERSONAL_DATA_MARKER.customerEmail}::text))` })
    .where(and(eq(operatorActions.action, 'employee_registered'), sql`lower(${operatorActions.details}->>'email') = ${e}`));
  // The employer's log of its roster keeps that the person was added, changed or removed, and
  // when — not who: the address, the name and the personnel number become the markers.
  await db
    .update(employerChanges)
    .set({
      subject: PERSONAL_DATA_MARKER.customerEmail,
      changes: sql`coalesce((select jsonb_agg(case when c->>'field' in ('email', 'name', 'personnelNumber')
        then jsonb_build_object('field', c->>'field',
          'old', case when jsonb_typeof(c->'old') = 'null' then 'null'::jsonb else to_jsonb(${PERSONAL_DATA_MARKER.customerName}::text) end,
          'new', case when jsonb_typeof(c->'new') = 'null' then 'null'::jsonb else to_jsonb(${PERSONAL_DATA_MARKER.customerName}::text) end)
        else c end) from jsonb_array_elements(${employerChanges.changes}) c), '[]'::jsonb)`,
    })
    .where(sql`lower(${employerChanges.subject}) = ${e}`);
  return rows.length;
}

export type PrivacyRequestInsert = typeof privacyRequests.$inferInsert;
export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

export async function insertPrivacyRequest(db: Executor, row: PrivacyRequestInsert): Promise<PrivacyRequestRow> {
  const [inserted] = await db.insert(privacyRequests).values(row).returning();
  return inserted!;
}

/** The newest requests first. */
export async function listPrivacyRequests(db: Executor, limit = 50): Promise<PrivacyRequestRow[]> {
  return db.select().from(privacyRequests).orderBy(desc(privacyRequests.occurredAt), desc(privacyRequests.id)).limit(limit);
}
