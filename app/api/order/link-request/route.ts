import { route } from '@/lib/api/with-api';
import { requestCustomerLink } from '@/lib/orders/customer-link';
import { ok, orderBody, withOrder } from '@/lib/orders/http/route';
import { linkRequestBodySchema } from '@/lib/orders/schemas';
import { requestPickupCode } from '@/lib/purchase-orders/use-cases/customer-order-face';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/order/link-request — mail a fresh link to the offer's customer, or once the bicycle is
  // ordered and waits for its handover a new pickup code (the same answer whatever was typed)
  POST: withOrder(async (ctx) => {
    const body = await orderBody(ctx, linkRequestBodySchema);
    await requestCustomerLink(body.offer, body.email, ctx.address);
    await requestPickupCode(body.offer, body.email);
    return ok({ requested: true }, 202);
  }),
});
