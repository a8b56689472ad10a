import { route } from '@/lib/api/with-api';
import { disableStaffUser } from '@/lib/auth/accounts';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, consoleStaffOwner, ok, withConsole } from '@/lib/console/http/route';

// Also served at /api/console/employers/{id}/users/{userId}/disable.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/users/{userId}/disable — no more sign-ins; every session ends now
  POST: withConsole(async (ctx) => {
    const owner = consoleStaffOwner(ctx);
    const userId = consoleParam(ctx, 'userId', uuidParam);
    return ok(await disableStaffUser(ctx.operator, owner, userId));
  }),
});
