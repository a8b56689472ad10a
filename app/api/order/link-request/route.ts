import { route } from '@/lib/api/with-api';
import { requestCustomerLink } from '@/lib/orders/customer-link';
import { ok, orderBody, withOrder } from '@/lib/orders/http/route';
import { linkRequestBodySchema } from '@/lib/orders/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/order/link-request — mail a fresh link to the offer's customer (the same answer whatever was typed)
  POST: withOrder(async (ctx) => {
    const body = await orderBody(ctx, linkRequestBodySchema);
    await requestCustomerLink(body.offer, body.email, ctx.address);
    return ok({ requested: true }, 202);
  }),
});
