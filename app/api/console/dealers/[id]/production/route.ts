import { route } from '@/lib/api/with-api';
import { enableProduction } from '@/lib/console/onboarding';
import { uuidParam } from '@/lib/console/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/route';
import { credentialsSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/production — enable production and issue production credentials (secret answered once)
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, credentialsSchema);
    return ok(await enableProduction(ctx.operator, id, body), 201);
  }),
});
