import 'server-only';
import { z } from 'zod';
import { webhookDeliveryEnvelopeSchema } from '@/lib/webhooks/response-schemas';
import { baseHeaders, cacheControlHeader, deliveryParams, locationHeader, type OperationSpec, rateLimitHeaders, NO_BODY } from './shared';

export const resendWebhookDelivery = {
  operationId: 'resendWebhookDelivery',
  method: 'post',
  path: '/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
  tag: 'Webhooks',
  summary: 'Re-send a delivery',
  description: 'Sends the delivery’s event again (same event id and content) at the next processor run.',
  scope: 'webhooks:write',
  pathParams: deliveryParams,
  success: {
    status: 202,
    description: 'The new delivery, pending.',
    schema: webhookDeliveryEnvelopeSchema,
    headers: z.object({ ...baseHeaders, Location: locationHeader, 'Cache-Control': cacheControlHeader, ...rateLimitHeaders }),
  },
  errors: { ...NO_BODY, INVALID_PARAMETER: 'an id is not a UUID', NOT_FOUND: 'no such endpoint or delivery for the calling dealer in this environment' },
} satisfies OperationSpec;
