import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, employerRequests, offers } from '../schema';
import type { LeaseTerms } from '@/lib/shared/model';
import { offerRecordColumns, type OfferRecord } from './offers';

// Employees' orders put to their employer (db/schema/orders.ts): opened when the order is
// submitted, decided once.

export async function openEmployerRequest(db: Executor, offerId: string, employerId: string): Promise<void> {
  await db.insert(employerRequests).values({ offerId, employerId });
}

/** Keeps the lease terms of the offer's open request (written in the submission's transaction). */
export async function keepRequestLeaseTerms(db: Executor, offerId: string, leaseTerms: LeaseTerms): Promise<void> {
  await db
    .update(employerRequests)
    .set({ leaseTerms })
    .where(and(eq(employerRequests.offerId, offerId), isNull(employerRequests.decidedAt)));
}

/** The lease terms kept with each given offer's latest request that kept them. */
export async function keptLeaseTerms(db: Executor, offerIds: readonly string[]): Promise<Map<string, LeaseTerms>> {
  const out = new Map<string, LeaseTerms>();
  if (offerIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([employerRequests.offerId], { offerId: employerRequests.offerId, leaseTerms: employerRequests.leaseTerms })
    .from(employerRequests)
    .where(and(inArray(employerRequests.offerId, [...offerIds]), isNotNull(employerRequests.leaseTerms)))
    .orderBy(employerRequests.offerId, desc(employerRequests.submittedAt), desc(employerRequests.id));
  for (const r of rows) if (r.leaseTerms) out.set(r.offerId, r.leaseTerms);
  return out;
}

/** The employer of the offer's open request, if it has one. */
export async function openRequestEmployer(db: Executor, offerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ employerId: employerRequests.employerId })
    .from(employerRequests)
    .where(and(eq(employerRequests.offerId, offerId), isNull(employerRequests.decidedAt)))
    .limit(1);
  return row?.employerId;
}

/** Decides the offer's open request (there is at most one). */
export async function decideEmployerRequest(
  db: Executor,
  offerId: string,
  decision: { approved: boolean; decidedBy: string; reason?: { de: string; en: string } },
): Promise<void> {
  await db
    .update(employerRequests)
    .set({ decidedAt: sql`now()`, approved: decision.approved, decidedBy: decision.decidedBy, reason: decision.reason ?? null })
    .where(and(eq(employerRequests.offerId, offerId), isNull(employerRequests.decidedAt)));
}

// ---- The employer's face: its requests, scoped by employer -----------------------------------

export type EmployerRequestRow = {
  requestId: string;
  submittedAt: Date;
  decidedAt: Date | null;
  approved: boolean | null;
  decidedBy: string | null;
  reason: { de: string; en: string } | null;
  /** The lease terms kept at submission (none on requests from before they were kept). */
  leaseTerms: LeaseTerms | null;
  dealerName: string;
  offer: OfferRecord;
};

const requestColumns = {
  requestId: employerRequests.id,
  submittedAt: employerRequests.submittedAt,
  decidedAt: employerRequests.decidedAt,
  approved: employerRequests.approved,
  decidedBy: employerRequests.decidedBy,
  reason: employerRequests.reason,
  leaseTerms: employerRequests.leaseTerms,
  dealerName: dealers.name,
  offer: offerRecordColumns,
};

function requestRows(db: Executor) {
  return db
    .select(requestColumns)
    .from(employerRequests)
    .innerJoin(offers, eq(offers.id, employerRequests.offerId))
    .innerJoin(dealers, eq(dealers.id, offers.dealerId));
}

/** The employer's requests waiting for its decision, oldest first. */
export async function listWaitingRequests(db: Executor, employerId: string, limit = 100): Promise<EmployerRequestRow[]> {
  return requestRows(db)
    .where(and(eq(employerRequests.employerId, employerId), isNull(employerRequests.decidedAt), eq(offers.status, 'employer_decision_pending')))
    .orderBy(asc(employerRequests.submittedAt), asc(employerRequests.id))
    .limit(limit);
}

/** The employer's decided requests, newest decision first, with the total. */
export async function listDecidedRequests(
  db: Executor,
  employerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: EmployerRequestRow[]; total: number }> {
  const where = and(eq(employerRequests.employerId, employerId), isNotNull(employerRequests.decidedAt));
  const [rows, [count]] = await Promise.all([
    requestRows(db).where(where).orderBy(desc(employerRequests.decidedAt), desc(employerRequests.id)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(employerRequests).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The employer's latest request of an offer (undefined for an offer it never got). */
export async function findEmployerRequest(db: Executor, employerId: string, offerId: string): Promise<EmployerRequestRow | undefined> {
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
    .innerJoin(offers, eq(offers.id, employerRequests.offerId))
    .where(and(eq(employerRequests.employerId, employerId), isNull(employerRequests.decidedAt), eq(offers.status, 'employer_decision_pending')));
  return Number(row?.n ?? 0);
}
