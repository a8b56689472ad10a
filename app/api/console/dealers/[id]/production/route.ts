import { route } from '@/lib/api/with-api';
import { enableProduction } from '@/lib/console/use-cases/onboarding';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { productionSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/production — enable production (sandbox checklist met, or an override with its reason) and issue production credentials (secret answered once)
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, productionSchema);
    return ok(await enableProduction(ctx.operator, id, body), 201);
  }),
});
