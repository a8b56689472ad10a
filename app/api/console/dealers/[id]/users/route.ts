import { route } from '@/lib/api/with-api';
import { inviteSchema } from '@/lib/auth/account-schemas';
import { dealerStaff, inviteDealerUser } from '@/lib/auth/accounts';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/dealers/{id}/users — the dealer's staff logins
  GET: withConsole(async (ctx) => ok(await dealerStaff(consoleParam(ctx, 'id', uuidParam)))),
  // POST /api/console/dealers/{id}/users — invite a staff user; the link is answered once and mailed
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const body = await consoleBody(ctx, inviteSchema);
    return ok(await inviteDealerUser(ctx.operator, id, body), 201);
  }),
});
