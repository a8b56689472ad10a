import { readJsonBody } from '@/lib/api/body';
import { idParam } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { parseOrThrow } from '@/lib/api/validation';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { handoverBodySchema } from '@/lib/purchase-orders/contract/schemas';
import { handOver } from '@/lib/purchase-orders/use-cases/handover';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/{id}/handover — the bicycle handed over at the counter, confirmed with the pickup code
  POST: withApi(operations.handOverOffer, async (ctx) => {
    const id = idParam(ctx);
    const raw = await readJsonBody(ctx.req);
    const body = parseOrThrow(handoverBodySchema, raw);
    // With an Idempotency-Key a retry after a lost answer replays it (the code is used up by then).
    return idempotentWrite(ctx, { request: raw, offerId: id }, async () => ({
      status: 200,
      data: await handOver(ctx.principal, ctx.principal.actor, id, body, ctx.lang),
    }));
  }),
});
