import { route } from '@/lib/api/with-api';
import { consoleBody, ok, withConsole } from '@/lib/console/http/route';
import { bulkStepBodySchema } from '@/lib/console/schemas';
import { bulkStep } from '@/lib/console/use-cases/work-queues';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/offers/bulk {ids, action, reason?} — one step for several offers, a result per offer
  POST: withConsole(async (ctx) => {
    const body = await consoleBody(ctx, bulkStepBodySchema);
    return ok(await bulkStep(ctx.operator, body, ctx.lang));
  }),
});
