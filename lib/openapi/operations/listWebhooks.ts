import 'server-only';
import { pagingQuerySchema } from '@/lib/offers/contract/schemas';
import { webhookEndpointListSchema } from '@/lib/webhooks/response-schemas';
import { webhookEndpointListExample } from '../examples-webhooks';
import { type OperationSpec, readHeaders } from './shared';

export const listWebhooks = {
  operationId: 'listWebhooks',
  method: 'get',
  path: '/v1/webhooks',
  tag: 'Webhooks',
  summary: 'List webhook endpoints',
  description: 'The dealer’s webhook endpoints in the client’s environment (never with their secrets).',
  scope: 'webhooks:read',
  query: pagingQuerySchema,
  success: {
    status: 200,
    description: 'A page of endpoints.',
    schema: webhookEndpointListSchema,
    headers: readHeaders,
    examples: { one: webhookEndpointListExample },
  },
  cacheable: true,
  errors: { INVALID_PARAMETER: 'page or perPage is out of range' },
} satisfies OperationSpec;
