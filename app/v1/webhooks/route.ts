import { readJsonBody } from '@/lib/api/body';
import { parseQuery } from '@/lib/api/params';
import { cacheableEnvelope, envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { pagingQuerySchema } from '@/lib/offers/schemas';
import { createWebhook, listWebhooks } from '@/lib/webhooks/endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/webhooks — the dealer's webhook endpoints in this environment (secrets are never listed)
  GET: withApi('webhooks:read', async (ctx) => {
    const { page, perPage } = parseQuery(ctx, pagingQuerySchema);
    const { data, meta } = await listWebhooks(ctx.principal, page, perPage);
    return cacheableEnvelope(ctx.req, data, meta);
  }),

  // POST /v1/webhooks — register an endpoint (201); the answer is the only one with its secret
  POST: withApi('webhooks:write', async (ctx) => {
    const endpoint = await createWebhook(ctx.principal, await readJsonBody(ctx.req));
    return envelope(endpoint, {}, 201, { Location: `/v1/webhooks/${endpoint.id}`, 'Cache-Control': 'no-store' });
  }),
});
