import { route } from '@/lib/api/with-api';
import { consoleBody, ok, withConsole } from '@/lib/console/http/route';
import { privacyRequestSchema } from '@/lib/console/schemas';
import { eraseCustomer } from '@/lib/console/use-cases/privacy';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/privacy/erasure — erase a customer: unordered offers anonymised, concluded orders in their retention period restricted
  POST: withConsole(async (ctx) => ok(await eraseCustomer(ctx.operator, await consoleBody(ctx, privacyRequestSchema), ctx.lang))),
});
