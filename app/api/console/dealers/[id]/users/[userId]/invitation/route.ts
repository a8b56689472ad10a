import { route } from '@/lib/api/with-api';
import { reinviteDealerUser } from '@/lib/auth/accounts';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/users/{userId}/invitation — a new invitation link (the old one stops working)
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const userId = consoleParam(ctx, 'userId', uuidParam);
    return ok(await reinviteDealerUser(ctx.operator, id, userId), 201);
  }),
});
