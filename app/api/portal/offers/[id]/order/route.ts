import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { orderWithTimeline } from '@/lib/purchase-orders/use-cases/read-order';
import { ok, portalParam, withPortal } from '@/lib/portal/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/portal/offers/{id}/order — the offer's purchase order (as the offer's `order`) and its
  // timeline, oldest first, for the offer page's order panel; `order` null before the approval.
  GET: withPortal(async (ctx) => {
    const id = portalParam(ctx, 'id', z.uuid('uuid'));
    const tenant = { dealerId: ctx.dealerId, environment: ctx.scope.environment };
    return ok(await orderWithTimeline(tenant, id, ctx.lang));
  }),
});
