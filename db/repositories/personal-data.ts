import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor } from '../client';
import {
  employerRequests,
  idempotencyKeys,
  notifications,
  offerCustomerLinks,
  offerHistory,
  offerRestrictedCustomers,
  offers,
  webhookDeliveries,
  webhookDeliveryAttempts,
  type FieldChange,
  type StoredStatusEntry,
  type WebhookEventData,
  type RequestSnapshot,
} from '../schema';
import { PERSONAL_DATA_MARKER, type Environment } from '@/lib/shared/model';

// Every place an offer's customer data is stored (docs/privacy.md, "Where"): the offer, its
// history (values and the customer's own steps), the stored answers of idempotent requests, the
// mails, the webhook deliveries and their attempts, the employer's requests and the customer's
// links. The list/search table follows the offer by its triggers (migration 0012). Reads lock
// nothing but the offers; every write runs in the caller's transaction, which holds the offers'
// locks, so an offer's copies change together with it or not at all.

export type PrivacyOffer = {
  id: string;
  dealerId: string;
  environment: Environment;
  status: string;
  customerName: string;
  customerEmail: string;
  statusErrors: StoredStatusEntry[];
  statusInfos: StoredStatusEntry[];
  updatedAt: Date;
  changeSeq: number;
  anonymisedAt: Date | null;
  restrictedAt: Date | null;
};

const privacyColumns = {
  id: offers.id,
  dealerId: offers.dealerId,
  environment: offers.environment,
  status: offers.status,
  customerName: offers.customerName,
  customerEmail: offers.customerEmail,
  statusErrors: offers.statusErrors,
  statusInfos: offers.statusInfos,
  updatedAt: offers.updatedAt,
  changeSeq: offers.changeSeq,
  anonymisedAt: offers.anonymisedAt,
  restrictedAt: offers.restrictedAt,
};

/** The offers, locked for the rest of the transaction, in id order (so two lockers cannot deadlock). */
export async function lockOffers(db: Executor, ids: readonly string[]): Promise<PrivacyOffer[]> {
  if (ids.length === 0) return [];
  return db
    .select(privacyColumns)
    .from(offers)
    .where(inArray(offers.id, [...ids]))
    .orderBy(asc(offers.id))
    .for('update', { of: offers });
}

export type RetentionPeriods = { unorderedDays: number; orderedDays: number };

/**
 * The next offers whose retention period has ended, after `afterId` in id order, locked; offers
 * another transaction holds are skipped (the next run takes them). A concluded order (`done`) is
 * kept `orderedDays` after its last change, every other offer `unorderedDays`.
 */
export async function lockRetentionDue(db: Executor, periods: RetentionPeriods, afterId: string | null, limit: number): Promise<PrivacyOffer[]> {
  return db
    .select(privacyColumns)
    .from(offers)
    .where(
      and(
        isNull(offers.anonymisedAt),
        afterId ? sql`${offers.id} > ${afterId}` : undefined,
        sql`${offers.updatedAt} < now() - make_interval(days => case when ${offers.status} = 'done' then ${periods.orderedDays}::int else ${periods.unorderedDays}::int end)`,
      ),
    )
    .orderBy(asc(offers.id))
    .limit(limit)
    .for('update', { of: offers, skipLocked: true });
}

export type StoredCopies = {
  history: { id: number; offerId: string; actorType: string; actorName: string | null; changes: FieldChange[] }[];
  answers: { dealerId: string; environment: Environment; key: string; offerId: string; responseBody: unknown }[];
  mails: { id: number; offerId: string; kind: string; mailTo: string; mailName: string | null; mailNextAt: Date | null }[];
  deliveries: { id: string; offerId: string; data: WebhookEventData }[];
  attempts: { id: number; offerId: string; responseExcerpt: string | null }[];
  requests: { id: string; offerId: string; reason: { de: string; en: string } | null; snapshot: RequestSnapshot }[];
};

