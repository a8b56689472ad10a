import { route } from '@/lib/api/with-api';
import { notificationsQuerySchema } from '@/lib/portal/notification-schemas';
import { ok, portalQuery, withPortal } from '@/lib/portal/http/route';
import { notificationsPage } from '@/lib/portal/use-cases/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/portal/notifications?page=&pageSize= — the signed-in user's status notifications in the
  // portal's environment, newest first, with the unread count
  GET: withPortal(async (ctx) => {
    const query = portalQuery(ctx, notificationsQuerySchema);
    const { rows, ...meta } = await notificationsPage(ctx.scope, query.page, query.pageSize);
    return ok({ notifications: rows, ...meta });
  }),
});
