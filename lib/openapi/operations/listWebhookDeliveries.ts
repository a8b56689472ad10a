import 'server-only';
import { webhookDeliveryListSchema } from '@/lib/webhooks/response-schemas';
import { listDeliveriesQuerySchema } from '@/lib/webhooks/schemas';
import { webhookDeliveryListExample } from '../examples-webhooks';
import { type OperationSpec, webhookIdParams, writeHeaders } from './shared';

export const listWebhookDeliveries = {
  operationId: 'listWebhookDeliveries',
  method: 'get',
  path: '/v1/webhooks/{id}/deliveries',
  tag: 'Webhooks',
  summary: 'List deliveries',
  description: 'The endpoint’s recent deliveries, newest first.',
  scope: 'webhooks:read',
  pathParams: webhookIdParams,
  query: listDeliveriesQuerySchema,
  success: {
    status: 200,
    description: 'A page of deliveries.',
    schema: webhookDeliveryListSchema,
    headers: writeHeaders,
    examples: { delivered: webhookDeliveryListExample },
  },
  errors: {
    INVALID_PARAMETER: 'the id is not a UUID, or a parameter is out of range',
    NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment',
  },
} satisfies OperationSpec;
