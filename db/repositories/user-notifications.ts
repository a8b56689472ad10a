import 'server-only';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { notifications, offers, webhookEndpoints } from '../schema';
import type { Environment, OfferStatus } from '@/lib/shared/model';
import { DEALER_ORDER_KINDS, type DealerOrderKind } from './order-notifications';

// A dealer user's in-app notifications in the portal: the offers' status changes, the order steps
// told to the dealer, and the dealer's webhook endpoints disabled.

const kindOf = (kind: string): UserNotification['kind'] =>
  kind === 'webhook_disabled' ? 'webhook_disabled' : (DEALER_ORDER_KINDS as readonly string[]).includes(kind) ? (kind as DealerOrderKind) : 'status';

/**
 * Whose in-app notifications a portal request sees: the signed-in user's own status notifications
 * of offers of the user's dealer in the environment chosen in the portal, and of the dealer's
 * webhook endpoints of that environment disabled. Account and customer mails are never part of it.
 */
export type NotificationScope = { userId: string; dealerId: string; environment: Environment };

function inScope(scope: NotificationScope): SQL {
  return and(eq(notifications.userId, scope.userId), inEnvironment(scope))!;
}

/**
 * The scope's kinds shown in the portal: status notifications of the dealer's offers in the
 * environment, and the dealer's endpoints of the environment that were disabled.
 */
function inEnvironment(scope: NotificationScope): SQL {
  return sql`((${notifications.kind} in ('status', 'invoice_rejected', 'order_paid') and ${notifications.offerId} in (select ${offers.id} from ${offers} where ${offers.dealerId} = ${scope.dealerId} and ${offers.environment} = ${scope.environment}))
    or (${notifications.kind} = 'webhook_disabled' and ${notifications.webhookEndpointId} in (select ${webhookEndpoints.id} from ${webhookEndpoints} where ${webhookEndpoints.dealerId} = ${scope.dealerId} and ${webhookEndpoints.environment} = ${scope.environment})))`;
}

export type UserNotification = {
  id: number;
  /**
   * `status` (an offer's status change), `webhook_disabled` (an endpoint disabled after failing for
   * days), or an order's step: `invoice_rejected`, `order_paid` (order-notifications.ts).
   */
  kind: 'status' | 'webhook_disabled' | DealerOrderKind;
  offerId: string | null;
  offerNumber: string | null;
  customerName: string | null;
  status: OfferStatus | null;
  /** The disabled endpoint's id and URL (`webhook_disabled`). */
  webhookId: string | null;
  webhookUrl: string | null;
  createdAt: Date;
  readAt: Date | null;
};

/** One page of the scope's notifications, newest first, with the total and the unread count. */
export async function listUserNotifications(
  db: Executor,
  scope: NotificationScope,
  page: { limit: number; offset: number } = { limit: 50, offset: 0 },
): Promise<{ rows: UserNotification[]; total: number; unread: number }> {
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        offerId: offers.id,
        offerNumber: offers.offerNumber,
        customerName: offers.customerName,
        status: notifications.status,
        webhookId: webhookEndpoints.id,
        webhookUrl: webhookEndpoints.url,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .leftJoin(offers, eq(offers.id, notifications.offerId))
      .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, notifications.webhookEndpointId))
      .where(inScope(scope))
      .orderBy(desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int` })
      .from(notifications)
      .where(inScope(scope)),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, kind: kindOf(r.kind), status: r.status as OfferStatus | null })),
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
  };
}

/** How many of the scope's notifications are unread. */
export async function countUnreadNotifications(db: Executor, scope: NotificationScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inScope(scope), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * Marks one notification of the scope read (a read one keeps its first reading time). False when
 * the scope has no such notification (another user's, an account mail, another environment's).
 */
export async function markNotificationRead(db: Executor, scope: NotificationScope, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), inScope(scope)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every unread notification of the scope read; answers how many. */
export async function markAllNotificationsRead(db: Executor, scope: NotificationScope): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(inScope(scope), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

