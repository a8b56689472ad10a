import { z } from 'zod';
import { wholeNumberParam } from '@/lib/offers/contract/schemas';
import { MAIL_LANGS, NOTIFIABLE_STATUSES, NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE, type NotifiableStatus } from './notifications';

// Requests of the portal's notification endpoints (app/api/portal/notification*). Messages are keys
// of validationTexts (lib/i18n/messages.ts), as in the other schemas.

export const notificationSettingsSchema = z.object({
  statuses: z
    .array(z.enum(NOTIFIABLE_STATUSES as [NotifiableStatus, ...NotifiableStatus[]], 'oneOf'), 'type')
    .max(NOTIFIABLE_STATUSES.length, 'tooMany')
    // Kept in the catalogue's order, each once.
    .transform((chosen) => NOTIFIABLE_STATUSES.filter((s) => chosen.includes(s))),
  lang: z.enum(MAIL_LANGS, 'oneOf'),
});
export type NotificationSettingsBody = z.input<typeof notificationSettingsSchema>;

/** The list endpoint's query: `page` (1-based) and `pageSize`. */
export const notificationsQuerySchema = z.object({
  page: wholeNumberParam(1, 1_000_000, 1),
  pageSize: wholeNumberParam(1, NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE),
});

/** A notification's id in a path. */
export const notificationIdParam = wholeNumberParam(1, Number.MAX_SAFE_INTEGER);
