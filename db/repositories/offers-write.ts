import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, SQL, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../client';
import { employees, employers, offerAccessories, offerHistory, offers, type StoredStatusEntry } from '../schema';
import { outboxEventOf, type HistoryInsert } from './history';
import { notifyDue, tenantWhere, type AccessoryInput, type AccessoryRecord, type OfferData, type OfferRecord, type OfferRow } from './offers';
import { outboxEventsJson, outboxFrom } from './webhooks';
import { preparedOnce } from './prepared';
import { currentTermsColumns, currentTermsOf, type OfferExtras } from './offer-answers';
import type { OfferStatus, Tenant } from '@/lib/shared/model';

// The writes of an offer's data and status: create, resubmit (update), status moves. Each answers
// whether the tenant had the offer; the use cases in lib/offers decide what is written.

const money = (v: number | undefined) => (v === undefined ? null : String(v));

/** The amounts the total sums: bicycle, accessories, shipping, installation (those given). */
function amountsOf(data: OfferData): string[] {
  return [data.product.priceGross, ...data.accessory.map((a) => a.priceGross), data.shippingCostGross, data.installationCostGross]
    .filter((v): v is number => v !== undefined)
    .map(String);
}

/** Total = bicycle + accessories + shipping + installation, summed in PostgreSQL's numeric. */
function totalOf(data: OfferData): SQL {
  return sql`(${sql.join([sql`0::numeric`, ...amountsOf(data).map((v) => sql`${v}::numeric`)], sql` + `)})`;
}

/** The offer's data columns and its total, as create and update write them. */
export function dataColumns(data: OfferData) {
  const p = data.product;
  return {
    productBidexCode: p.bidexCode,
    productBrandName: p.brandName ?? null,
    productModelName: p.modelName ?? null,
    productModelYear: p.modelYear ?? null,
    productColor: p.color ?? null,
    productSize: p.size ?? null,
    productDriveManufacturer: p.driveManufacturer ?? null,
    productBatteryCapacity: p.batteryCapacity ?? null,
    productPriceGross: money(p.priceGross),
    productListPriceGross: money(p.listPriceGross),
    withShipping: data.withShipping ?? false,
    shippingCostGross: money(data.shippingCostGross),
    installationCostGross: money(data.installationCostGross),
    deliveryDate: data.deliveryDate ? new Date(data.deliveryDate) : null,
    notes: data.notes ?? null,
    totalPriceGross: totalOf(data),
  };
}

/** An offer's accessories as rows, in their order. */
function accessoryRows(offerId: string, accessory: AccessoryInput[]) {
  return accessory.map((a, position) => ({
    offerId,
    position,
    bidexCode: a.bidexCode,
    brandName: a.brandName ?? null,
    modelName: a.modelName ?? null,
    priceGross: money(a.priceGross),
    listPriceGross: money(a.listPriceGross),
  }));
}

/** What the caller's policy writes with a new offer (lib/offers/use-cases/create-offer.ts): its history entry and webhook event. */
export type Creation = { history: HistoryInsert; eventType: string | null };

/**
 * Inserts a new offer — its row, its accessories, its history entry and its webhook deliveries
 * (`creation(id)`) — as one statement of data-modifying CTEs: atomic by itself, one round trip, no
 * transaction needed. The deliveries read the new row from the `new_offer` CTE (the table does not
 * show it to the statement's other parts). Answers the offer as findOffer would, its accessories as
 * given: no read-back. Tells the processors it is due (notifyDue). The statement is prepared once
 * per executor: every value is a parameter, the accessories and events one JSON parameter each
 * (Drizzle rendering the statement for each create cost more CPU than PostgreSQL running it).
 */
