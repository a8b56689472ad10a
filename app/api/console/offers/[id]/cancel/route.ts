import { route } from '@/lib/api/with-api';
import { cancelAsOperator } from '@/lib/console/use-cases/offers';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { cancelBodySchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/offers/{id}/cancel — the operator cancels an offer
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, cancelBodySchema);
    return ok(await cancelAsOperator(ctx.operator, id, body, ctx.lang));
  }),
});
