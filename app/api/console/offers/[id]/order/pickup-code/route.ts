import { route } from '@/lib/api/with-api';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { issueNewPickupCode } from '@/lib/purchase-orders/use-cases/pickup-codes';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/offers/{id}/order/pickup-code — a new pickup code, mailed to the employee
  // (the old one stops working); 409 after the handover.
  POST: withConsole(async (ctx) => {
    await issueNewPickupCode(ctx.operator, consoleParam(ctx, 'id', uuidParam));
    return ok({ issued: true }, 201);
  }),
});
