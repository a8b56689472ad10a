import { readJsonBody, refuseBody } from '@/lib/api/body';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { idParam } from '@/lib/api/params';
import { cacheableEnvelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/webhooks/endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/webhooks/{id} — one endpoint (without its secret)
  GET: withApi(operations.getWebhook, async (ctx) => cacheableEnvelope(ctx.req, await getWebhook(ctx.principal, idParam(ctx)), {})),

  // PATCH /v1/webhooks/{id} — change URL, events, description or active; fields left out stay
  PATCH: withApi(operations.updateWebhook, async (ctx) => {
    const id = idParam(ctx);
    const raw = await readJsonBody(ctx.req);
    return idempotentWrite(ctx, { request: raw }, async () => ({ status: 200, data: await updateWebhook(ctx.principal, id, raw) }));
  }),

  // DELETE /v1/webhooks/{id} — remove the endpoint with its deliveries (204)
  DELETE: withApi(operations.deleteWebhook, async (ctx) => {
    const id = idParam(ctx);
    await refuseBody(ctx.req, 'none');
    await deleteWebhook(ctx.principal, id);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  }),
});
