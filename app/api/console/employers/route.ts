import { route } from '@/lib/api/with-api';
import { createEmployer, listEmployers } from '@/lib/console/use-cases/employers';
import { consoleBody, ok, withConsole } from '@/lib/console/http/route';
import { createByNameSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/employers — employers with their category policy
  GET: withConsole(async () => ok(await listEmployers())),
  // POST /api/console/employers — a new employer (no policy, no employees yet)
  POST: withConsole(async (ctx) => {
    const body = await consoleBody(ctx, createByNameSchema);
    return ok(await createEmployer(ctx.operator, body.name), 201);
  }),
});
