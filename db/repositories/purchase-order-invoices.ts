import 'server-only';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, invoiceDocuments, offers, purchaseOrderInvoices, purchaseOrders, type StoredStatusEntry } from '../schema';
import type { Environment, InvoiceStatus, Tenant } from '@/lib/shared/model';

// The dealers' invoices of their orders and their PDFs (kept apart: lists never read the bytes).
// The newest invoice of an order is its invoice; a rejected one stays beside its correction.

export type InvoiceRow = typeof purchaseOrderInvoices.$inferSelect;

/** Whether the tenant already used `invoiceNumber` for an invoice that was not rejected. */
export async function invoiceNumberTaken(db: Executor, tenant: Tenant, invoiceNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchaseOrderInvoices.id })
    .from(purchaseOrderInvoices)
    .where(
      and(
        eq(purchaseOrderInvoices.dealerId, tenant.dealerId),
        eq(purchaseOrderInvoices.environment, tenant.environment),
        eq(purchaseOrderInvoices.invoiceNumber, invoiceNumber),
        ne(purchaseOrderInvoices.status, 'rejected'),
      ),
    )
    .limit(1);
  return !!row;
}

/** Writes an invoice and its document (the caller's transaction); its row. */
export async function insertInvoice(
  db: Executor,
  row: Pick<typeof purchaseOrderInvoices.$inferInsert, 'offerId' | 'dealerId' | 'environment' | 'invoiceNumber' | 'invoiceDate' | 'amountGross'> & { submittedAt?: Date },
  document: { content: Buffer; sha256: string },
): Promise<InvoiceRow> {
  const [invoice] = await db.insert(purchaseOrderInvoices).values(row).returning();
  await db.insert(invoiceDocuments).values({ invoiceId: invoice!.id, content: document.content, sizeBytes: document.content.byteLength, sha256: document.sha256 });
  return invoice!;
}

/** An order's newest invoice, optionally locked. */
export async function latestInvoice(db: Executor, offerId: string, options: { lock?: boolean } = {}): Promise<InvoiceRow | undefined> {
  const query = db
    .select()
    .from(purchaseOrderInvoices)
    .where(eq(purchaseOrderInvoices.offerId, offerId))
    .orderBy(desc(purchaseOrderInvoices.submittedAt), desc(purchaseOrderInvoices.id))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Every invoice of an order, oldest first (the order's timeline). */
export async function invoicesOf(db: Executor, offerId: string): Promise<InvoiceRow[]> {
  return db.select().from(purchaseOrderInvoices).where(eq(purchaseOrderInvoices.offerId, offerId)).orderBy(asc(purchaseOrderInvoices.submittedAt), asc(purchaseOrderInvoices.id));
}

/** Records the operator's decision on an invoice. */
export async function decideInvoice(db: Executor, id: string, decision: { status: InvoiceStatus; decidedBy: string; errors?: StoredStatusEntry[]; decidedAt?: Date }): Promise<void> {
  await db
    .update(purchaseOrderInvoices)
    .set({ status: decision.status, decidedBy: decision.decidedBy, decidedAt: decision.decidedAt ?? sql`now()`, errors: decision.errors ?? [] })
    .where(eq(purchaseOrderInvoices.id, id));
}

/** The PDF of the tenant's newest invoice of an offer, if there is one. */
export async function findInvoiceDocument(db: Executor, tenant: Tenant, offerId: string): Promise<{ invoiceNumber: string; content: Buffer } | undefined> {
  const [row] = await db
    .select({ invoiceNumber: purchaseOrderInvoices.invoiceNumber, content: invoiceDocuments.content })
    .from(purchaseOrderInvoices)
    .innerJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, purchaseOrderInvoices.id))
    .where(
      and(eq(purchaseOrderInvoices.offerId, offerId), eq(purchaseOrderInvoices.dealerId, tenant.dealerId), eq(purchaseOrderInvoices.environment, tenant.environment)),
    )
    .orderBy(desc(purchaseOrderInvoices.submittedAt), desc(purchaseOrderInvoices.id))
    .limit(1);
  return row;
}

/** An invoice in the operator's queue, with what the checks compare it to. */
export type InvoiceToCheck = {
  invoiceId: string;
  offerId: string;
  offerNumber: string;
  dealerId: string;
  dealerName: string;
  environment: Environment;
  invoiceNumber: string;
  invoiceDate: string;
  amountGross: string;
  submittedAt: Date;
  totalPriceGross: string;
  productBidexCode: string;
  productBrandName: string | null;
  productModelName: string | null;
  approvedAt: Date;
  handedOverOn: string | null;
  frameNumber: string | null;
  batterySerialNumber: string | null;
  leaseStart: string | null;
  leaseEnd: string | null;
};

