import { route } from '@/lib/api/with-api';
import { inviteSchema } from '@/lib/auth/account-schemas';
import { inviteStaffUser, staffOf } from '@/lib/auth/accounts';
import { consoleBody, consoleStaffOwner, ok, withConsole } from '@/lib/console/http/route';

// Also served at /api/console/employers/{id}/users (an employer's HR staff).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/dealers/{id}/users — the dealer's staff logins
  GET: withConsole(async (ctx) => ok(await staffOf(consoleStaffOwner(ctx)))),
  // POST /api/console/dealers/{id}/users — invite a staff user; the link is answered once and mailed
  POST: withConsole(async (ctx) => {
    const owner = consoleStaffOwner(ctx);
    const body = await consoleBody(ctx, inviteSchema);
    return ok(await inviteStaffUser(ctx.operator, owner, body), 201);
  }),
});
