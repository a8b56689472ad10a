import { route } from '@/lib/api/with-api';
import { ok, withPortal } from '@/lib/portal/http/route';
import { unreadNotifications } from '@/lib/portal/use-cases/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/portal/notifications/unread — how many of the user's notifications are unread
  GET: withPortal(async (ctx) => ok({ unread: await unreadNotifications(ctx.scope) })),
});
