import 'server-only';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, employerRequests, offers, type RequestSnapshot } from '../schema';
import type { LeaseTerms } from '@/lib/shared/model';
import type { OfferRecord } from './offers';

// Employees' orders put to their employer (db/schema/orders.ts): opened when the order is
// submitted, with a snapshot of what was ordered; closed by any step out of
// employer_decision_pending (the trigger of migration 0033), decided at most once. The employer's
// face reads only these rows and their snapshots — never the live offer.

/** What the employee submits, as the request keeps it. */
export function requestSnapshot(offer: OfferRecord): RequestSnapshot {
  const money = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    offerNumber: offer.offerNumber,
    employee: { name: offer.customerName, email: offer.customerEmail },
    bicycle: { bidexCode: offer.productBidexCode, brandName: offer.productBrandName, modelName: offer.productModelName, priceGross: money(offer.productPriceGross) },
    accessories: offer.accessories.map((a) => ({ bidexCode: a.bidexCode, brandName: a.brandName, modelName: a.modelName, priceGross: money(a.priceGross) })),
    shippingCostGross: offer.withShipping ? money(offer.shippingCostGross) : null,
    installationCostGross: money(offer.installationCostGross),
    totalPriceGross: Number(offer.totalPriceGross),
    deliveryDate: offer.deliveryDate?.toISOString() ?? null,
  };
}

/** Keeps the lease terms of the offer's open request (written in the submission's transaction). */
export async function keepRequestLeaseTerms(db: Executor, offerId: string, leaseTerms: LeaseTerms): Promise<void> {
  await db
    .update(employerRequests)
    .set({ leaseTerms })
    .where(and(eq(employerRequests.offerId, offerId), isNull(employerRequests.closedAt)));
}

/** Opens the offer's request to the employer with its snapshot; its id. */
export async function openEmployerRequest(db: Executor, offer: OfferRecord, employerId: string): Promise<string> {
  const [row] = await db
    .insert(employerRequests)
    .values({ offerId: offer.id, employerId, snapshot: requestSnapshot(offer) })
    .returning({ id: employerRequests.id });
  return row!.id;
}

/** The offer's open request (there is at most one), if it has one. */
export async function findOpenRequest(db: Executor, offerId: string): Promise<{ id: string; employerId: string } | undefined> {
  const [row] = await db
    .select({ id: employerRequests.id, employerId: employerRequests.employerId })
    .from(employerRequests)
    .where(and(eq(employerRequests.offerId, offerId), isNull(employerRequests.closedAt)))
    .limit(1);
  return row;
}

/** Records the decision on the offer's open request and closes it; run before the step moves the offer. */
export async function decideEmployerRequest(
  db: Executor,
  offerId: string,
  decision: { approved: boolean; decidedBy: string; reason?: { de: string; en: string } },
): Promise<void> {
  await db
    .update(employerRequests)
    .set({ decidedAt: sql`now()`, closedAt: sql`now()`, approved: decision.approved, decidedBy: decision.decidedBy, reason: decision.reason ?? null })
    .where(and(eq(employerRequests.offerId, offerId), isNull(employerRequests.closedAt)));
}

// ---- The employer's face: its requests, scoped by employer -----------------------------------

export type EmployerRequestRow = {
  requestId: string;
  offerId: string;
  dealerId: string;
  environment: 'sandbox' | 'production';
  submittedAt: Date;
  closedAt: Date | null;
  decidedAt: Date | null;
  approved: boolean | null;
  decidedBy: string | null;
  reason: { de: string; en: string } | null;
  /** The lease terms kept at submission (none on requests from before they were kept). */
  leaseTerms: LeaseTerms | null;
  dealerName: string;
  snapshot: RequestSnapshot;
};

const requestColumns = {
  requestId: employerRequests.id,
  offerId: employerRequests.offerId,
  dealerId: offers.dealerId,
  environment: offers.environment,
  submittedAt: employerRequests.submittedAt,
  closedAt: employerRequests.closedAt,
  decidedAt: employerRequests.decidedAt,
  approved: employerRequests.approved,
  decidedBy: employerRequests.decidedBy,
  reason: employerRequests.reason,
  leaseTerms: employerRequests.leaseTerms,
  dealerName: dealers.name,
  snapshot: employerRequests.snapshot,
};

