import { route } from '@/lib/api/with-api';
import { setEmployerPolicy } from '@/lib/console/use-cases/employers';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { policySchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // PUT /api/console/employers/{id}/policy — replace the excluded categories (and set the price limit)
  PUT: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, policySchema);
    return ok(await setEmployerPolicy(ctx.operator, id, body.excludedCodes, body.maxTotalPriceGross));
  }),
});
