import 'server-only';
import type { Executor } from '@/db/client';
import { findOffer } from '@/db/repositories/offers';
import { insertDealerOrderNotifications } from '@/db/repositories/order-notifications';
import { lockApprovedInvoices, markInvoicesPaid } from '@/db/repositories/purchase-order-invoices';
import { countPayoutsWithPrefix, findPayout, insertPayout, listPayouts, payoutLines, type PayoutLine, type PayoutRow } from '@/db/repositories/payouts';
import { findPurchaseOrder, updatePurchaseOrder } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { berlinToday } from '@/lib/api/dates';
import { notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import { operatorActor, type Operator } from '@/lib/console/use-cases/operator';
import type { Environment } from '@/lib/shared/model';
import { assertOrderStep, recordOrderStep } from './order-steps';

// The operator's payout run: every approved invoice is paid at once — marked `paid` with the
// payout's date and reference, its order `paid`, its dealer told. The run's lines are the payout
// list (CSV and Excel: payout-export.ts).

export type Payout = PayoutRow & { lines: PayoutLine[]; totalGross: number };

/**
 * Marks the tenant's approved order paid in the caller's transaction (the payout run's step for
 * each invoice, and the sandbox's `paid`): the invoice carries the date and reference.
 */
export async function payOrderInTransaction(
  tx: Executor,
  tenant: Tenant,
  offerId: string,
  actor: Actor,
  payment: { invoiceId: string; paidOn: string; reference: string; payoutId?: string },
  now?: Date,
): Promise<void> {
  const offer = await findOffer(tx, tenant, offerId);
  if (!offer) notFound();
  const order = await findPurchaseOrder(tx, tenant, offerId, { lock: true });
  assertOrderStep('pay', order);
  await markInvoicesPaid(tx, [payment.invoiceId], { id: payment.payoutId ?? null, paidOn: payment.paidOn, reference: payment.reference });
  await updatePurchaseOrder(tx, offerId, { status: 'paid' });
  await recordOrderStep(
    tx,
    offer,
    actor,
    'invoice_paid',
    'approved',
    'paid',
    [
      { field: 'order.invoice.paidOn', new: payment.paidOn },
      { field: 'order.invoice.payoutReference', new: payment.reference },
    ],
    now,
  );
  await insertDealerOrderNotifications(tx, offerId, 'order_paid');
}

/** The payout's reference: `SPK-PAY-<year>-<4-digit number of the year>`. */
async function nextReference(tx: Executor, paidOn: string): Promise<string> {
  const prefix = `SPK-PAY-${paidOn.slice(0, 4)}-`;
  return `${prefix}${String((await countPayoutsWithPrefix(tx, prefix)) + 1).padStart(4, '0')}`;
}

/**
 * Pays every approved production invoice (or the given environment's) in one transaction: one
 * payout with today's date (Berlin) and the year's next reference. Null when nothing waits.
 */
export async function runPayout(operator: Operator, options: { environment?: Environment; now?: Date } = {}): Promise<Payout | null> {
  const now = options.now ?? new Date();
  const environment = options.environment ?? 'production';
  const id = await getDb().transaction(async (tx) => {
    const invoices = await lockApprovedInvoices(tx, environment);
    if (invoices.length === 0) return null;
    const paidOn = berlinToday(now);
    const payout = await insertPayout(tx, { paidOn, reference: await nextReference(tx, paidOn), createdBy: operator.name, ...(options.now ? { createdAt: options.now } : {}) });
    for (const inv of invoices) {
      await payOrderInTransaction(tx, { dealerId: inv.dealerId, environment: inv.environment }, inv.offerId, operatorActor(operator), {
        invoiceId: inv.id,
        paidOn,
        reference: payout.reference,
        payoutId: payout.id,
      }, options.now);
    }
    return payout.id;
  });
  return id ? payoutById(id) : null;
}

/** A payout with its lines, or null. */
export async function payoutById(id: string): Promise<Payout | null> {
  const payout = await findPayout(getDb(), id);
  if (!payout) return null;
  const lines = await payoutLines(getDb(), id);
  return { ...payout, lines, totalGross: lines.reduce((sum, l) => sum + Math.round(Number(l.amountGross) * 100), 0) / 100 };
}

/** The payout runs, newest first, with their number of invoices and their sum. */
export async function listPayoutRuns(page = 1, perPage = 50) {
  return listPayouts(getDb(), perPage, (Math.max(page, 1) - 1) * perPage);
}
