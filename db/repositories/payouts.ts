import 'server-only';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, offers, payouts, purchaseOrderInvoices } from '../schema';

// The operator's payout runs: each pays the approved invoices it took (they carry its id, date and
// reference); its lines are those invoices, by dealer.

export type PayoutRow = typeof payouts.$inferSelect;

export async function insertPayout(db: Executor, row: { paidOn: string; reference: string; createdBy: string; createdAt?: Date }): Promise<PayoutRow> {
  const [inserted] = await db.insert(payouts).values(row).returning();
  return inserted!;
}

/** The next number of the year's payouts (`…-0001` for the first), from the references written. */
export async function countPayoutsWithPrefix(db: Executor, prefix: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(sql`${payouts.reference} like ${`${prefix}%`}`);
  return Number(row?.n ?? 0);
}

export type PayoutLine = {
  invoiceId: string;
  offerId: string;
  offerNumber: string;
  dealerId: string;
  dealerName: string;
  invoiceNumber: string;
  invoiceDate: string;
  amountGross: string;
  paidOn: string;
  reference: string;
};

/** A payout's lines, by dealer and invoice number. */
export async function payoutLines(db: Executor, payoutId: string): Promise<PayoutLine[]> {
  const rows = await db
    .select({
      invoiceId: purchaseOrderInvoices.id,
      offerId: purchaseOrderInvoices.offerId,
      offerNumber: offers.offerNumber,
      dealerId: purchaseOrderInvoices.dealerId,
      dealerName: dealers.name,
      invoiceNumber: purchaseOrderInvoices.invoiceNumber,
      invoiceDate: purchaseOrderInvoices.invoiceDate,
      amountGross: purchaseOrderInvoices.amountGross,
      paidOn: payouts.paidOn,
      reference: payouts.reference,
    })
    .from(purchaseOrderInvoices)
    .innerJoin(payouts, eq(payouts.id, purchaseOrderInvoices.payoutId))
    .innerJoin(offers, eq(offers.id, purchaseOrderInvoices.offerId))
    .innerJoin(dealers, eq(dealers.id, purchaseOrderInvoices.dealerId))
    .where(eq(purchaseOrderInvoices.payoutId, payoutId))
    .orderBy(asc(dealers.name), asc(purchaseOrderInvoices.invoiceNumber));
  return rows;
}

export async function findPayout(db: Executor, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  return row;
}

/** The payout runs, newest first, with their number of invoices and sum. */
export async function listPayouts(db: Executor, limit = 50, offset = 0) {
  return db
    .select({
      id: payouts.id,
      paidOn: payouts.paidOn,
      reference: payouts.reference,
      createdAt: payouts.createdAt,
      createdBy: payouts.createdBy,
      invoices: sql<number>`(select count(*)::int from ${purchaseOrderInvoices} i where i.payout_id = ${payouts.id})`,
      amountGross: sql<string>`(select coalesce(sum(i.amount_gross), 0)::text from ${purchaseOrderInvoices} i where i.payout_id = ${payouts.id})`,
    })
    .from(payouts)
    .orderBy(desc(payouts.createdAt))
    .limit(limit)
    .offset(offset);
}
