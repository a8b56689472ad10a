import 'server-only';
import type { WebhookEventData } from '@/db/schema';
import { WEBHOOK_EVENT_TYPES, type PurchaseOrderStatus, type WebhookEventType } from '@/lib/shared/model';
import type { Lang } from '@/lib/i18n/messages';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';
import { renderStatus } from '@/lib/offers/contract/status';
import type { WebhookEvent } from './response-schemas';

// The events Spoke sends (docs/webhooks.md, "Events"): which change is which event, and the JSON
// an event is sent as.

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** A history entry as far as events care. */
export type ChangeEntry = { action: string; fromStatus?: string | null; toStatus?: string | null; changes?: readonly { field: string; old?: unknown; new?: unknown }[] | null };

/** The history field of a purchase order's status change (lib/purchase-orders/use-cases/order-steps.ts writes it). */
export const ORDER_STATUS_FIELD = 'order.status';

/** The event a history entry stands for: a creation, a change of status or of the order's status, or nothing. */
export function eventTypeOf(entry: ChangeEntry): WebhookEventType | null {
  if (entry.action === 'created') return 'offer.created';
  if (entry.changes?.some((c) => c.field === ORDER_STATUS_FIELD && c.old !== c.new)) return 'offer.order_changed';
  // A correction of the customer is its own event, also when it puts the offer back to pending.
  if (entry.action === 'customer_changed') return 'offer.customer_changed';
  if (entry.toStatus && entry.fromStatus !== entry.toStatus) return 'offer.status_changed';
  return null;
}

/** The JSON an event is sent as: the type of its schema (lib/webhooks/response-schemas.ts). */
export type { WebhookEvent };

/** The stored columns of a delivery that make up its event. */
export type StoredEvent = {
  eventId: string;
  eventType: string;
  offerId: string;
  environment: 'sandbox' | 'production';
  occurredAt: Date;
  data: WebhookEventData;
};

/**
 * The event as sent. Everything in it was fixed when the change happened; the status object is
 * rendered from the status entries stored then (English `message`, both languages in `translations`).
 */
export function eventPayload(stored: StoredEvent, lang: Lang = 'en'): WebhookEvent {
  const d = stored.data;
  return {
    id: stored.eventId,
    type: stored.eventType as WebhookEventType,
    occurredAt: stored.occurredAt.toISOString(),
    environment: stored.environment,
    data: {
      offerId: stored.offerId,
      externalOfferId: d.externalOfferId,
      offerNumber: d.offerNumber,
      ...(d.oldStatus ? { oldStatus: d.oldStatus as OfferStatus } : {}),
      newStatus: d.newStatus as OfferStatus,
      status: renderStatus(d.status as OfferStatus, d.errors, d.infos, lang),
      ...(d.order ? { order: { ...(d.order.oldStatus ? { oldStatus: d.order.oldStatus as PurchaseOrderStatus } : {}), newStatus: d.order.newStatus as PurchaseOrderStatus } } : {}),
    },
  };
}
