import { route } from '@/lib/api/with-api';
import { employerBody, ok, withEmployer } from '@/lib/employer/http/auth';
import { importBodySchema } from '@/lib/employer/schemas';
import { importRoster } from '@/lib/employer/use-cases/roster';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/employer/employees/import — check a roster file (apply: false) or apply it in one transaction
  POST: withEmployer(async (ctx) => {
    const body = await employerBody(ctx, importBodySchema);
    return ok(await importRoster(ctx.staff, body.csv, body.apply));
  }),
});
