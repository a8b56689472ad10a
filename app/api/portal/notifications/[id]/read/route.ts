import { route } from '@/lib/api/with-api';
import { notificationIdParam } from '@/lib/portal/notification-schemas';
import { ok, portalParam, withPortal } from '@/lib/portal/http/route';
import { readNotification } from '@/lib/portal/use-cases/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/portal/notifications/{id}/read — one of the user's notifications is read (404 for any
  // other: another user's, an account mail, another environment's)
  POST: withPortal(async (ctx) => ok(await readNotification(ctx.scope, portalParam(ctx, 'id', notificationIdParam)))),
});
