import { route } from '@/lib/api/with-api';
import { ok, withPortal } from '@/lib/portal/http/route';
import { readAllNotifications } from '@/lib/portal/use-cases/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/portal/notifications/read-all — every unread notification of the user (in the
  // portal's environment) is read
  POST: withPortal(async (ctx) => ok(await readAllNotifications(ctx.scope))),
});
