import 'server-only';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, employers, notifications, offers, portalUsers, webhookEndpoints } from '../schema';
import type { DueMail } from './notifications';

// The development mailbox: the mails kept instead of sent (no SMTP server configured), newest first.

/** The kept mails (no SMTP server configured), newest first: the development mailbox. */
/** Kept mails whose recipient or offer number holds `search` (case-insensitive), or all. */
function keptWhere(search?: string): SQL {
  const kept = sql`${notifications.mailKeptAt} is not null`;
  if (!search) return kept;
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${kept} and (${notifications.mailTo} ilike ${like} or ${offers.offerNumber} ilike ${like})`;
}

export async function countKeptMails(db: Executor, search?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(offers, eq(offers.id, notifications.offerId))
    .where(keptWhere(search));
  return Number(row?.n ?? 0);
}

export async function listKeptMails(db: Executor, limit = 100, options: { offset?: number; search?: string } = {}): Promise<(DueMail & { keptAt: Date })[]> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      mailTo: notifications.mailTo,
      link: notifications.mailLink,
      status: notifications.status,
      attempts: notifications.mailAttempts,
      offerId: offers.id,
      offerNumber: offers.offerNumber,
      externalOfferId: offers.externalOfferId,
      environment: sql<string | null>`coalesce(${offers.environment}, ${webhookEndpoints.environment})::text`,
      webhookUrl: webhookEndpoints.url,
      webhookId: webhookEndpoints.id,
      dealerName: dealers.name,
      dealerAddress: dealers.address,
      employerName: employers.name,
      userName: sql<string>`coalesce(${portalUsers.name}, ${notifications.mailName}, '')`,
      lang: sql<string>`coalesce(${portalUsers.notifyLang}, 'de')`,
      customerName: offers.customerName,
      totalPriceGross: offers.totalPriceGross,
      statusErrors: offers.statusErrors,
      keptAt: notifications.mailKeptAt,
    })
    .from(notifications)
    .leftJoin(portalUsers, eq(portalUsers.id, notifications.userId))
    .leftJoin(employers, eq(employers.id, portalUsers.employerId))
    .leftJoin(offers, eq(offers.id, notifications.offerId))
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, notifications.webhookEndpointId))
    .leftJoin(dealers, eq(dealers.id, sql`coalesce(${offers.dealerId}, ${portalUsers.dealerId})`))
    .where(keptWhere(options.search))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(options.offset ?? 0);
  return rows.map((r) => ({ ...r, statusErrors: r.statusErrors ?? [], keptAt: r.keptAt! }));
}

