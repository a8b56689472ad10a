import 'server-only';
import { type OperationSpec, webhookIdParams, writeHeaders, NO_BODY } from './shared';

export const deleteWebhook = {
  operationId: 'deleteWebhook',
  method: 'delete',
  path: '/v1/webhooks/{id}',
  tag: 'Webhooks',
  summary: 'Delete a webhook endpoint',
  description: 'Removes the endpoint with its deliveries.',
  scope: 'webhooks:write',
  pathParams: webhookIdParams,
  success: { status: 204, description: 'Deleted.', headers: writeHeaders },
  errors: { ...NO_BODY, INVALID_PARAMETER: 'the id is not a UUID', NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment' },
} satisfies OperationSpec;
