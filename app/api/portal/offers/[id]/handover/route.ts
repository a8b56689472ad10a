import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { handOver } from '@/lib/purchase-orders/use-cases/handover';
import { handoverBodySchema } from '@/lib/purchase-orders/contract/schemas';
import { ok, portalBody, portalParam, withPortal } from '@/lib/portal/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/portal/offers/{id}/handover — the counter's handover form: the use case of
  // POST /v1/offers/{id}/handover for the signed-in dealer user; 200 with the offer.
  POST: withPortal(async (ctx) => {
    const id = portalParam(ctx, 'id', z.uuid('uuid'));
    const body = await portalBody(ctx, handoverBodySchema);
    const tenant = { dealerId: ctx.dealerId, environment: ctx.scope.environment };
    return ok(await handOver(tenant, { type: 'user', id: ctx.user.id, name: ctx.user.name }, id, body, ctx.lang));
  }),
});