function requestRows(db: Executor) {
  return db
    .select(requestColumns)
    .from(employerRequests)
    .innerJoin(offers, eq(offers.id, employerRequests.offerId))
    .innerJoin(dealers, eq(dealers.id, offers.dealerId));
}

/** The employer's open requests, oldest first. */
export async function listWaitingRequests(db: Executor, employerId: string, limit = 100): Promise<EmployerRequestRow[]> {
  return requestRows(db)
    .where(and(eq(employerRequests.employerId, employerId), isNull(employerRequests.closedAt)))
    .orderBy(asc(employerRequests.submittedAt), asc(employerRequests.id))
    .limit(limit);
}

/** What the history is narrowed to: a decision (approved, declined) and words of the request. */
export type DecidedFilter = { decision?: 'approved' | 'declined'; q?: string };

/** A search term's condition on a request's snapshot and dealer: employee, e-mail, offer number, bicycle, dealer (accents and case ignored). */
function requestText(q: string): SQL {
  const pattern = `%${q.normalize('NFC').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const s = employerRequests.snapshot;
  return sql`spoke_fold(concat_ws(' ', ${s}->'employee'->>'name', ${s}->'employee'->>'email', ${s}->>'offerNumber', ${s}->'bicycle'->>'brandName', ${s}->'bicycle'->>'modelName', ${dealers.name})) like spoke_fold(${pattern})`;
}

/** The employer's closed requests (decided, or closed by another step), newest first, with the total — narrowed by `filter`. */
export async function listDecidedRequests(
  db: Executor,
  employerId: string,
  page: { limit: number; offset: number } & DecidedFilter,
): Promise<{ rows: EmployerRequestRow[]; total: number }> {
  const where = and(
    eq(employerRequests.employerId, employerId),
    isNotNull(employerRequests.closedAt),
    page.decision ? eq(employerRequests.approved, page.decision === 'approved') : undefined,
    ...(page.q?.trim() ? page.q.trim().split(/\s+/).slice(0, 5).map(requestText) : []),
  );
  const [rows, [count]] = await Promise.all([
    requestRows(db).where(where).orderBy(desc(employerRequests.closedAt), desc(employerRequests.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(employerRequests)
      .innerJoin(offers, eq(offers.id, employerRequests.offerId))
      .innerJoin(dealers, eq(dealers.id, offers.dealerId))
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One of the employer's requests by its id (undefined for another employer's or none). */
export async function findEmployerRequest(db: Executor, employerId: string, requestId: string): Promise<EmployerRequestRow | undefined> {
  const [row] = await requestRows(db)
    .where(and(eq(employerRequests.employerId, employerId), eq(employerRequests.id, requestId)))
    .limit(1);
  return row;
}

/** The employer's newest request of an offer (the HR mail of an older server links the offer). */
export async function findEmployerRequestByOffer(db: Executor, employerId: string, offerId: string): Promise<EmployerRequestRow | undefined> {
  const [row] = await requestRows(db)
    .where(and(eq(employerRequests.employerId, employerId), eq(employerRequests.offerId, offerId)))
    .orderBy(desc(employerRequests.submittedAt), desc(employerRequests.id))
    .limit(1);
  return row;
}

/** How many requests wait for the employer (the navigation's count). */
export async function countWaitingRequests(db: Executor, employerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(employerRequests)
    .where(and(eq(employerRequests.employerId, employerId), isNull(employerRequests.closedAt)));
  return Number(row?.n ?? 0);
}

/** The employer and kept lease terms of the offer's newest approved request, if it has one. */
export async function approvedRequestOf(db: Executor, offerId: string): Promise<{ employerId: string; leaseTerms: LeaseTerms | null } | undefined> {
  const [row] = await db
    .select({ employerId: employerRequests.employerId, leaseTerms: employerRequests.leaseTerms })
    .from(employerRequests)
    .where(and(eq(employerRequests.offerId, offerId), eq(employerRequests.approved, true)))
    .orderBy(desc(employerRequests.decidedAt), desc(employerRequests.id))
    .limit(1);
  return row;
}
