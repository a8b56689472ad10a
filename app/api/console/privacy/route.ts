import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { consoleBody, ok, withConsole } from '@/lib/console/http/route';
import { privacyEmailSchema } from '@/lib/console/schemas';
import { findCustomer, privacyRequestLog } from '@/lib/console/use-cases/privacy';

// The address is sent in the body, never in a URL, where access logs and browser history keep it.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/privacy — the audit log of data-protection requests, newest first
  GET: withConsole(async () => ok({ requests: await privacyRequestLog() })),
  // POST /api/console/privacy — what is stored under an address ({email}) across every dealer and employer
  POST: withConsole(async (ctx) => ok(await findCustomer((await consoleBody(ctx, z.object({ email: privacyEmailSchema }))).email))),
});
