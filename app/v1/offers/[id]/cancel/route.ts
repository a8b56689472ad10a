import { readCancelInput } from '@/lib/api/cancel-input';
import { idempotencyKeyOf } from '@/lib/api/idempotency-key';
import { idParam } from '@/lib/api/params';
import { jsonText } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { cancelOffer } from '@/lib/offers/use-cases/cancel-offer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/{id}/cancel — cancel the offer (final); its input in the query or the body
  POST: withApi(operations.cancelOffer, async (ctx) => {
    const id = idParam(ctx);
    const key = idempotencyKeyOf(ctx.req);
    const input = await readCancelInput(ctx);
    const result = await cancelOffer(ctx.principal, ctx.principal.actor, id, input, ctx.lang, { idempotencyKey: key });
    return jsonText(result.text, result.status, {
      'Cache-Control': 'no-store',
      ...(key ? { 'Spoke-Idempotent-Replayed': String(result.replayed) } : {}),
    });
  }),
});
