import { route } from '@/lib/api/with-api';
import { sendStaffPasswordReset } from '@/lib/auth/accounts';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, consoleStaffOwner, ok, withConsole } from '@/lib/console/http/route';

// Also served at /api/console/employers/{id}/users/{userId}/password-reset.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/users/{userId}/password-reset — a reset mail to the user; its link is never in the answer
  POST: withConsole(async (ctx) => {
    const owner = consoleStaffOwner(ctx);
    const userId = consoleParam(ctx, 'userId', uuidParam);
    return ok(await sendStaffPasswordReset(ctx.operator, owner, userId), 202);
  }),
});
