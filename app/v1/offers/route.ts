import { idempotencyKeyOf } from '@/lib/api/idempotency-key';
import { readJsonBody } from '@/lib/api/body';
import { cacheableEnvelope, jsonText, matchesEtag, notModified } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { createOffer } from '@/lib/offers/use-cases/create-offer';
import { listOffersFor, offerListRequest, offerListTag } from '@/lib/offers/use-cases/read-offers';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers — the dealer's offers, filtered, sorted and paged
  GET: withApi(operations.listOffers, async (ctx) => {
    const list = offerListRequest(ctx.query());
    if (ctx.req.headers.has('if-none-match')) {
      const current = await offerListTag(ctx.principal, list, ctx.lang);
      if (matchesEtag(ctx.req, current)) return notModified(current);
    }
    const { data, meta, etag } = await listOffersFor(ctx.principal, list, ctx.lang);
    return cacheableEnvelope(ctx.req, data, meta, {}, etag);
  }),

  // POST /v1/offers — accept an offer for processing (202)
  POST: withApi(operations.createOffer, async (ctx) => {
    const key = idempotencyKeyOf(ctx.req);
    const result = await createOffer(ctx.principal, await readJsonBody(ctx.req), ctx.lang, key);
    return jsonText(result.text, result.status, {
      Location: `/v1/offers/${result.body.data.id}`,
      'Cache-Control': 'no-store',
      ...(key ? { 'Spoke-Idempotent-Replayed': String(result.replayed) } : {}),
    });
  }),
});
