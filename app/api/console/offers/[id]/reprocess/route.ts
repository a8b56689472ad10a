import { route } from '@/lib/api/with-api';
import { reprocessAsOperator } from '@/lib/console/use-cases/offers';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/offers/{id}/reprocess — re-run processing of the offer as it is
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    return ok(await reprocessAsOperator(ctx.operator, id, ctx.lang));
  }),
});
