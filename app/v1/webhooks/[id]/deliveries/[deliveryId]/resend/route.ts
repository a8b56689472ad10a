import { refuseBody } from '@/lib/api/body';
import { idParam } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { parseOrThrow } from '@/lib/api/validation';
import { route, withApi } from '@/lib/api/with-api';
import { resendWebhookDelivery } from '@/lib/webhooks/endpoints';
import { deliveryIdParamSchema } from '@/lib/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend — send the event again (202)
  POST: withApi('webhooks:write', async (ctx) => {
    const id = idParam(ctx);
    const deliveryId = parseOrThrow(deliveryIdParamSchema, ctx.params.deliveryId, 'deliveryId');
    await refuseBody(ctx.req, 'none');
    const delivery = await resendWebhookDelivery(ctx.principal, id, deliveryId);
    return envelope(delivery, {}, 202, { Location: `/v1/webhooks/${id}/deliveries/${delivery.id}`, 'Cache-Control': 'no-store' });
  }),
});
