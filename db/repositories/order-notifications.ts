import 'server-only';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { notifications, offers, portalUsers } from '../schema';

// The notifications of a purchase order's steps (the order after a done offer): the dealer users'
// in-app entries with their mails (`invoice_rejected` always, the dealer must act; `order_paid` to
// those who follow `paid`), and the employee's mails (`pickup_code`, `handover_confirmation`).
// The offer's own status notifications (its `done` is the dealer's "order received") are written
// with its history (notifications.ts, notificationInsert).

/** The kinds of a dealer's order notifications, shown in the portal beside the status ones. */
export const DEALER_ORDER_KINDS = ['invoice_rejected', 'order_paid'] as const;
export type DealerOrderKind = (typeof DEALER_ORDER_KINDS)[number];

/** The employee's order mails. */
export type CustomerOrderKind = 'pickup_code' | 'handover_confirmation';

/**
 * Queues an order mail to the offer's employee in the caller's transaction. A pickup code mail
 * carries the code in `mail_link` until it is sent (then cleared, as a customer link's).
 */
export async function insertCustomerOrderMail(db: Executor, mail: { kind: CustomerOrderKind; offerId: string; mailTo: string; name: string; code?: string }): Promise<void> {
  await db.insert(notifications).values({
    kind: mail.kind,
    offerId: mail.offerId,
    mailTo: mail.mailTo,
    mailName: mail.name,
    mailLink: mail.code ?? null,
    status: 'done',
    readAt: sql`now()`,
  });
}

/**
 * Tells the offer's dealer users of an order step in the caller's transaction: an invoice rejected
 * (every active user: the dealer must correct it), or paid (the users who follow `paid`).
 */
export async function insertDealerOrderNotifications(db: Executor, offerId: string, kind: DealerOrderKind): Promise<void> {
  const follows = kind === 'order_paid' ? sql`and 'paid' = any(u.notify_statuses)` : sql``;
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, offer_id, status, mail_to)
    select u.id, ${kind}, o.id, 'done', u.email
    from ${offers} o
    join ${portalUsers} u on u.dealer_id = o.dealer_id and u.role = 'dealer' and u.disabled_at is null
    where o.id = ${offerId}::uuid ${follows}
    order by u.id`);
}
