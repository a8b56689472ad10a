import 'server-only';
import { findOffer } from '@/db/repositories/offers';
import { insertDealerOrderNotifications } from '@/db/repositories/order-notifications';
import { decideInvoice, findInvoiceToCheck, latestInvoice, listSubmittedInvoices, type InvoiceToCheck } from '@/db/repositories/purchase-order-invoices';
import { findPurchaseOrder, updatePurchaseOrder } from '@/db/repositories/purchase-orders';
import type { Executor } from '@/db/client';
import type { StoredStatusEntry } from '@/db/schema';
import { getDb } from '@/lib/database';
import { berlinToday } from '@/lib/api/dates';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import { operatorActor, type Operator } from '@/lib/console/use-cases/operator';
import { consoleTranslator } from '@/lib/console/i18n';
import { invoiceRejectionTexts, type Text } from '@/lib/i18n/messages';
import type { InvoiceRejectionInput } from '@/lib/purchase-orders/contract/schemas';
import { totalCents, centsOf } from '@/lib/purchase-orders/rules/invoice';
import { FRAME_NUMBER_PATTERN } from '@/lib/purchase-orders/rules/handover';
import type { Environment } from '@/lib/shared/model';
import { assertOrderStep, recordOrderStep } from './order-steps';

// The operator's check of the dealers' invoices (the console's invoice queue): the invoices waiting,
// with what each is compared to, and the decision — approve (it waits for the next payout) or
// reject with reasons the dealer reads in its language (it corrects the invoice).

/** What the queue checks of an invoice; each true when it holds. */
export type InvoiceChecks = {
  /** The invoice's amount is the offer's total, to the cent. */
  amount: boolean;
  /** A frame number was recorded at the handover, in its form. */
  frameNumber: boolean;
  /** Approval ≤ handover ≤ invoice date. */
  dates: boolean;
};

export type InvoiceInQueue = InvoiceToCheck & { checks: InvoiceChecks; approvedOn: string };

function checksOf(row: InvoiceToCheck): InvoiceInQueue {
  const approvedOn = berlinToday(row.approvedAt);
  return {
    ...row,
    approvedOn,
    checks: {
      amount: centsOf(row.amountGross) === totalCents(row.totalPriceGross),
      frameNumber: !!row.frameNumber && FRAME_NUMBER_PATTERN.test(row.frameNumber),
      dates: !!row.handedOverOn && approvedOn <= row.handedOverOn && row.handedOverOn <= row.invoiceDate,
    },
  };
}

/** The invoices waiting for the operator's check, longest-waiting first (a page of them, and how many in all). */
export async function listInvoicesToCheck(
  filter: { environment?: Environment; dealerId?: string; page?: number; perPage?: number } = {},
): Promise<{ rows: InvoiceInQueue[]; total: number }> {
  const perPage = Math.min(Math.max(filter.perPage ?? 50, 1), 200);
  const page = Math.max(filter.page ?? 1, 1);
  const { rows, total } = await listSubmittedInvoices(getDb(), { environment: filter.environment ?? 'production', dealerId: filter.dealerId, limit: perPage, offset: (page - 1) * perPage });
  return { rows: rows.map(checksOf), total };
}

/** One invoice with its checks (any state), or null. */
export async function invoiceForCheck(invoiceId: string): Promise<(InvoiceInQueue & { status: string }) | null> {
  const row = await findInvoiceToCheck(getDb(), invoiceId);
  return row ? { ...checksOf(row), status: row.status } : null;
}

/** The decision on an order's newest invoice, in the caller's transaction (the operator's, the sandbox's). */
export type InvoiceDecision = { approve: true } | { approve: false; errors: StoredStatusEntry[]; codes: string[] };

/**
 * Decides the tenant's order's newest invoice in the caller's transaction, the order locked:
 * refused (409 INVOICE_NOT_OPEN) unless it is submitted (and, when `invoiceId` is given, that one).
 */
