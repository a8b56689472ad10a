import { route } from '@/lib/api/with-api';
import { setEmployerBounds } from '@/lib/console/use-cases/employer-bounds';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { boundsSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // PUT /api/console/employers/{id}/bounds — the employer's price limit and the bounds of its HR's rules (recorded in both logs)
  PUT: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    return ok(await setEmployerBounds(ctx.operator, id, await consoleBody(ctx, boundsSchema)));
  }),
});
