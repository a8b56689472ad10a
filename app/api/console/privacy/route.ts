import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { consoleBody, ok, withConsole } from '@/lib/console/http/route';
import { privacyEmailSchema, privacyReferenceSchema } from '@/lib/console/schemas';
import { findCustomer, privacyRequestLog } from '@/lib/console/use-cases/privacy';

// The address is sent in the body, never in a URL, where access logs and browser history keep it.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/privacy — the audit log of data-protection requests, newest first
  GET: withConsole(async () => ok({ requests: await privacyRequestLog() })),
  // POST /api/console/privacy — what is stored under an address ({email}, optionally the request's
  // {reference}) across every dealer and employer; the search is written to the audit log
  POST: withConsole(async (ctx) => {
    const body = await consoleBody(ctx, z.object({ email: privacyEmailSchema, reference: privacyReferenceSchema.optional() }));
    return ok(await findCustomer(ctx.operator, body.email, body.reference));
  }),
});
