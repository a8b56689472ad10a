import { route } from '@/lib/api/with-api';
import { disableCredentials } from '@/lib/console/use-cases/onboarding';
import { clientIdParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/clients/{clientId}/disable — no new tokens; issued tokens stop within a minute
  POST: withConsole(async (ctx) => {
    const clientId = consoleParam(ctx, 'clientId', clientIdParam);
    return ok(await disableCredentials(ctx.operator, clientId));
  }),
});
