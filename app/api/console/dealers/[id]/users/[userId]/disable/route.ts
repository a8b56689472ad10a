import { route } from '@/lib/api/with-api';
import { disableStaffUser } from '@/lib/auth/accounts';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/users/{userId}/disable — no more sign-ins; every session ends now
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const userId = consoleParam(ctx, 'userId', uuidParam);
    return ok(await disableStaffUser(ctx.operator, id, userId));
  }),
});
