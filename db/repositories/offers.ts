import 'server-only';
import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { preparedOnce } from './prepared';
import { offerAccessories, offers } from '../schema';
import type { OfferStatus, Tenant } from '@/lib/shared/model';

// An offer as the API reads it, and the reads of one offer. Every query of offers is scoped by
// dealer and environment; the writes are in offers-write.ts, the lists in offers-list.ts, the
// processor's statements in offers-processing.ts.

/** An offer as the API reads it. */
export type OfferRow = typeof offers.$inferSelect;
export type AccessoryRecord = {
  bidexCode: string;
  brandName: string | null;
  modelName: string | null;
  priceGross: number | string | null;
  listPriceGross: number | string | null;
};
export type OfferRecord = OfferRow & { accessories: AccessoryRecord[] };

/** An accessory as create and update write it (lib/offers/contract/schemas.ts validates it). */
export type AccessoryInput = {
  bidexCode: string;
  brandName?: string;
  modelName?: string;
  priceGross?: number;
  listPriceGross?: number;
};

/** The bicycle as create and update write it (lib/offers/contract/schemas.ts validates it). */
export type ProductInput = AccessoryInput & {
  modelYear?: string;
  color?: string;
  size?: string;
  driveManufacturer?: string;
  batteryCapacity?: string;
};

/** The data of an offer that create and update write (normalized request fields). */
export type OfferData = {
  product: ProductInput;
  accessory: AccessoryInput[];
  withShipping?: boolean;
  shippingCostGross?: number;
  installationCostGross?: number;
  deliveryDate?: string;
  notes?: string;
};

export const tenantWhere = (t: Tenant) => and(eq(offers.dealerId, t.dealerId), eq(offers.environment, t.environment));

const accessoriesJson = sql<AccessoryRecord[]>`(
  select coalesce(json_agg(json_build_object(
    'bidexCode', a.bidex_code, 'brandName', a.brand_name, 'modelName', a.model_name,
    'priceGross', a.price_gross, 'listPriceGross', a.list_price_gross) order by a.position), '[]'::json)
  from ${offerAccessories} a where a.offer_id = ${offers.id})`.mapWith((v: unknown) =>
  typeof v === 'string' ? (JSON.parse(v) as AccessoryRecord[]) : (v as AccessoryRecord[]),
);

/** An offer's record as a select reads it: its columns and its accessories in their order. */
export const offerRecordColumns = { ...getTableColumns(offers), accessories: accessoriesJson };

/**
 * The channel on which a write that makes an offer due tells the processors (lib/runtime/schedule.ts).
 * The NOTIFY is a column of the write's own RETURNING: no extra round trip, and as a NOTIFY it is
 * delivered only when the transaction commits (equal ones in a transaction are delivered once).
 */
export const OFFERS_DUE_CHANNEL = 'spoke_offers_due';
export const notifyDue = () => sql<string>`pg_notify(${OFFERS_DUE_CHANNEL}, '')`;

/**
 * The channel on which every change of an offer is announced, its id as the payload (a trigger of
 * migration 0012, so the processor's, the API's and the console's writes all announce theirs).
 */
export const OFFER_CHANGED_CHANNEL = 'spoke_offer_changed';

/**
 * The tenant's offer, optionally locked for the rest of the transaction. A named statement: the
 * hottest read (get, history, create, update, cancel), parsed and planned once per connection.
 */
export async function findOffer(db: Executor, tenant: Tenant, id: string, options: { lock?: boolean } = {}): Promise<OfferRecord | undefined> {
  const [row] = await findStatement(db, options.lock ?? false).execute({ dealerId: tenant.dealerId, environment: tenant.environment, id });
  return row;
}

function prepareFind(db: Executor, lock: boolean) {
  const query = db
    .select(offerRecordColumns)
    .from(offers)
    .where(and(eq(offers.dealerId, sql.placeholder('dealerId')), eq(offers.environment, sql.placeholder('environment')), eq(offers.id, sql.placeholder('id'))))
    .limit(1);
  return lock ? query.for('update', { of: offers }).prepare('offers_find_for_update') : query.prepare('offers_find');
}

const findUnlocked = preparedOnce((db) => prepareFind(db, false));
const findLocked = preparedOnce((db) => prepareFind(db, true));
const findStatement = (db: Executor, lock: boolean) => (lock ? findLocked(db) : findUnlocked(db));

/** When the tenant's offer last changed (its version for a page that shows it), or null. */
export async function offerVersion(db: Executor, tenant: Tenant, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ updatedAt: offers.updatedAt })
    .from(offers)
    .where(and(tenantWhere(tenant), eq(offers.id, id)))
    .limit(1);
  return row?.updatedAt ?? null;
}

/** The statuses whose offers are finished: they count as "linked" for a new offer with the same external id. */
export const LINKING_STATUSES: OfferStatus[] = ['rejected', 'canceled', 'done'];

/**
 * The tenant's active offer (not rejected, canceled or done) that holds `externalOfferId`, other
 * than `exceptId`: what a 409 CONFLICT names (and what makes a dry run's create answer 409).
 */
export async function activeOfferHolding(db: Executor, tenant: Tenant, externalOfferId: string, exceptId?: string) {
  const [row] = await db
    .select({ id: offers.id, offerNumber: offers.offerNumber, status: offers.status })
    .from(offers)
    .where(
      and(
        tenantWhere(tenant),
        eq(offers.externalOfferId, externalOfferId),
        notInArray(offers.status, LINKING_STATUSES),
        ...(exceptId ? [sql`${offers.id} <> ${exceptId}`] : []),
      ),
    )
    .limit(1);
  return row;
}
