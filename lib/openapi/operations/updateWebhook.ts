import 'server-only';
import { webhookEndpointEnvelopeSchema } from '@/lib/webhooks/response-schemas';
import { updateWebhookBodySchema } from '@/lib/webhooks/schemas';
import { BODY_ERRORS, type OperationSpec, webhookIdParams, writeHeaders } from './shared';

export const updateWebhook = {
  operationId: 'updateWebhook',
  method: 'patch',
  path: '/v1/webhooks/{id}',
  tag: 'Webhooks',
  summary: 'Change a webhook endpoint',
  description: 'Changes URL, events, description or active; fields left out stay as they are.',
  scope: 'webhooks:write',
  pathParams: webhookIdParams,
  body: { schema: updateWebhookBodySchema, description: 'The fields to change.', examples: { pause: { summary: 'Pause deliveries', value: { active: false } } } },
  success: { status: 200, description: 'The changed endpoint.', schema: webhookEndpointEnvelopeSchema, headers: writeHeaders },
  errors: {
    ...BODY_ERRORS,
    INVALID_PARAMETER: 'the id is not a UUID, a field has the wrong type or value, or the URL is refused',
    NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment',
    CONFLICT: 'another endpoint has this URL (`webhookId` names it)',
  },
} satisfies OperationSpec;
