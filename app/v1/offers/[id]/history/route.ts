import { idParam } from '@/lib/api/params';
import { cacheableEnvelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { offerHistoryFor } from '@/lib/offers/use-cases/read-offers';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/{id}/history — every change of the offer, newest first
  GET: withApi(operations.getOfferHistory, async (ctx) => {
    const id = idParam(ctx);
    const { page, perPage } = ctx.query();
    const { data, meta } = await offerHistoryFor(ctx.principal, id, page, perPage);
    return cacheableEnvelope(ctx.req, data, meta);
  }),
});
