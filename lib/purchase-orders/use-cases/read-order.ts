import 'server-only';
import { listHistory } from '@/db/repositories/history';
import { findOffer } from '@/db/repositories/offers';
import { ordersOf } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { notFound } from '@/lib/api/errors';
import type { Tenant } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { serializeOrder } from '@/lib/purchase-orders/contract/serialize';
import type { OrderOut } from '@/lib/purchase-orders/contract/response-schemas';
import { listOffersFor, offerListRequest } from '@/lib/offers/use-cases/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/contract/schemas';
import { ORDER_FILTERS, orderStatusesOf, type OrderFilter } from '@/lib/purchase-orders/rules/order-states';

// The dealer's reads of its orders (the portal's order panel and lists): an offer's order with its
// timeline, and the offers filtered by their order's state.

/** The history actions of an order's steps: its timeline. */
export const ORDER_ACTIONS = [
  'order_issued',
  'pickup_code_issued',
  'handed_over',
  'invoice_submitted',
  'invoice_corrected',
  'invoice_approved',
  'invoice_rejected',
  'invoice_paid',
  'order_canceled',
] as const;

export type OrderTimelineEntry = {
  id: number;
  occurredAt: string;
  action: (typeof ORDER_ACTIONS)[number];
  actor: { type: string; id?: string; name?: string };
  changes: { field: string; old?: unknown; new?: unknown }[];
};

/** The tenant's offer's order as answered (`order` of the offer) and its timeline, oldest first; order null before done. */
export async function orderWithTimeline(tenant: Tenant, offerId: string, lang: Lang): Promise<{ order: OrderOut | null; timeline: OrderTimelineEntry[] }> {
  const db = getDb();
  const offer = await findOffer(db, tenant, offerId);
  if (!offer) notFound();
  const order = (await ordersOf(db, [offerId])).get(offerId);
  if (!order) return { order: null, timeline: [] };
  const { rows } = await listHistory(db, offerId, 1000, 0);
  const timeline = rows
    .filter((h) => (ORDER_ACTIONS as readonly string[]).includes(h.action))
    .reverse()
    .map((h) => ({
      id: h.id,
      occurredAt: h.occurredAt.toISOString(),
      action: h.action as OrderTimelineEntry['action'],
      actor: { type: h.actorType, ...(h.actorId ? { id: h.actorId } : {}), ...(h.actorName ? { name: h.actorName } : {}) },
      changes: h.changes,
    }));
  return { order: serializeOrder(order, lang), timeline };
}

/**
 * A page of the tenant's offers whose order is in the filter's state (the portal's lists: to hand
 * over, to invoice, invoice rejected, paid, …), newest status change first; as /v1/offers answers
 * them with `orderStatus`.
 */
export async function listOffersByOrderState(tenant: Tenant, filter: OrderFilter, lang: Lang, paging: { page?: number; perPage?: number; search?: string } = {}) {
  if (!ORDER_FILTERS.includes(filter)) notFound();
  const query = listOffersQuerySchema.parse({
    orderStatus: orderStatusesOf(filter).join(','),
    sortBy: 'statusChangedAt',
    order: 'desc',
    ...(paging.page ? { page: String(paging.page) } : {}),
    ...(paging.perPage ? { perPage: String(paging.perPage) } : {}),
    ...(paging.search ? { search: paging.search } : {}),
  });
  const { data, meta } = await listOffersFor(tenant, offerListRequest(query), lang);
  return { data, meta };
}
