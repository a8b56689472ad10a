import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { employerRequests, notifications, offers, webhookDeliveryAttempts, webhookDeliveries } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { getDb } from '@/lib/database';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { deliverWebhooks } from '@/lib/webhooks/deliver';
import { api } from './api';
import type { TestDealer } from './auth';
import { offerBody } from './offers';
import { startReceiver } from './webhook-receiver';
import { consoleHeaders, demoUser, ORIGIN } from '../operator-session';

// A customer's data in every place Spoke stores it (docs/privacy.md, "Where"), made through the
// real paths where there is one: the offer and its notes, the stored answer of an idempotent
// create, the history (a correction of the address, the customer's own steps), the customer link and its mail, the employer's
// request and HR mail, the webhook deliveries and an attempt whose receiver echoed the customer.
// And a search of every table for the customer's traces.

/** A customer: the name and address, and the address the dealer first typed (corrected since). */
export type Customer = { name: string; email: string; formerEmail: string };

/** A customer nobody else has: a long, accented name at the demo employer's domain. */
export function newCustomer(): Customer {
  const tag = randomBytes(3).toString('hex');
  return { name: `Zoë Käßbohrer-Ölmez ${tag}`, email: `zoe.kaessbohrer.${tag}@acme.example`, formerEmail: `zoe.k.${tag}@privat.example` };
}

const address = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(3).toString('hex')}`;

/**
 * An offer of `dealer` for `customer` with the customer's data in every store; answers the offer
 * in `order_journey_started`… `employer_decision_pending` (its order submitted to the employer).
 */
export async function customerEverywhere(dealer: TestDealer, customer: Customer): Promise<{ id: string; offerNumber: string; totalPriceGross: number }> {
  const receiver = await startReceiver();
  try {
    // The operator registers the customer as the demo employer's employee.
    const registered = await api.post(`/api/console/employers/${DEMO.employer.id}/employees`, {
      headers: await consoleHeaders(await demoUser('operator@example.com')),
      body: { email: customer.email, name: customer.name },
    });
    if (registered.status !== 201) throw new Error(`employee: ${registered.status} ${registered.text}`);
    const hook = await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url } });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${hook.text}`);
    const created = await api.post('/v1/offers', {
      token: dealer.token,
      headers: { 'idempotency-key': `privacy-${randomBytes(4).toString('hex')}` },
      body: offerBody({ customerName: customer.name, customerEmail: customer.formerEmail, notes: `Call ${customer.name} before delivery.` }),
    });
    if (created.status !== 202) throw new Error(`create: ${created.status} ${created.text}`);
    const offer = created.body.data as { id: string; offerNumber: string; totalPriceGross: number };
    await processOffers({ ids: [offer.id] });
    const corrected = await api.put(`/v1/offers/${offer.id}/customer`, { token: dealer.token, body: { customerName: customer.name, customerEmail: customer.email } });
    if (corrected.status !== 200) throw new Error(`correction: ${corrected.status} ${corrected.text}`);
    await processOffers({ ids: [offer.id] });

    const link = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
    if (link.status !== 201) throw new Error(`link: ${link.status} ${link.text}`);
    // A sandbox link is in the answer; a production link only in the customer's mail.
    const [mail] = link.body.data.url
      ? []
      : await getDb().select({ link: notifications.mailLink }).from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
    const token = new URL((link.body.data.url ?? mail?.link) as string).pathname.split('/').pop()!;
    for (const action of ['start_order', 'submit_order']) {
      const step = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': address() }, body: { token, action } });
      if (step.status !== 200) throw new Error(`${action}: ${step.status} ${step.text}`);
    }
    await deliverWebhooks({ backoff: () => 0 });

    // What no path of ours writes today but a person or a receiver may: a decision's reason naming
    // the customer, a receiver's answer echoing them.
    const db = getDb();
    const [request] = await db.select({ id: employerRequests.id }).from(employerRequests).where(eq(employerRequests.offerId, offer.id));
    if (!request) throw new Error('no employer request');
    await db
      .update(employerRequests)
      .set({ reason: { de: `Rückfrage bei ${customer.name}`, en: `Ask ${customer.name}` } })
      .where(eq(employerRequests.id, request.id));
    await db.execute(sql`
      update ${webhookDeliveryAttempts} set response_excerpt = ${`received for ${customer.email}`}
      where delivery_id in (select id from ${webhookDeliveries} where offer_id = ${offer.id})`);
    return offer;
  } finally {
    await receiver.close();
  }
}

/** Moves an offer's last change back by `days` (as if nothing happened to it since). */
export async function ageOffer(id: string, days: number): Promise<void> {
  await getDb()
    .update(offers)
    .set({ updatedAt: sql`${offers.updatedAt} - make_interval(days => ${days}::int)` })
    .where(eq(offers.id, id));
}

/**
 * Every table (partitions included) whose rows hold any of the customer's traces — the name, its
 * folded and spelled-out search forms, the address — with how many rows.
 */
export async function tracesOf(customer: Customer, options: { except?: string[] } = {}): Promise<Record<string, number>> {
  const db = getDb();
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((t) => t.name);
  const [forms] = rowsOf<{ folded: string; spelled: string }>(
    await db.execute(sql`select spoke_fold(${customer.name}) as folded, spoke_fold(replace(replace(replace(${customer.name}, 'ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe')) as spelled`),
  );
  const needles = [customer.name, customer.email, customer.formerEmail, forms!.folded, forms!.spelled];
  const found: Record<string, number> = {};
  for (const table of tables) {
    if (options.except?.includes(table)) continue;
    const conditions = sql.join(
      needles.map((n) => sql`t::text ilike ${`%${n}%`}`),
      sql` or `,
    );
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} t where ${conditions}`));
    if (Number(row!.n) > 0) found[table] = Number(row!.n);
  }
  return found;
}
