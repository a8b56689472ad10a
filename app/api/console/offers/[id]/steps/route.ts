import { route } from '@/lib/api/with-api';
import { takeStep } from '@/lib/console/use-cases/offers';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { stepBodySchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/offers/{id}/steps — a lifecycle step after draft, taken by the operator
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, stepBodySchema);
    return ok(await takeStep(ctx.operator, id, body, ctx.lang));
  }),
});
