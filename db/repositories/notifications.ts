import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { dealers, employers, notifications, offers, portalUsers, webhookEndpoints } from '../schema';
import type { OfferStatus } from '@/lib/shared/model';

// Notifications of dealer users about their offers' status changes: the in-app entries and the
// outbox of their e-mails (one table; see db/schema/notifications.ts).

/** Statuses that are always notified (a rejection needs the dealer's action). */
export const ALWAYS_NOTIFIED = ['rejected'] as const;

/**
 * The insert of the notifications of status changes, for the history writer's statement: every
 * active dealer user of the offer's dealer gets one per entry of `entries` (a CTE of the history
 * rows just written: id, offer_id, from_status, to_status) that changes the offer's status into one
 * they follow (a rejection always). Each names its entry: one event is told once per user.
 */
export function notificationInsert(entries: SQL): SQL {
  return sql`
    insert into ${notifications} (user_id, offer_id, status, mail_to, history_id)
    select u.id, h.offer_id, h.to_status, u.email, h.id
    from ${entries} h
    join ${offers} o on o.id = h.offer_id
    join ${portalUsers} u on u.dealer_id = o.dealer_id and u.role = 'dealer' and u.disabled_at is null
    where h.from_status is not null and h.to_status is not null and h.to_status <> h.from_status
      and (h.to_status = 'rejected' or h.to_status::text = any(u.notify_statuses))
    order by h.id, u.id`;
}

/** When the earliest mail to send is (or was) due, or null when none is waiting. */
export async function nextMailAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${notifications.mailNextAt})`.mapWith(notifications.mailNextAt) })
    .from(notifications)
    .where(sql`${notifications.mailNextAt} is not null`);
  return row?.at ?? null;
}

export type DueMail = {
  id: number;
  /**
   * `status`, an account mail (`invite`, `reset`), an employer's new request (`employer_request`)
   * or a customer mail (`customer_link`, `customer_decision`).
   */
  kind: string;
  mailTo: string;
  /** The account mail's or the customer link mail's link (null for the others). */
  link: string | null;
  status: string | null;
  attempts: number;
  offerId: string | null;
  offerNumber: string | null;
  externalOfferId: string | null;
  environment: string | null;
  dealerName: string | null;
  /** The offer's dealer's postal address (lines separated by newlines), if it has one. */
  dealerAddress?: string | null;
  /** The employer of an employer's HR staff user (account mails, new requests). */
  employerName: string | null;
  /** The user's name, or the customer's for a customer mail. */
  userName: string;
  lang: string;
  customerName: string | null;
  totalPriceGross: string | null;
  /** The offer's status errors now (a decline's reason). */
  statusErrors: { code: string; text?: { de: string; en: string } }[];
  /** The endpoint a `webhook_disabled` mail is about. */
  webhookUrl: string | null;
  webhookId: string | null;
};

/**
 * Leases up to `limit` due mails to this sender for `leaseMs` (no other sender takes them in that
 * time; SKIP LOCKED keeps concurrent senders apart) and counts the attempt.
 */
export async function leaseDueMails(db: Executor, limit: number, leaseMs: number): Promise<DueMail[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with due as (
        select id from ${notifications}
        where mail_next_at is not null and mail_next_at <= now()
        order by mail_next_at, id
        limit ${limit}
        for update skip locked
      ), leased as (
        update ${notifications} n
        set mail_next_at = now() + (${leaseMs}::int * interval '1 millisecond'), mail_attempts = n.mail_attempts + 1
        from due where n.id = due.id
        returning n.id, n.kind, n.mail_to, n.mail_link, n.status, n.mail_attempts, n.offer_id, n.user_id, n.mail_name, n.webhook_endpoint_id
      )
      select l.id, l.kind, l.mail_to, l.mail_link, l.status::text as status, l.mail_attempts, l.offer_id, o.offer_number,
             o.external_offer_id, coalesce(o.environment, we.environment)::text as environment, coalesce(d.name, ud.name) as dealer_name,
             we.url as webhook_url, we.id as webhook_id,
             coalesce(u.name, l.mail_name, '') as user_name, coalesce(u.notify_lang, 'de') as notify_lang,
             o.customer_name, o.total_price_gross::text as total_price_gross, o.status_errors, e.name as employer_name,
             d.address as dealer_address
      from leased l
      left join ${portalUsers} u on u.id = l.user_id
      left join ${employers} e on e.id = u.employer_id
      left join ${offers} o on o.id = l.offer_id
      left join ${dealers} d on d.id = o.dealer_id
      left join ${dealers} ud on ud.id = u.dealer_id
      left join ${webhookEndpoints} we on we.id = l.webhook_endpoint_id
      order by l.id`),
  );
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    mailTo: String(r.mail_to),
    link: text(r.mail_link),
    status: text(r.status),
    attempts: Number(r.mail_attempts),
    offerId: text(r.offer_id),
    offerNumber: text(r.offer_number),
    externalOfferId: text(r.external_offer_id),
    environment: text(r.environment),
    dealerName: text(r.dealer_name),
    dealerAddress: text(r.dealer_address),
    employerName: text(r.employer_name),
    userName: String(r.user_name),
    lang: String(r.notify_lang),
    customerName: text(r.customer_name),
    totalPriceGross: text(r.total_price_gross),
    statusErrors: statusErrorsOf(r.status_errors),
    webhookUrl: text(r.webhook_url),
    webhookId: text(r.webhook_id),
  }));
}

/** The status errors column as read (jsonb: an array, or its text on some drivers). */
function statusErrorsOf(value: unknown): DueMail['statusErrors'] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as DueMail['statusErrors']) : [];
}

