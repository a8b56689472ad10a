import 'server-only';
import { webhookDeliveryDetailEnvelopeSchema } from '@/lib/webhooks/response-schemas';
import { webhookDeliveryDetailExample } from '../examples-webhooks';
import { deliveryParams, type OperationSpec, writeHeaders } from './shared';

export const getWebhookDelivery = {
  operationId: 'getWebhookDelivery',
  method: 'get',
  path: '/v1/webhooks/{id}/deliveries/{deliveryId}',
  tag: 'Webhooks',
  summary: 'Get a delivery',
  description: 'One delivery with the event it sends (the body, as signed) and every attempt.',
  scope: 'webhooks:read',
  pathParams: deliveryParams,
  success: {
    status: 200,
    description: 'The delivery.',
    schema: webhookDeliveryDetailEnvelopeSchema,
    headers: writeHeaders,
    examples: { delivered: webhookDeliveryDetailExample },
  },
  errors: { INVALID_PARAMETER: 'an id is not a UUID', NOT_FOUND: 'no such endpoint or delivery for the calling dealer in this environment' },
} satisfies OperationSpec;
