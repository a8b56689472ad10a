import { getDb } from '@/db/client';
import { listDealersOverview } from '@/db/repositories/operator';
import { route } from '@/lib/api/with-api';
import { createDealer } from '@/lib/console/onboarding';
import { consoleBody, ok, withConsole } from '@/lib/console/route';
import { createByNameSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/dealers — every dealer with clients and offers per environment
  GET: withConsole(async () => ok(await listDealersOverview(getDb()))),
  // POST /api/console/dealers — a new dealer (no credentials yet)
  POST: withConsole(async (ctx) => {
    const body = await consoleBody(ctx, createByNameSchema);
    return ok(await createDealer(ctx.operator, body.name), 201);
  }),
});
