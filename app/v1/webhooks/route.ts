import { readJsonBody } from '@/lib/api/body';
import { parseQuery } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { cacheableEnvelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { pagingQuerySchema } from '@/lib/offers/contract/schemas';
import { createWebhook, listWebhooks } from '@/lib/webhooks/endpoints';
import { secretSealer } from '@/lib/webhooks/sealed-answer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/webhooks — the dealer's webhook endpoints in this environment (secrets are never listed)
  GET: withApi('webhooks:read', async (ctx) => {
    const { page, perPage } = parseQuery(ctx, pagingQuerySchema);
    const { data, meta } = await listWebhooks(ctx.principal, page, perPage);
    return cacheableEnvelope(ctx.req, data, meta);
  }),

  // POST /v1/webhooks — register an endpoint (201); the answer is the only one with its secret
  // With an Idempotency-Key, a retry gets the first answer, its secret included.
  POST: withApi('webhooks:write', async (ctx) => {
    const raw = await readJsonBody(ctx.req);
    const location = (data: unknown) => ({ Location: `/v1/webhooks/${(data as { id: string }).id}` });
    return idempotentWrite(ctx, { request: raw, headers: location, seal: secretSealer }, async () => ({
      status: 201,
      data: await createWebhook(ctx.principal, raw),
    }));
  }),
});
