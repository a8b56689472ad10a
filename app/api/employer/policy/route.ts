import { route } from '@/lib/api/with-api';
import { employerBody, ok, withEmployer } from '@/lib/employer/http/auth';
import { rulesBodySchema } from '@/lib/employer/schemas';
import { setEmployerRules } from '@/lib/employer/use-cases/rules';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // PUT /api/employer/policy — the employer's rules, within the operator's bounds
  PUT: withEmployer(async (ctx) => ok(await setEmployerRules(ctx.staff, await employerBody(ctx, rulesBodySchema)))),
});
