import { refuseBody } from '@/lib/api/body';
import { idParam } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { parseOrThrow } from '@/lib/api/validation';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { resendWebhookDelivery } from '@/lib/webhooks/endpoints';
import { deliveryIdParamSchema } from '@/lib/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend — send the event again (202)
  POST: withApi(operations.resendWebhookDelivery, async (ctx) => {
    const id = idParam(ctx);
    const deliveryId = parseOrThrow(deliveryIdParamSchema, ctx.params.deliveryId, 'deliveryId');
    await refuseBody(ctx.req, 'none');
    const location = (data: unknown) => ({ Location: `/v1/webhooks/${id}/deliveries/${(data as { id: string }).id}` });
    // With an Idempotency-Key a retry sends nothing again: it gets the first resend's answer.
    return idempotentWrite(ctx, { request: {}, headers: location }, async () => ({
      status: 202,
      data: await resendWebhookDelivery(ctx.principal, id, deliveryId),
    }));
  }),
});
