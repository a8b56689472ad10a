import { route } from '@/lib/api/with-api';
import { registerEmployee } from '@/lib/console/use-cases/employers';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { registerEmployeeSchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/employers/{id}/employees — register an employee by e-mail
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, registerEmployeeSchema);
    return ok(await registerEmployee(ctx.operator, id, body), 201);
  }),
});
