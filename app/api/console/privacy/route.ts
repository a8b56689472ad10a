import { parseOrThrow } from '@/lib/api/validation';
import { route } from '@/lib/api/with-api';
import { ok, withConsole } from '@/lib/console/http/route';
import { privacyEmailSchema } from '@/lib/console/schemas';
import { findCustomer, privacyRequestLog } from '@/lib/console/use-cases/privacy';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/privacy?email= — what is stored under an address across every dealer and employer; without one, the audit log
  GET: withConsole(async (ctx) => {
    const raw = ctx.url.searchParams.get('email');
    if (raw === null) return ok({ requests: await privacyRequestLog() });
    return ok(await findCustomer(parseOrThrow(privacyEmailSchema, raw, 'email'), ctx.lang));
  }),
});