/**
 * Queues a mail to an offer's customer (who has no account) in the caller's transaction: the link
 * to the offer (`customer_link`), or the employer's or the operator's decision (`customer_decision`,
 * with the offer's new status).
 */
export async function insertCustomerMail(
  db: Executor,
  mail: { kind: 'customer_link' | 'customer_decision'; offerId: string; mailTo: string; name: string; link?: string; status?: OfferStatus },
): Promise<void> {
  await db.insert(notifications).values({
    kind: mail.kind,
    offerId: mail.offerId,
    mailTo: mail.mailTo,
    mailName: mail.name,
    mailLink: mail.link ?? null,
    status: mail.status ?? null,
    readAt: sql`now()`,
  });
}

/**
 * Queues the mails of a new request to an employer: one to each active HR staff user of the
 * employer who follows new requests (`employer_decision_pending` among the statuses they follow),
 * each linking the request's page (`requestLink`).
 */
export async function insertEmployerRequestMails(db: Executor, offerId: string, employerId: string, requestLink: string): Promise<void> {
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, offer_id, status, mail_to, mail_link, read_at)
    select u.id, 'employer_request', ${offerId}::uuid, 'employer_decision_pending', u.email, ${requestLink}, now()
    from ${portalUsers} u
    where u.employer_id = ${employerId}::uuid and u.role::text = 'employer' and u.disabled_at is null
      and 'employer_decision_pending' = any(u.notify_statuses)`);
}

/**
 * Tells the dealer that its webhook endpoint was disabled after failing for days, in the caller's
 * transaction: a portal notification with its mail for each active dealer user of the endpoint's
 * dealer (whatever statuses they follow: the dealer must act).
 */
export async function insertWebhookDisabledNotifications(db: Executor, endpointId: string): Promise<void> {
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, webhook_endpoint_id, mail_to)
    select u.id, 'webhook_disabled', e.id, u.email
    from ${webhookEndpoints} e
    join ${portalUsers} u on u.dealer_id = e.dealer_id and u.role = 'dealer' and u.disabled_at is null
    where e.id = ${endpointId}::uuid`);
}

/** Queues an account mail (invitation, password reset) for a user in the caller's transaction. */
export async function insertAccountMail(db: Executor, mail: { userId: string; kind: 'invite' | 'reset'; mailTo: string; link: string }) {
  await db.insert(notifications).values({ userId: mail.userId, kind: mail.kind, mailTo: mail.mailTo, mailLink: mail.link, readAt: sql`now()` });
}

export async function markMailSent(db: Executor, id: number): Promise<void> {
  await db.update(notifications).set({ mailSentAt: sql`now()`, mailNextAt: null, mailError: null, mailLink: null }).where(eq(notifications.id, id));
}

export async function markMailKept(db: Executor, id: number): Promise<void> {
  await db.update(notifications).set({ mailKeptAt: sql`now()`, mailNextAt: null, mailError: null }).where(eq(notifications.id, id));
}

export async function markMailFailed(db: Executor, id: number, retryInMs: number, error: string): Promise<void> {
  await db
    .update(notifications)
    .set({ mailNextAt: sql`now() + (${retryInMs}::int * interval '1 millisecond')`, mailError: error.slice(0, 300) })
    .where(eq(notifications.id, id));
}

export {
  countUnreadNotifications,
  listUserNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationScope,
  type UserNotification,
} from './user-notifications';

const ofDealer = (user: { userId: string; dealerId: string }) =>
  and(eq(portalUsers.id, user.userId), eq(portalUsers.dealerId, user.dealerId), eq(portalUsers.role, 'dealer'));

/** A dealer user's notification settings: the statuses followed besides rejections, the mail language. */
export async function findNotificationSettings(db: Executor, user: { userId: string; dealerId: string }): Promise<{ statuses: string[]; lang: string } | undefined> {
  const [row] = await db
    .select({ statuses: portalUsers.notifyStatuses, lang: portalUsers.notifyLang })
    .from(portalUsers)
    .where(ofDealer(user));
  return row;
}

export async function updateNotificationSettings(
  db: Executor,
  user: { userId: string; dealerId: string },
  settings: { statuses: string[]; lang: string },
): Promise<boolean> {
  const rows = await db
    .update(portalUsers)
    .set({ notifyStatuses: settings.statuses, notifyLang: settings.lang })
    .where(ofDealer(user))
    .returning({ id: portalUsers.id });
  return rows.length > 0;
}

const ofEmployer = (user: { userId: string; employerId: string }) =>
  and(eq(portalUsers.id, user.userId), eq(portalUsers.employerId, user.employerId), eq(portalUsers.role, 'employer'));

/** An employer's HR staff user's mail settings: new requests followed or not, the mail language. */
export async function findEmployerMailSettings(db: Executor, user: { userId: string; employerId: string }): Promise<{ newRequests: boolean; lang: string } | undefined> {
  const [row] = await db.select({ statuses: portalUsers.notifyStatuses, lang: portalUsers.notifyLang }).from(portalUsers).where(ofEmployer(user));
  return row ? { newRequests: row.statuses.includes('employer_decision_pending'), lang: row.lang } : undefined;
}

export async function updateEmployerMailSettings(db: Executor, user: { userId: string; employerId: string }, settings: { newRequests: boolean; lang: string }): Promise<boolean> {
  const rows = await db
    .update(portalUsers)
    .set({ notifyStatuses: settings.newRequests ? ['employer_decision_pending'] : [], notifyLang: settings.lang })
    .where(ofEmployer(user))
    .returning({ id: portalUsers.id });
  return rows.length > 0;
}
