import 'server-only';
import { webhookTestResultEnvelopeSchema } from '@/lib/webhooks/response-schemas';
import { type OperationSpec, webhookIdParams, writeHeaders, NO_BODY } from './shared';

export const testWebhook = {
  operationId: 'testWebhook',
  method: 'post',
  path: '/v1/webhooks/{id}/test',
  tag: 'Webhooks',
  summary: 'Send a test event',
  description:
    'Sends a signed `ping` event to the endpoint now (active or paused), with the same signature, headers, URL rules and 5-second deadline as every event, and answers what happened: `delivered` (a 2xx answer), the status, or why the endpoint could not be reached. Not retried, not kept as a delivery. In the sandbox, a receiver on your own machine (`http://localhost:…`, `http://127.0.0.1:…`) is allowed where the operator allows it (WEBHOOK_SANDBOX_LOCAL; docs/webhooks.md, "Try it on your laptop").',
  scope: 'webhooks:write',
  pathParams: webhookIdParams,
  success: {
    status: 200,
    description: 'The test was sent; `delivered` says whether the endpoint accepted it.',
    schema: webhookTestResultEnvelopeSchema,
    headers: writeHeaders,
  },
  errors: {
    ...NO_BODY,
    INVALID_PARAMETER: 'the id is not a UUID',
    NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment',
  },
} satisfies OperationSpec;
