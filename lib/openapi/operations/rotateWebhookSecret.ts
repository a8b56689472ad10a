import 'server-only';
import { webhookEndpointWithSecretEnvelopeSchema } from '@/lib/webhooks/response-schemas';
import { rotateSecretQuerySchema } from '@/lib/webhooks/schemas';
import { webhookEndpointExample } from '../examples-webhooks';
import { type OperationSpec, webhookIdParams, writeHeaders, NO_BODY } from './shared';

export const rotateWebhookSecret = {
  operationId: 'rotateWebhookSecret',
  method: 'post',
  path: '/v1/webhooks/{id}/rotate-secret',
  tag: 'Webhooks',
  summary: 'Rotate the signing secret',
  description:
    'A new signing secret, shown only in this answer. The previous one keeps signing beside it (a second `v1` in Spoke-Signature) for `keepPreviousHours`, so a receiver can switch without losing events.',
  scope: 'webhooks:write',
  pathParams: webhookIdParams,
  query: rotateSecretQuerySchema,
  success: {
    status: 200,
    description: 'The endpoint with its new secret.',
    schema: webhookEndpointWithSecretEnvelopeSchema,
    headers: writeHeaders,
    examples: { rotated: webhookEndpointExample },
  },
  errors: {
    ...NO_BODY,
    INVALID_PARAMETER: 'the id is not a UUID, or keepPreviousHours is out of range',
    NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment',
  },
} satisfies OperationSpec;
