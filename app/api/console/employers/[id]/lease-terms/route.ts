import { route } from '@/lib/api/with-api';
import { setEmployerLeaseTerms } from '@/lib/console/use-cases/employers';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { leaseTermsSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // PUT /api/console/employers/{id}/lease-terms — replace the employer's lease terms (recorded in its log)
  PUT: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, leaseTermsSchema);
    return ok(await setEmployerLeaseTerms(ctx.operator, id, body));
  }),
});