/** Every stored copy that belongs to the offers. */
export async function readCopies(db: Executor, offerIds: readonly string[]): Promise<StoredCopies> {
  if (offerIds.length === 0) return { history: [], answers: [], mails: [], deliveries: [], attempts: [], requests: [] };
  const ids = [...offerIds];
  // One after another: a transaction's connection runs one query at a time.
  const history = await db
    .select({ id: offerHistory.id, offerId: offerHistory.offerId, actorType: offerHistory.actorType, actorName: offerHistory.actorName, changes: offerHistory.changes })
    .from(offerHistory)
    .where(inArray(offerHistory.offerId, ids));
  const answers = await db
    .select({
      dealerId: idempotencyKeys.dealerId,
      environment: idempotencyKeys.environment,
      key: idempotencyKeys.key,
      offerId: sql<string>`${idempotencyKeys.offerId}`,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.offerId, ids))
    // An answer is kept as the text sent: read as its JSON, which anonymisation rewrites.
    .then((rows) => rows.map((r) => ({ ...r, responseBody: typeof r.responseBody === 'string' ? (JSON.parse(r.responseBody) as unknown) : r.responseBody })));
  const mails = await db
    .select({
      id: notifications.id,
      offerId: sql<string>`${notifications.offerId}`,
      kind: notifications.kind,
      mailTo: notifications.mailTo,
      mailName: notifications.mailName,
      mailNextAt: notifications.mailNextAt,
    })
    .from(notifications)
    .where(inArray(notifications.offerId, ids));
  const deliveries = await db.select({ id: webhookDeliveries.id, offerId: webhookDeliveries.offerId, data: webhookDeliveries.data }).from(webhookDeliveries).where(inArray(webhookDeliveries.offerId, ids));
  const attempts = await db
    .select({ id: webhookDeliveryAttempts.id, offerId: webhookDeliveries.offerId, responseExcerpt: webhookDeliveryAttempts.responseExcerpt })
    .from(webhookDeliveryAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
    .where(inArray(webhookDeliveries.offerId, ids));
  const requests = await db
    .select({ id: employerRequests.id, offerId: employerRequests.offerId, reason: employerRequests.reason, snapshot: employerRequests.snapshot })
    .from(employerRequests)
    .where(inArray(employerRequests.offerId, ids));
  return { history, answers, mails, deliveries, attempts, requests };
}

/** What replaces the stored copies: only the rows that change. */
export type CopyChanges = {
  history: { id: number; actorName: string | null; changes: FieldChange[] }[];
  answers: { dealerId: string; environment: Environment; key: string; responseBody: unknown }[];
  /** Mails to the customer: the markers as addressee, and a mail not yet sent is not sent. */
  mails: { id: number; mailTo: string; mailName: string | null; stop: boolean }[];
  deliveries: { id: string; data: WebhookEventData }[];
  attempts: { id: number; responseExcerpt: string | null }[];
  requests: { id: string; reason: { de: string; en: string } | null; snapshot: RequestSnapshot }[];
};

/** Applies the changes, one statement per place that has any. */
export async function writeCopies(db: Executor, changes: CopyChanges): Promise<void> {
  const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
  if (changes.history.length > 0) {
    await db.execute(sql`
      update ${offerHistory} h set actor_name = v.actor_name, changes = v.changes
      from jsonb_to_recordset(${json(changes.history.map((r) => ({ id: r.id, actor_name: r.actorName, changes: r.changes })))})
        as v(id bigint, actor_name text, changes jsonb)
      where h.id = v.id`);
  }
  if (changes.answers.length > 0) {
    // The stored answer keeps its key (a retry is not taken for a new request) but no longer its
    // request's hash, which was computed over the customer's data: a retry is refused as reused.
    await db.execute(sql`
      update ${idempotencyKeys} k set response_body = v.body, request_hash = 'anonymised'
      from jsonb_to_recordset(${json(changes.answers.map((r) => ({ dealer_id: r.dealerId, environment: r.environment, key: r.key, body: r.responseBody })))})
        as v(dealer_id uuid, environment text, key text, body jsonb)
      where k.dealer_id = v.dealer_id and k.environment::text = v.environment and k.key = v.key`);
  }
  if (changes.mails.length > 0) {
    await db.execute(sql`
      update ${notifications} n set mail_to = v.mail_to, mail_name = v.mail_name, mail_link = null,
        mail_next_at = case when v.stop then null else n.mail_next_at end,
        mail_error = case when v.stop and n.mail_next_at is not null then 'not sent: personal data erased' else n.mail_error end
      from jsonb_to_recordset(${json(changes.mails.map((r) => ({ id: r.id, mail_to: r.mailTo, mail_name: r.mailName, stop: r.stop })))})
        as v(id bigint, mail_to text, mail_name text, stop boolean)
      where n.id = v.id`);
  }
  if (changes.deliveries.length > 0) {
    await db.execute(sql`
      update ${webhookDeliveries} d set data = v.data
      from jsonb_to_recordset(${json(changes.deliveries)}) as v(id uuid, data jsonb)
      where d.id = v.id`);
  }
  if (changes.attempts.length > 0) {
    await db.execute(sql`
      update ${webhookDeliveryAttempts} a set response_excerpt = v.excerpt
      from jsonb_to_recordset(${json(changes.attempts.map((r) => ({ id: r.id, excerpt: r.responseExcerpt })))}) as v(id bigint, excerpt text)
      where a.id = v.id`);
  }
  if (changes.requests.length > 0) {
    await db.execute(sql`
      update ${employerRequests} r set reason = v.reason, snapshot = v.snapshot
      from jsonb_to_recordset(${json(changes.requests)}) as v(id uuid, reason jsonb, snapshot jsonb)
      where r.id = v.id`);
  }
}

/**
 * Replaces the offers' customer data by the markers and ends their customer links: the offer keeps
 * its numbers, products, prices, status and dates (the list/search table follows by trigger). The
 * dealer's free texts about the customer (notes, cancel note) go; the status entries are given as
 * the caller cleaned them. `restrict`: the name and address are first kept in
 * offer_restricted_customers and the offer is marked restricted; otherwise it is marked anonymised
 * and a kept copy is removed.
 */
export async function anonymiseOfferRows(
  db: Executor,
  rows: { id: string; statusErrors: StoredStatusEntry[]; statusInfos: StoredStatusEntry[] }[],
  options: { restrict: boolean },
): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  if (options.restrict) {
    await db.execute(sql`
      insert into ${offerRestrictedCustomers} (offer_id, customer_name, customer_email)
      select id, customer_name, customer_email from ${offers} where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      on conflict (offer_id) do nothing`);
  } else {
    await db.delete(offerRestrictedCustomers).where(inArray(offerRestrictedCustomers.offerId, ids));
  }
  await db.execute(sql`
    update ${offers} o set customer_name = ${PERSONAL_DATA_MARKER.customerName}, customer_email = ${PERSONAL_DATA_MARKER.customerEmail},
      notes = null, cancel_note = null, status_errors = v.errors, status_infos = v.infos,
      ${options.restrict ? sql`restricted_at = now()` : sql`anonymised_at = now(), restricted_at = null`}
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, errors: r.statusErrors, infos: r.statusInfos })))}::jsonb)
      as v(id uuid, errors jsonb, infos jsonb)
    where o.id = v.id`);
  await db
    .update(offerCustomerLinks)
    .set({ replacedAt: sql`coalesce(${offerCustomerLinks.replacedAt}, now())`, sentTo: null })
    .where(inArray(offerCustomerLinks.offerId, ids));
}