const toCheckColumns = {
  invoiceId: purchaseOrderInvoices.id,
  offerId: purchaseOrderInvoices.offerId,
  offerNumber: offers.offerNumber,
  dealerId: purchaseOrderInvoices.dealerId,
  dealerName: dealers.name,
  environment: purchaseOrderInvoices.environment,
  invoiceNumber: purchaseOrderInvoices.invoiceNumber,
  invoiceDate: purchaseOrderInvoices.invoiceDate,
  amountGross: purchaseOrderInvoices.amountGross,
  submittedAt: purchaseOrderInvoices.submittedAt,
  totalPriceGross: offers.totalPriceGross,
  productBidexCode: offers.productBidexCode,
  productBrandName: offers.productBrandName,
  productModelName: offers.productModelName,
  approvedAt: purchaseOrders.createdAt,
  handedOverOn: purchaseOrders.handedOverOn,
  frameNumber: purchaseOrders.frameNumber,
  batterySerialNumber: purchaseOrders.batterySerialNumber,
  leaseStart: purchaseOrders.leaseStart,
  leaseEnd: purchaseOrders.leaseEnd,
};

/** The submitted invoices waiting for the operator's check, longest-waiting first, with the total count. */
export async function listSubmittedInvoices(
  db: Executor,
  filter: { environment?: Environment; dealerId?: string; limit: number; offset: number },
): Promise<{ rows: InvoiceToCheck[]; total: number }> {
  const where = and(
    eq(purchaseOrderInvoices.status, 'submitted'),
    ...(filter.environment ? [eq(purchaseOrderInvoices.environment, filter.environment)] : []),
    ...(filter.dealerId ? [eq(purchaseOrderInvoices.dealerId, filter.dealerId)] : []),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(toCheckColumns)
      .from(purchaseOrderInvoices)
      .innerJoin(purchaseOrders, eq(purchaseOrders.offerId, purchaseOrderInvoices.offerId))
      .innerJoin(offers, eq(offers.id, purchaseOrderInvoices.offerId))
      .innerJoin(dealers, eq(dealers.id, purchaseOrderInvoices.dealerId))
      .where(where)
      .orderBy(asc(purchaseOrderInvoices.submittedAt), asc(purchaseOrderInvoices.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(purchaseOrderInvoices).where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** One invoice with what its check compares it to (any state), if it exists. */
export async function findInvoiceToCheck(db: Executor, invoiceId: string): Promise<(InvoiceToCheck & { status: InvoiceStatus }) | undefined> {
  const [row] = await db
    .select({ ...toCheckColumns, status: purchaseOrderInvoices.status })
    .from(purchaseOrderInvoices)
    .innerJoin(purchaseOrders, eq(purchaseOrders.offerId, purchaseOrderInvoices.offerId))
    .innerJoin(offers, eq(offers.id, purchaseOrderInvoices.offerId))
    .innerJoin(dealers, eq(dealers.id, purchaseOrderInvoices.dealerId))
    .where(eq(purchaseOrderInvoices.id, invoiceId))
    .limit(1);
  return row;
}

/** The approved invoices of production (or the given environment), locked for a payout run. */
export async function lockApprovedInvoices(db: Executor, environment: Environment): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(purchaseOrderInvoices)
    .where(and(eq(purchaseOrderInvoices.status, 'approved'), eq(purchaseOrderInvoices.environment, environment)))
    .orderBy(asc(purchaseOrderInvoices.dealerId), asc(purchaseOrderInvoices.submittedAt))
    .for('update');
}

/** Marks invoices paid by a payout. */
export async function markInvoicesPaid(db: Executor, ids: readonly string[], payout: { id: string | null; paidOn: string; reference: string }): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(purchaseOrderInvoices)
    .set({ status: 'paid', payoutId: payout.id, paidOn: payout.paidOn, payoutReference: payout.reference })
    .where(inArray(purchaseOrderInvoices.id, [...ids]));
}

/** How many invoices the given offers' orders hold (the dealer's business records an erasure keeps). */
export async function countInvoicesOf(db: Executor, offerIds: readonly string[]): Promise<number> {
  if (offerIds.length === 0) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(purchaseOrderInvoices).where(inArray(purchaseOrderInvoices.offerId, [...offerIds]));
  return row?.n ?? 0;
}

/**
 * Deletes the PDFs of the given offers' invoices (an offer anonymised for good: the PDF may name the
 * person and cannot be scrubbed); the invoice rows — number, date, amount, payout — stay. The count.
 */
export async function deleteInvoiceDocumentsOf(db: Executor, offerIds: readonly string[]): Promise<number> {
  if (offerIds.length === 0) return 0;
  const rows = await db
    .delete(invoiceDocuments)
    .where(inArray(invoiceDocuments.invoiceId, db.select({ id: purchaseOrderInvoices.id }).from(purchaseOrderInvoices).where(inArray(purchaseOrderInvoices.offerId, [...offerIds]))))
    .returning({ id: invoiceDocuments.invoiceId });
  return rows.length;
}
