import { route } from '@/lib/api/with-api';
import { rotateCredentials } from '@/lib/console/use-cases/onboarding';
import { clientIdParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/clients/{clientId}/rotate — a new secret (answered once); the old one stops working
  POST: withConsole(async (ctx) => {
    const clientId = consoleParam(ctx, 'clientId', clientIdParam);
    return ok(await rotateCredentials(ctx.operator, clientId));
  }),
});
