import 'server-only';
import type { z } from 'zod';
import { sortedPageMeta } from '@/lib/api/page-meta';
import { eventPayload } from '@/lib/webhooks/events';
import type {
  webhookDeliveryDetailEnvelopeSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointWithSecretEnvelopeSchema,
} from '@/lib/webhooks/response-schemas';
import type { createWebhookBodySchema } from '@/lib/webhooks/schemas';
import { created, processed, REJECTED_ID, rejectedOffer } from './examples';

// The document's webhook examples, made as lib/openapi/examples.ts makes the offers': by the code
// that answers them, about the rejected offer of those examples.

// ---- Webhooks -----------------------------------------------------------------------------

const ENDPOINT_ID = '3c9b1f0e-6a2d-4b7e-8f15-2d4c6e8a0b13';
const DELIVERY_ID = 'a71e5c02-94b3-4d8f-b2c6-5e0f1a3b7d94';
const EVENT_ID = 'e4d2c6a8-1b3f-4a5c-9e7d-0f2b4c6d8e1a';

export const createWebhookExample = {
  url: 'https://erp.example.com/spoke/webhooks',
  events: ['offer.status_changed'],
  description: 'Radhaus ERP',
} satisfies z.input<typeof createWebhookBodySchema>;

const endpoint = {
  id: ENDPOINT_ID,
  url: createWebhookExample.url,
  description: createWebhookExample.description,
  events: ['offer.status_changed' as const],
  active: true,
  environment: 'sandbox' as const,
  createdAt: created.toISOString(),
  updatedAt: created.toISOString(),
  health: { state: 'healthy' as const, consecutiveFailures: 0 },
};

export const webhookEndpointExample = {
  summary: 'Registered; store the secret now',
  value: {
    data: { ...endpoint, secret: 'whsec_Jm3b0T2k8Qy6vXo1cN5rL9dF4hA7sW2eZ0uP6gK3iB8' },
    meta: {},
  } satisfies z.output<typeof webhookEndpointWithSecretEnvelopeSchema>,
};

export const webhookEndpointListExample = {
  summary: 'One endpoint',
  value: { data: [endpoint], meta: sortedPageMeta(1, 10, 1, 'createdAt', 'asc') } satisfies z.output<typeof webhookEndpointListSchema>,
};

/** The event of the rejection above, as Spoke POSTs it. */
export const webhookEvent = eventPayload({
  eventId: EVENT_ID,
  eventType: 'offer.status_changed',
  offerId: REJECTED_ID,
  environment: 'sandbox',
  occurredAt: processed,
  data: {
    externalOfferId: rejectedOffer.externalOfferId,
    offerNumber: rejectedOffer.offerNumber,
    oldStatus: 'pending',
    newStatus: 'rejected',
    status: 'rejected',
    errors: [
      { code: 'MISSING_PRODUCT_DATA', field: 'product.priceGross' },
      { code: 'ACCESSORY_NOT_LEASABLE', field: 'accessory[1].bidexCode', params: { code: '203010' } },
    ],
    infos: [],
  },
});

const delivered = new Date('2026-05-04T08:15:33.000Z');
const delivery = {
  id: DELIVERY_ID,
  eventId: EVENT_ID,
  eventType: 'offer.status_changed' as const,
  offerId: REJECTED_ID,
  offerNumber: rejectedOffer.offerNumber,
  status: 'delivered' as const,
  attempts: 1,
  createdAt: processed.toISOString(),
  lastAttemptAt: delivered.toISOString(),
  lastResponseStatus: 204,
  deliveredAt: delivered.toISOString(),
};

export const webhookDeliveryListExample = {
  summary: 'One delivered event',
  value: { data: [delivery], meta: sortedPageMeta(1, 10, 1, 'createdAt', 'desc') } satisfies z.output<typeof webhookDeliveryListSchema>,
};

export const webhookDeliveryDetailExample = {
  summary: 'Delivered at the first attempt',
  value: {
    data: {
      ...delivery,
      event: webhookEvent,
      attemptLog: [{ attempt: 1, url: endpoint.url, startedAt: delivered.toISOString(), durationMs: 84, responseStatus: 204 }],
    },
    meta: {},
  } satisfies z.output<typeof webhookDeliveryDetailEnvelopeSchema>,
};
