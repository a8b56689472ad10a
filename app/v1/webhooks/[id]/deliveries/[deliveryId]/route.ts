import { idParam } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { parseOrThrow } from '@/lib/api/validation';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { getWebhookDelivery } from '@/lib/webhooks/endpoints';
import { deliveryIdParamSchema } from '@/lib/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/webhooks/{id}/deliveries/{deliveryId} — one delivery, its event and every attempt
  GET: withApi(operations.getWebhookDelivery, async (ctx) => {
    const id = idParam(ctx);
    const deliveryId = parseOrThrow(deliveryIdParamSchema, ctx.params.deliveryId, 'deliveryId');
    return envelope(await getWebhookDelivery(ctx.principal, id, deliveryId), {}, 200, { 'Cache-Control': 'no-store' });
  }),
});
