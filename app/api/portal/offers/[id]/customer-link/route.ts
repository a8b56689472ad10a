import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { customerLinkState, sendCustomerLink } from '@/lib/orders/customer-link';
import { ok, portalParam, withPortal } from '@/lib/portal/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/portal/offers/{id}/customer-link — the newest link sent for the dealer's offer (to
  // whom, when, until when, whether it still opens the offer; never the link), or null: the
  // offer page's next step
  GET: withPortal(async (ctx) => {
    const id = portalParam(ctx, 'id', z.uuid('uuid'));
    return ok(await customerLinkState({ dealerId: ctx.dealerId, environment: ctx.scope.environment }, id));
  }),
  // POST /api/portal/offers/{id}/customer-link — the portal's "Send to customer": a new link to the
  // offer, mailed to a production offer's customer (the link never in the answer), given to the
  // dealer for a sandbox offer (the use case of POST /v1/offers/{id}/customer-link)
  POST: withPortal(async (ctx) => {
    const id = portalParam(ctx, 'id', z.uuid('uuid'));
    const tenant = { dealerId: ctx.dealerId, environment: ctx.scope.environment };
    const sent = await sendCustomerLink(tenant, { type: 'user', id: ctx.user.id, name: ctx.user.name }, id);
    return ok(sent, 201);
  }),
});
