import { route } from '@/lib/api/with-api';
import { employerBody, ok, withEmployer } from '@/lib/employer/http/auth';
import { employeeBodySchema } from '@/lib/employer/schemas';
import { addEmployee } from '@/lib/employer/use-cases/roster';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/employer/employees — add a person to the employer's roster
  POST: withEmployer(async (ctx) => ok(await addEmployee(ctx.staff, await employerBody(ctx, employeeBodySchema)), 201)),
});