export async function decideInvoiceInTransaction(
  tx: Executor,
  tenant: Tenant,
  offerId: string,
  actor: Actor,
  decision: InvoiceDecision,
  options: { invoiceId?: string; decidedBy?: string; now?: Date } = {},
): Promise<void> {
  const offer = await findOffer(tx, tenant, offerId);
  if (!offer) notFound();
  const order = await findPurchaseOrder(tx, tenant, offerId, { lock: true });
  const invoice = await latestInvoice(tx, offerId, { lock: true });
  if (!invoice || (options.invoiceId && invoice.id !== options.invoiceId) || invoice.status !== 'submitted') {
    throw new ApiError('INVOICE_NOT_OPEN', { details: `invoice status: ${invoice && (!options.invoiceId || invoice.id === options.invoiceId) ? invoice.status : 'replaced'}` });
  }
  assertOrderStep(decision.approve ? 'approve_invoice' : 'reject_invoice', order);
  const decidedBy = options.decidedBy ?? actor.name ?? actor.id;
  const at = options.now ? { decidedAt: options.now } : {};
  if (decision.approve) {
    await decideInvoice(tx, invoice.id, { status: 'approved', decidedBy, ...at });
    await updatePurchaseOrder(tx, offerId, { status: 'approved' });
    await recordOrderStep(tx, offer, actor, 'invoice_approved', 'invoiced', 'approved', [], options.now);
    return;
  }
  await decideInvoice(tx, invoice.id, { status: 'rejected', decidedBy, errors: decision.errors, ...at });
  await updatePurchaseOrder(tx, offerId, { status: 'invoice_rejected' });
  await recordOrderStep(tx, offer, actor, 'invoice_rejected', 'invoiced', 'invoice_rejected', [{ field: 'order.invoice.errors', new: decision.codes.join(', ') }], options.now);
  await insertDealerOrderNotifications(tx, offerId, 'invoice_rejected');
}

async function ownerOfInvoice(invoiceId: string): Promise<{ tenant: Tenant; offerId: string }> {
  const found = await findInvoiceToCheck(getDb(), invoiceId);
  if (!found) notFound();
  return { tenant: { dealerId: found.dealerId, environment: found.environment }, offerId: found.offerId };
}

/** Approves a submitted invoice: the order becomes `approved` and waits for the next payout run. */
export async function approveInvoice(operator: Operator, invoiceId: string, options: { now?: Date } = {}): Promise<void> {
  const { tenant, offerId } = await ownerOfInvoice(invoiceId);
  await getDb().transaction((tx) => decideInvoiceInTransaction(tx, tenant, offerId, operatorActor(operator), { approve: true }, { invoiceId, decidedBy: operator.name, now: options.now }));
}

/** A rejection's reason as stored: the code's words, then the operator's own (marked with the language written in). */
export function rejectionEntry(reason: InvoiceRejectionInput['reasons'][number], lang: InvoiceRejectionInput['lang']): StoredStatusEntry {
  const codeText = invoiceRejectionTexts[reason.code];
  if (!reason.text) return { code: reason.code };
  // The operator's words as written, marked in the other language with the language they are in.
  const marked = (reader: 'de' | 'en') =>
    reader === lang ? reason.text! : consoleTranslator(reader)(lang === 'de' ? 'reasonWrittenInGerman' : 'reasonWrittenInEnglish', { text: reason.text! });
  const own: Text = { de: marked('de'), en: marked('en') };
  const joined = (l: 'de' | 'en') => `${codeText[l]} ${own[l]}`;
  return { code: reason.code, text: { de: joined('de'), en: joined('en') } };
}

/**
 * Rejects a submitted invoice with reasons (codes, each with optional words): the order becomes
 * `invoice_rejected`, the dealer's users are told (portal and mail, in their language), and the
 * dealer submits a corrected invoice (its number may be the rejected one's).
 */
export async function rejectInvoice(operator: Operator, invoiceId: string, input: InvoiceRejectionInput, options: { now?: Date } = {}): Promise<void> {
  const { tenant, offerId } = await ownerOfInvoice(invoiceId);
  const decision: InvoiceDecision = { approve: false, errors: input.reasons.map((r) => rejectionEntry(r, input.lang)), codes: input.reasons.map((r) => r.code) };
  await getDb().transaction((tx) => decideInvoiceInTransaction(tx, tenant, offerId, operatorActor(operator), decision, { invoiceId, decidedBy: operator.name, now: options.now }));
}
