import { refuseBody } from '@/lib/api/body';
import { idParam } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { advanceSandboxOffer } from '@/lib/offers/use-cases/transition-offer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/sandbox/offers/{id}/advance — take the next lifecycle step in the sandbox
  POST: withApi(operations.advanceSandboxOffer, async (ctx) => {
    const id = idParam(ctx);
    const { to } = ctx.query();
    await refuseBody(ctx.req, 'to');
    // With an Idempotency-Key a retry takes no second step.
    return idempotentWrite(ctx, { request: { to }, offerId: id }, async () => ({
      status: 200,
      data: await advanceSandboxOffer(ctx.principal, id, to, ctx.lang),
    }));
  }),
});
