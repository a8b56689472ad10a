import { route } from '@/lib/api/with-api';
import { reinviteStaffUser } from '@/lib/auth/accounts';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, consoleStaffOwner, ok, withConsole } from '@/lib/console/http/route';

// Also served at /api/console/employers/{id}/users/{userId}/invitation.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/dealers/{id}/users/{userId}/invitation — a new invitation link (the old one stops working)
  POST: withConsole(async (ctx) => {
    const owner = consoleStaffOwner(ctx);
    const userId = consoleParam(ctx, 'userId', uuidParam);
    return ok(await reinviteStaffUser(ctx.operator, owner, userId), 201);
  }),
});
