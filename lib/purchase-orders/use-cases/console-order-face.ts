import 'server-only';
import { findOrderOwner } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { notFound } from '@/lib/api/errors';
import type { Lang } from '@/lib/i18n/messages';
import { invoiceForCheck, listInvoicesToCheck } from './operator-invoices';
import { orderWithTimeline } from './read-order';

// The operator's reads of an order (the console's offer page, the invoice check): the order of any
// dealer's offer with its timeline, and the owner of an invoice (whose PDF the check shows).

/** The offer's order and timeline whoever its dealer is; `order` null when the offer has none. */
export async function orderForOperator(offerId: string, lang: Lang) {
  const owner = await findOrderOwner(getDb(), offerId);
  if (!owner) return { order: null, timeline: [] };
  return orderWithTimeline({ dealerId: owner.dealerId, environment: owner.environment }, offerId, lang);
}

/** The tenant and offer of an invoice (any state); 404 when there is none. */
export async function invoiceOwner(invoiceId: string) {
  const invoice = await invoiceForCheck(invoiceId);
  if (!invoice) notFound();
  return { tenant: { dealerId: invoice.dealerId, environment: invoice.environment }, offerId: invoice.offerId };
}

/** How many production invoices wait for the operator's check (the console navigation's count). */
export async function countInvoicesToCheck(): Promise<number> {
  return (await listInvoicesToCheck({ environment: 'production', perPage: 1 })).total;
}
