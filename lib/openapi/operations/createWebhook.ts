import 'server-only';
import { z } from 'zod';
import { webhookEndpointWithSecretEnvelopeSchema } from '@/lib/webhooks/response-schemas';
import { createWebhookBodySchema } from '@/lib/webhooks/schemas';
import { createWebhookExample, webhookEndpointExample } from '../examples-webhooks';
import { baseHeaders, BODY_ERRORS, cacheControlHeader, locationHeader, type OperationSpec, rateLimitHeaders } from './shared';

export const createWebhook = {
  operationId: 'createWebhook',
  method: 'post',
  path: '/v1/webhooks',
  tag: 'Webhooks',
  summary: 'Register a webhook endpoint',
  description:
    'Registers an endpoint for offer events of the client’s environment. Spoke POSTs each event as JSON, signed in `Spoke-Signature` with the secret of this answer (the only time it is shown). In production the URL must be https and resolve to public addresses.',
  scope: 'webhooks:write',
  body: {
    schema: createWebhookBodySchema,
    description: 'The endpoint.',
    examples: { erp: { summary: 'Status changes to the dealer’s ERP', value: createWebhookExample } },
  },
  success: {
    status: 201,
    description: 'Registered; the answer carries the signing secret.',
    schema: webhookEndpointWithSecretEnvelopeSchema,
    headers: z.object({ ...baseHeaders, Location: locationHeader, 'Cache-Control': cacheControlHeader, ...rateLimitHeaders }),
    examples: { registered: webhookEndpointExample },
  },
  errors: {
    ...BODY_ERRORS,
    INVALID_PARAMETER: 'a field has the wrong type or value, or the URL is refused (not http(s), credentials in it, not https or not public in production)',
    CONFLICT: 'an endpoint with this URL is already registered (`webhookId` names it), or the environment has the maximum number of endpoints',
  },
} satisfies OperationSpec;
