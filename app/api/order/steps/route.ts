import { route } from '@/lib/api/with-api';
import { customerStep } from '@/lib/orders/customer-order';
import { ok, orderBody, withOrder } from '@/lib/orders/http/route';
import { customerStepBodySchema } from '@/lib/orders/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/order/steps — the customer starts or submits the order of the link's offer
  POST: withOrder(async (ctx) => {
    const body = await orderBody(ctx, customerStepBodySchema);
    return ok(await customerStep(body.token, body.action, ctx.address));
  }),
});
