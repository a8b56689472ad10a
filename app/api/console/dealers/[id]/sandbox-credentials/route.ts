import { route } from '@/lib/api/with-api';
import { createSandboxCredentials } from '@/lib/console/use-cases/onboarding';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { credentialsSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/sandbox-credentials — a sandbox client; the secret is answered once
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, credentialsSchema);
    return ok(await createSandboxCredentials(ctx.operator, id, body), 201);
  }),
});
