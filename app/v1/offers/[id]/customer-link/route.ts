import { idParam } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { sendCustomerLink } from '@/lib/orders/customer-link';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/{id}/customer-link — send the offer to its customer (a new link, mailed)
  POST: withApi('offers:write', async (ctx) => {
    const id = idParam(ctx);
    const sent = await sendCustomerLink(ctx.principal, ctx.principal.actor, id);
    return envelope(sent, {}, 201, { 'Cache-Control': 'no-store' });
  }),
});
