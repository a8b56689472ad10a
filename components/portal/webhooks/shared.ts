import { type WebhookDeliveryStatus, type WebhookEventType } from '@/lib/portal/browser/api';
import { apiErrorText } from '@/lib/api-client/browser/call';
import type { TextKey } from '@/lib/portal/i18n';
import { usePortal } from '../providers';

// What the webhook screens share: the event and delivery-status labels, the error text of a failed
// request, and an endpoint's secret as shown once.

export const EVENTS: { type: WebhookEventType; label: TextKey }[] = [
  { type: 'offer.created', label: 'webhookEventCreated' },
  { type: 'offer.status_changed', label: 'webhookEventStatusChanged' },
  { type: 'offer.customer_changed', label: 'webhookEventCustomerChanged' },
];
export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, TextKey> = {
  pending: 'deliveryStatusPending',
  delivered: 'deliveryStatusDelivered',
  failed: 'deliveryStatusFailed',
};
export const DELIVERIES_SHOWN = 10;

export function useErrorText() {
  const { words } = usePortal();
  return (err: unknown) => apiErrorText(err, words);
}

export type Revealed = { url: string; secret: string; previousSecretExpiresAt?: string };
