import { idParam, parseQuery } from '@/lib/api/params';
import { cacheableEnvelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { offerHistoryFor } from '@/lib/offers/use-cases/read-offers';
import { pagingQuerySchema } from '@/lib/offers/contract/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/{id}/history — every change of the offer, newest first
  GET: withApi('offers:read', async (ctx) => {
    const id = idParam(ctx);
    const { page, perPage } = parseQuery(ctx, pagingQuerySchema);
    const { data, meta } = await offerHistoryFor(ctx.principal, id, page, perPage);
    return cacheableEnvelope(ctx.req, data, meta);
  }),
});
