import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { offers, purchaseOrderInvoices, purchaseOrders } from '../schema';
import type { InvoiceStatus, LeaseTerms, PurchaseOrderStatus, Tenant } from '@/lib/shared/model';

// The dealer's purchase orders (db/schema/purchase-orders.ts): issued by the operator's approval,
// one per offer, every read scoped by dealer and environment (the operator's reads name the offer
// only). The invoices are in purchase-order-invoices.ts, the payout runs in payouts.ts.

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderInsert = typeof purchaseOrders.$inferInsert;

const tenantWhere = (t: Tenant) => and(eq(purchaseOrders.dealerId, t.dealerId), eq(purchaseOrders.environment, t.environment));

/** Writes the order the approval issues (in the approval's transaction). */
export async function insertPurchaseOrder(db: Executor, row: PurchaseOrderInsert): Promise<PurchaseOrderRow> {
  const [inserted] = await db.insert(purchaseOrders).values(row).returning();
  return inserted!;
}

/**
 * An order's change is a change of its offer's answer: the offer's `updatedAt` moves with it, and
 * with that the dealer's list version (its ETags) and the offer's change announcement (triggers).
 */
async function touchOffer(db: Executor, offerId: string): Promise<void> {
  await db.update(offers).set({ updatedAt: sql`now()` }).where(eq(offers.id, offerId));
}

/** The tenant's order of an offer, optionally locked for the rest of the transaction. */
export async function findPurchaseOrder(db: Executor, tenant: Tenant, offerId: string, options: { lock?: boolean } = {}): Promise<PurchaseOrderRow | undefined> {
  const query = db
    .select()
    .from(purchaseOrders)
    .where(and(tenantWhere(tenant), eq(purchaseOrders.offerId, offerId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The fields a step changes; `updatedAt` moves with every change. */
export type PurchaseOrderChange = Partial<
  Pick<
    PurchaseOrderInsert,
    | 'status'
    | 'pickupCodeHash'
    | 'sandboxPickupCode'
    | 'pickupCodeSentAt'
    | 'pickupCodeExpiresAt'
    | 'pickupCodeFailedAttempts'
    | 'handedOverOn'
    | 'handedOverAt'
    | 'frameNumber'
    | 'batterySerialNumber'
    | 'leaseStart'
    | 'leaseEnd'
    | 'cancelReason'
    | 'createdAt'
  >
>;

/** Changes an order (the caller holds its row locked). */
export async function updatePurchaseOrder(db: Executor, offerId: string, change: PurchaseOrderChange): Promise<void> {
  await db
    .update(purchaseOrders)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(purchaseOrders.offerId, offerId));
  await touchOffer(db, offerId);
}

/** Counts a wrong pickup code (the caller's transaction commits it even though the try fails); the count now. */
export async function countFailedPickupAttempt(db: Executor, offerId: string): Promise<number> {
  const [row] = await db
    .update(purchaseOrders)
    .set({ pickupCodeFailedAttempts: sql`${purchaseOrders.pickupCodeFailedAttempts} + 1`, updatedAt: sql`now()` })
    .where(eq(purchaseOrders.offerId, offerId))
    .returning({ attempts: purchaseOrders.pickupCodeFailedAttempts });
  return row?.attempts ?? 0;
}

/** An order's newest invoice as the offer's answer shows it. */
export type OrderInvoiceView = {
  id: string;
  invoiceNumber: string;
  invoiceDate: string;
  amountGross: string;
  status: InvoiceStatus;
  submittedAt: Date;
  decidedAt: Date | null;
  errors: { code: string; text?: { de: string; en: string } }[];
  paidOn: string | null;
  payoutReference: string | null;
};

export type OrderView = PurchaseOrderRow & { invoice: OrderInvoiceView | null };

/** What an offer's answer shows of its order and newest invoice (lib/purchase-orders/contract/serialize.ts). */
export type OrderAnswerSource = Pick<
  OrderView,
  'status' | 'environment' | 'pickupCodeSentAt' | 'sandboxPickupCode' | 'handedOverOn' | 'frameNumber' | 'batterySerialNumber' | 'leaseStart' | 'leaseEnd' | 'cancelReason'
> & {
  invoice: Pick<OrderInvoiceView, 'invoiceNumber' | 'invoiceDate' | 'amountGross' | 'status' | 'errors' | 'paidOn' | 'payoutReference'> | null;
};

const invoiceColumns = {
  id: purchaseOrderInvoices.id,
  offerId: purchaseOrderInvoices.offerId,
  invoiceNumber: purchaseOrderInvoices.invoiceNumber,
  invoiceDate: purchaseOrderInvoices.invoiceDate,
  amountGross: purchaseOrderInvoices.amountGross,
  status: purchaseOrderInvoices.status,
  submittedAt: purchaseOrderInvoices.submittedAt,
  decidedAt: purchaseOrderInvoices.decidedAt,
  errors: purchaseOrderInvoices.errors,
  paidOn: purchaseOrderInvoices.paidOn,
  payoutReference: purchaseOrderInvoices.payoutReference,
};

/** The orders of the given offers with each one's newest invoice, by offer id (two queries for any number). */
export async function ordersOf(db: Executor, offerIds: readonly string[]): Promise<Map<string, OrderView>> {
  const out = new Map<string, OrderView>();
  if (offerIds.length === 0) return out;
  const ids = [...offerIds];
  const [orders, invoices] = await Promise.all([
    db.select().from(purchaseOrders).where(inArray(purchaseOrders.offerId, ids)),
    db
      .selectDistinctOn([purchaseOrderInvoices.offerId], invoiceColumns)
      .from(purchaseOrderInvoices)
      .where(inArray(purchaseOrderInvoices.offerId, ids))
      .orderBy(purchaseOrderInvoices.offerId, desc(purchaseOrderInvoices.submittedAt), desc(purchaseOrderInvoices.id)),
  ]);
  const byOffer = new Map(invoices.map((i) => [i.offerId, i]));
  for (const o of orders) {
    const inv = byOffer.get(o.offerId);
    out.set(o.offerId, { ...o, invoice: inv ? { ...inv, status: inv.status as InvoiceStatus } : null });
  }
  return out;
}

/** The lease terms kept with an order, for the offers that have one. */
export async function orderLeaseTerms(db: Executor, offerIds: readonly string[]): Promise<Map<string, LeaseTerms>> {
  const out = new Map<string, LeaseTerms>();
  if (offerIds.length === 0) return out;
  const rows = await db
    .select({ offerId: purchaseOrders.offerId, leaseTerms: purchaseOrders.leaseTerms })
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.offerId, [...offerIds]));
  for (const r of rows) if (r.leaseTerms) out.set(r.offerId, r.leaseTerms);
  return out;
}

/** The owner of an offer's order (the operator's steps take the tenant from it), if it has one. */
export async function findOrderOwner(db: Executor, offerId: string): Promise<(Tenant & { status: PurchaseOrderStatus }) | undefined> {
  const [row] = await db
    .select({ dealerId: purchaseOrders.dealerId, environment: purchaseOrders.environment, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.offerId, offerId))
    .limit(1);
  return row;
}
