import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { cancelOrder } from '@/lib/purchase-orders/use-cases/cancel-order';

const bodySchema = z.object({ reason: z.string('type') });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/offers/{id}/order/cancel — withdraws the order before its handover, with a
  // reason (1–500 characters); 409 after the handover.
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const { reason } = await consoleBody(ctx, bodySchema);
    await cancelOrder(ctx.operator, id, reason);
    return ok({ canceled: true });
  }),
});
