import { route } from '@/lib/api/with-api';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { orderForOperator } from '@/lib/purchase-orders/use-cases/console-order-face';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/offers/{id}/order — the offer's order (as the offer answers it) and its timeline.
  GET: withConsole(async (ctx) => ok(await orderForOperator(consoleParam(ctx, 'id', uuidParam), ctx.lang))),
});
