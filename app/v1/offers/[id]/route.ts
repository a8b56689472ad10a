import { readJsonBody } from '@/lib/api/body';
import { idempotencyKeyOf } from '@/lib/api/idempotency-key';
import { idParam } from '@/lib/api/params';
import { cacheableEnvelope, jsonText } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { offerDocument, pdfAnswer, prefersPdf } from '@/lib/documents/offer-document';
import { getOffer, parseFields } from '@/lib/offers/use-cases/read-offers';
import { updateOffer } from '@/lib/offers/use-cases/update-offer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/{id} — the offer as last processed, with its status object
  GET: withApi(operations.getOffer, async (ctx) => {
    const id = idParam(ctx);
    const { fields } = ctx.query();
    // Accept: application/pdf → the offer document (same scope and tenant rule).
    if (prefersPdf(ctx.req.headers.get('accept'))) return pdfAnswer(ctx.req, await offerDocument(ctx.principal, id, ctx.lang));
    return cacheableEnvelope(ctx.req, await getOffer(ctx.principal, id, ctx.lang, parseFields(fields)), {});
  }),

  // PUT /v1/offers/{id} — replace the offer's data and resubmit it (202)
  PUT: withApi(operations.updateOffer, async (ctx) => {
    const id = idParam(ctx);
    const key = idempotencyKeyOf(ctx.req);
    const result = await updateOffer(ctx.principal, id, await readJsonBody(ctx.req), ctx.lang, key);
    return jsonText(result.text, result.status, {
      'Cache-Control': 'no-store',
      ...(key ? { 'Spoke-Idempotent-Replayed': String(result.replayed) } : {}),
    });
  }),
}, {
  DELETE: 'An offer is not deleted: cancel it with POST /v1/offers/{id}/cancel (final; its externalOfferId becomes free).',
});
