import 'server-only';
import { webhookEndpointEnvelopeSchema } from '@/lib/webhooks/response-schemas';
import { type OperationSpec, readHeaders, webhookIdParams } from './shared';

export const getWebhook = {
  operationId: 'getWebhook',
  method: 'get',
  path: '/v1/webhooks/{id}',
  tag: 'Webhooks',
  summary: 'Get a webhook endpoint',
  description: 'One endpoint, without its secret.',
  scope: 'webhooks:read',
  pathParams: webhookIdParams,
  success: { status: 200, description: 'The endpoint.', schema: webhookEndpointEnvelopeSchema, headers: readHeaders },
  cacheable: true,
  errors: { INVALID_PARAMETER: 'the id is not a UUID', NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment' },
} satisfies OperationSpec;