export async function insertOffer(
  db: Executor,
  tenant: Tenant,
  fields: { externalOfferId: string; customerName: string; customerEmail: string },
  data: OfferData,
  infos: StoredStatusEntry[],
  creation: (id: string) => Creation,
): Promise<{ record: OfferRecord; current: OfferExtras['current'] }> {
  const id = randomUUID();
  const { history, eventType } = creation(id);
  const event = outboxEventOf(history, eventType);
  const { totalPriceGross: _total, ...columns } = dataColumns(data);
  const [inserted] = await createStatement(db).execute({
    id,
    dealerId: tenant.dealerId,
    environment: tenant.environment,
    ...fields,
    ...columns,
    deliveryDate: columns.deliveryDate?.toISOString() ?? null,
    amounts: JSON.stringify(amountsOf(data)),
    statusInfos: JSON.stringify(infos),
    accessories: JSON.stringify(accessoryRows(id, data.accessory)),
    actorType: history.actorType,
    actorId: history.actorId ?? null,
    actorName: history.actorName ?? null,
    action: history.action,
    fromStatus: history.fromStatus ?? null,
    toStatus: history.toStatus ?? null,
    changeSeq: history.changeSeq,
    changes: JSON.stringify(history.changes ?? []),
    events: outboxEventsJson(event ? [event] : []),
  });
  const accessories: AccessoryRecord[] = data.accessory.map((a) => ({
    bidexCode: a.bidexCode,
    brandName: a.brandName ?? null,
    modelName: a.modelName ?? null,
    priceGross: a.priceGross ?? null,
    listPriceGross: a.listPriceGross ?? null,
  }));
  return { record: { ...inserted!.offer, accessories }, current: currentTermsOf(inserted!) };
}

const createStatement = preparedOnce((db) => {
  const p = (name: string) => sql.placeholder(name);
  const data = Object.fromEntries(DATA_KEYS.map((key) => [key, p(key)])) as Record<(typeof DATA_KEYS)[number], Placeholder>;
  const newOffer = db.$with('new_offer').as(
    db
      .insert(offers)
      .values({
        ...data,
        id: p('id'),
        dealerId: p('dealerId'),
        environment: p('environment'),
        externalOfferId: p('externalOfferId'),
        customerName: p('customerName'),
        customerEmail: p('customerEmail'),
        deliveryDate: sql`${p('deliveryDate')}::timestamptz`,
        totalPriceGross: sql`(select coalesce(sum(value::numeric), 0) from jsonb_array_elements_text(${p('amounts')}::jsonb))`,
        status: 'pending',
        statusInfos: sql`${p('statusInfos')}::jsonb`,
        processAfter: sql`now()`,
      })
      .returning({ ...getTableColumns(offers), notified: notifyDue().as('notified') }),
  );
  const writes = [
    sql`insert into ${offerAccessories} (offer_id, position, bidex_code, brand_name, model_name, price_gross, list_price_gross)
      select a."offerId", a.position, a."bidexCode", a."brandName", a."modelName", a."priceGross", a."listPriceGross"
      from jsonb_to_recordset(${p('accessories')}::jsonb)
        as a("offerId" uuid, position int, "bidexCode" text, "brandName" text, "modelName" text, "priceGross" numeric, "listPriceGross" numeric)`,
    db.insert(offerHistory).values({
      offerId: p('id'),
      actorType: p('actorType'),
      actorId: p('actorId'),
      actorName: p('actorName'),
      action: p('action'),
      fromStatus: p('fromStatus'),
      toStatus: p('toStatus'),
      changeSeq: p('changeSeq'),
      changes: sql`${p('changes')}::jsonb`,
    }),
    outboxFrom(sql`${p('events')}`, sql`${sql.identifier('new_offer')}`),
  ].map((w, i) => db.$with(`write_${i}`, {}).as(w instanceof SQL ? w : w.getSQL()));
  // Its answer's lease terms: those of the employer the customer is registered with now.
  return db
    .with(newOffer, ...writes)
    .select({
      offer: Object.fromEntries(OFFER_KEYS.map((key) => [key, newOffer[key]])) as { [K in (typeof OFFER_KEYS)[number]]: (typeof newOffer)[K] },
      // Read, so that the NOTIFY of its RETURNING is part of what the statement answers.
      notified: newOffer.notified,
      ...currentTermsColumns,
    })
    .from(newOffer)
    .leftJoin(employees, eq(employees.email, sql`lower(btrim(${newOffer.customerEmail}))`))
    .leftJoin(employers, eq(employers.id, employees.employerId))
    .prepare('offers_create');
});

