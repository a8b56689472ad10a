import { idParam } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { listWebhookDeliveries } from '@/lib/webhooks/endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/webhooks/{id}/deliveries[?status=&page=&perPage=] — recent deliveries, newest first
  GET: withApi(operations.listWebhookDeliveries, async (ctx) => {
    const id = idParam(ctx);
    const q = ctx.query();
    const { data, meta } = await listWebhookDeliveries(ctx.principal, id, q.page, q.perPage, q.status);
    return envelope(data, meta, 200, { 'Cache-Control': 'no-store' });
  }),
});
