import 'server-only';
import {
  countUnreadNotifications,
  findNotificationSettings,
  listUserNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationSettings,
  type NotificationScope,
  type UserNotification,
} from '@/db/repositories/notifications';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/database';
import {
  ALWAYS_NOTIFIED_STATUSES,
  MAIL_LANGS,
  NOTIFIABLE_STATUSES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotifiableStatus,
  type NotificationSettings,
} from '@/lib/portal/notifications';

// The dealer user's in-app notifications (docs/notifications.md, "In the portal"): the user's own
// status notifications of the dealer's offers in the environment chosen in the portal, newest
// first; unread count; marking read; and the user's settings (statuses followed, mail language).

export type { NotificationScope, UserNotification };

export type NotificationsPage = {
  rows: UserNotification[];
  page: number;
  pageSize: number;
  pages: number;
  total: number;
  unread: number;
};

/** One page (1-based) of the scope's notifications. A page past the end is empty. */
export async function notificationsPage(scope: NotificationScope, page = 1, pageSize = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationsPage> {
  const { rows, total, unread } = await listUserNotifications(getDb(), scope, { limit: pageSize, offset: (page - 1) * pageSize });
  return { rows, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)), total, unread };
}

export async function unreadNotifications(scope: NotificationScope): Promise<number> {
  return countUnreadNotifications(getDb(), scope);
}

/** Marks one of the scope's notifications read; 404 for anything else (another user's too). */
export async function readNotification(scope: NotificationScope, id: number): Promise<{ id: number; unread: number }> {
  return getDb().transaction(async (tx) => {
    if (!(await markNotificationRead(tx, scope, id))) throw new ApiError('NOT_FOUND', { details: 'No such notification.' });
    return { id, unread: await countUnreadNotifications(tx, scope) };
  });
}

export async function readAllNotifications(scope: NotificationScope): Promise<{ marked: number; unread: number }> {
  return getDb().transaction(async (tx) => {
    const marked = await markAllNotificationsRead(tx, scope);
    return { marked, unread: await countUnreadNotifications(tx, scope) };
  });
}

function settingsOf(row: { statuses: string[]; lang: string }): NotificationSettings {
  return {
    // A status no longer offered (or rejected, always on) is not shown as chosen.
    statuses: NOTIFIABLE_STATUSES.filter((s) => row.statuses.includes(s)),
    lang: MAIL_LANGS.find((l) => l === row.lang) ?? 'de',
    always: ALWAYS_NOTIFIED_STATUSES,
  };
}

type DealerUser = { userId: string; dealerId: string };

export async function notificationSettings(user: DealerUser): Promise<NotificationSettings> {
  const row = await findNotificationSettings(getDb(), user);
  if (!row) throw new ApiError('NOT_FOUND');
  return settingsOf(row);
}

export async function saveNotificationSettings(user: DealerUser, settings: { statuses: NotifiableStatus[]; lang: 'de' | 'en' }): Promise<NotificationSettings> {
  const saved = await updateNotificationSettings(getDb(), user, { statuses: [...settings.statuses], lang: settings.lang });
  if (!saved) throw new ApiError('NOT_FOUND');
  return settingsOf(settings);
}
