import { route } from '@/lib/api/with-api';
import { notificationSettingsSchema } from '@/lib/portal/notification-schemas';
import { ok, portalBody, withPortal } from '@/lib/portal/http/route';
import { notificationSettings, saveNotificationSettings } from '@/lib/portal/use-cases/notifications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/portal/notification-settings — the statuses the user follows besides rejections, the
  // mail language
  GET: withPortal(async (ctx) => ok(await notificationSettings({ userId: ctx.user.id, dealerId: ctx.dealerId }))),
  // PUT /api/portal/notification-settings — {statuses: [...], lang: "de"|"en"}
  PUT: withPortal(async (ctx) => {
    const body = await portalBody(ctx, notificationSettingsSchema);
    return ok(await saveNotificationSettings({ userId: ctx.user.id, dealerId: ctx.dealerId }, body));
  }),
});
