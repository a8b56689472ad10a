import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { employerBody, employerParam, ok, withEmployer } from '@/lib/employer/http/auth';
import { employeeEditSchema } from '@/lib/employer/schemas';
import { CONTROL_CHARACTERS } from '@/lib/shared/validation';
import { editEmployee, removeEmployee } from '@/lib/employer/use-cases/roster';

const email = z
  .string('type')
  .max(255, 'tooLong')
  .refine((v) => !CONTROL_CHARACTERS.test(v), 'controlCharacter');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // PUT /api/employer/employees/{email} — change a listed person's name and personnel number
  PUT: withEmployer(async (ctx) => ok(await editEmployee(ctx.staff, employerParam(ctx, 'email', email), await employerBody(ctx, employeeEditSchema)))),
  // DELETE /api/employer/employees/{email} — remove a person from the roster (their leases stay)
  DELETE: withEmployer(async (ctx) => ok(await removeEmployee(ctx.staff, employerParam(ctx, 'email', email)))),
});