const OFFER_KEYS = Object.keys(getTableColumns(offers)) as (keyof typeof offers._.columns)[];

/** The data columns dataColumns writes as they are (the total is summed from amountsOf). */
const DATA_KEYS = [
  'productBidexCode', 'productBrandName', 'productModelName', 'productModelYear', 'productColor', 'productSize',
  'productDriveManufacturer', 'productBatteryCapacity', 'productPriceGross', 'productListPriceGross',
  'withShipping', 'shippingCostGross', 'installationCostGross', 'notes',
] as const;

/** What every new change of an offer sets: back to pending, errors cleared, counted, due now. */
export function newChangeColumns() {
  return {
    status: 'pending' as const,
    statusErrors: [],
    changeSeq: sql`${offers.changeSeq} + 1`,
    processAfter: sql`now()`,
    processingAttempts: 0,
    updatedAt: sql`now()`,
    statusChangedAt: sql`now()`,
  };
}

/**
 * Replaces the tenant's offer's data and puts it back to `pending` as a new change. Answers false
 * (and changes nothing) when the tenant has no such offer. Run in the caller's transaction: the
 * offer and its accessories change together.
 */
export async function resubmitOffer(db: Executor, tenant: Tenant, id: string, data: OfferData, infos: StoredStatusEntry[]): Promise<boolean> {
  const updated = await db
    .update(offers)
    .set({
      ...dataColumns(data),
      ...newChangeColumns(),
      statusInfos: infos,
    })
    .where(and(tenantWhere(tenant), eq(offers.id, id)))
    .returning({ id: offers.id, notified: notifyDue() });
  if (updated.length === 0) return false;
  await db.delete(offerAccessories).where(eq(offerAccessories.offerId, id));
  if (data.accessory.length > 0) await db.insert(offerAccessories).values(accessoryRows(id, data.accessory));
  return true;
}

/**
 * Corrects the tenant's offer's customer; with `recheck` the offer is also put back to `pending`
 * as a new change (its checks depend on the customer's e-mail). False when the tenant has no such offer.
 */
export async function setOfferCustomer(
  db: Executor,
  tenant: Tenant,
  id: string,
  customer: { customerName: string; customerEmail: string },
  recheck: boolean,
): Promise<boolean> {
  const updated = await db
    .update(offers)
    .set({ ...customer, updatedAt: sql`now()`, ...(recheck ? newChangeColumns() : {}) })
    .where(and(tenantWhere(tenant), eq(offers.id, id)))
    .returning(recheck ? { id: offers.id, notified: notifyDue() } : { id: offers.id });
  return updated.length > 0;
}

/** Moves the tenant's offer to a new status, with the status entries that come with it; false when the tenant has no such offer. */
export async function setOfferStatus(
  db: Executor,
  tenant: Tenant,
  id: string,
  status: OfferStatus,
  extra: Partial<Pick<OfferRow, 'statusErrors' | 'statusInfos' | 'cancelReason' | 'cancelNote' | 'contactFromEmployeeRequested'>> = {},
): Promise<boolean> {
  const updated = await db
    .update(offers)
    .set({
      status,
      ...extra,
      processAfter: status === 'pending' ? sql`now()` : null,
      updatedAt: sql`now()`,
      statusChangedAt: sql`now()`,
    })
    .where(and(tenantWhere(tenant), eq(offers.id, id)))
    .returning(status === 'pending' ? { id: offers.id, notified: notifyDue() } : { id: offers.id });
  return updated.length > 0;
}
