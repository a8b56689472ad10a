import { refuseBody } from '@/lib/api/body';
import { idParam } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { sendCustomerLink } from '@/lib/orders/customer-link';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/{id}/customer-link — send the offer to its customer (a new link, mailed)
  POST: withApi(operations.sendCustomerLink, async (ctx) => {
    const id = idParam(ctx);
    await refuseBody(ctx.req, 'none');
    // With an Idempotency-Key a retry sends no second mail (which would end the first link).
    return idempotentWrite(ctx, { request: {}, offerId: id }, async () => ({
      status: 201,
      data: await sendCustomerLink(ctx.principal, ctx.principal.actor, id),
    }));
  }),
});
