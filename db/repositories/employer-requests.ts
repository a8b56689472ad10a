import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { employerRequests } from '../schema';

// Employees' orders put to their employer (db/schema/orders.ts): opened when the order is
// submitted, decided once.

export async function openEmployerRequest(db: Executor, offerId: string, employerId: string): Promise<void> {
  await db.insert(employerRequests).values({ offerId, employerId });
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
