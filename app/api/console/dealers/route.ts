import { route } from '@/lib/api/with-api';
import { listDealers } from '@/lib/console/use-cases/dealers';
import { createDealer } from '@/lib/console/use-cases/onboarding';
import { consoleBody, ok, withConsole } from '@/lib/console/http/route';
import { createByNameSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/dealers — every dealer with clients and offers per environment
  GET: withConsole(async () => ok(await listDealers())),
  // POST /api/console/dealers — a new dealer (no credentials yet)
  POST: withConsole(async (ctx) => {
    const body = await consoleBody(ctx, createByNameSchema);
    return ok(await createDealer(ctx.operator, body.name), 201);
  }),
});
