import { idempotencyKeyOf } from '@/lib/api/idempotency-key';
import { parseQuery } from '@/lib/api/params';
import { readJsonBody } from '@/lib/api/body';
import { cacheableEnvelope, json } from '@/lib/api/respond';
import { withWarnings } from '@/lib/api/warnings';
import { route, withApi } from '@/lib/api/with-api';
import { registerDirectRoute } from '@/lib/api/direct-routes';
import { createOffer } from '@/lib/offers/create-offer';
import { listOffersFor } from '@/lib/offers/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers — the dealer's offers, filtered, sorted and paged
  GET: withApi('offers:read', async (ctx) => {
    const { data, meta } = await listOffersFor(ctx.principal, parseQuery(ctx, listOffersQuerySchema), ctx.lang);
    return cacheableEnvelope(ctx.req, data, meta);
  }),

  // POST /v1/offers — accept an offer for processing (202)
  POST: withApi('offers:write', async (ctx) => {
    const key = idempotencyKeyOf(ctx.req);
    const result = await createOffer(ctx.principal, await readJsonBody(ctx.req), ctx.lang, key);
    return json({ ...result.body, meta: withWarnings(result.body.meta) }, result.status, {
      Location: `/v1/offers/${result.body.data.id}`,
      'Cache-Control': 'no-store',
      ...(key ? { 'Spoke-Idempotent-Replayed': String(result.replayed) } : {}),
    });
  }),
});

// The server of `npm start` answers later GETs of the list with this handler directly (lib/api/direct-routes.ts).
registerDirectRoute('/v1/offers', GET);
