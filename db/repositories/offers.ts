import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { offerAccessories, offers, type StoredStatusEntry } from '../schema';
import type { Tenant } from '@/lib/auth/authenticate';
import type { OfferStatus } from '@/lib/offers/lifecycle';
import type { AccessoryInput, ProductInput, SortKey } from '@/lib/offers/schemas';

// Every query of offers goes through here, scoped by dealer and environment.

export type OfferRow = typeof offers.$inferSelect;
export type AccessoryRecord = {
  bidexCode: string;
  brandName: string | null;
  modelName: string | null;
  priceGross: number | string | null;
  listPriceGross: number | string | null;
};
export type OfferRecord = OfferRow & { accessories: AccessoryRecord[] };

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

export const offerRecordColumns = { ...getTableColumns(offers), accessories: accessoriesJson };

const money = (v: number | undefined) => (v === undefined ? null : String(v));

/** Total = bicycle + accessories + shipping + installation, summed in PostgreSQL's numeric. */
function totalOf(data: OfferData): SQL {
  const amounts = [
    data.product.priceGross,
    ...data.accessory.map((a) => a.priceGross),
    data.shippingCostGross,
    data.installationCostGross,
  ].filter((v): v is number => v !== undefined);
  return sql`(${sql.join([sql`0::numeric`, ...amounts.map((v) => sql`${String(v)}::numeric`)], sql` + `)})`;
}

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

async function insertAccessories(db: Executor, offerId: string, accessory: AccessoryInput[]): Promise<void> {
  if (accessory.length === 0) return;
  await db.insert(offerAccessories).values(
    accessory.map((a, position) => ({
      offerId,
      position,
      bidexCode: a.bidexCode,
      brandName: a.brandName ?? null,
      modelName: a.modelName ?? null,
      priceGross: money(a.priceGross),
      listPriceGross: money(a.listPriceGross),
    })),
  );
}

export async function insertOffer(
  db: Executor,
  tenant: Tenant,
  fields: { externalOfferId: string; customerName: string; customerEmail: string },
  data: OfferData,
  infos: StoredStatusEntry[],
): Promise<string> {
  const [row] = await db
    .insert(offers)
    .values({
      dealerId: tenant.dealerId,
      environment: tenant.environment,
      ...fields,
      ...dataColumns(data),
      status: 'pending',
      statusInfos: infos,
      processAfter: sql`now()`,
    })
    .returning({ id: offers.id });
  await insertAccessories(db, row!.id, data.accessory);
  return row!.id;
}

// The hottest query (get, history, create, update, cancel): built once per database or transaction
// handle (each variant when first needed) and run as a named prepared statement, which PostgreSQL
// parses and plans once per connection.
function prepareFind(db: Executor, lock: boolean) {
  const query = db
    .select(offerRecordColumns)
    .from(offers)
    .where(and(eq(offers.dealerId, sql.placeholder('dealerId')), eq(offers.environment, sql.placeholder('environment')), eq(offers.id, sql.placeholder('id'))))
    .limit(1);
  return lock ? query.for('update', { of: offers }).prepare('offers_find_for_update') : query.prepare('offers_find');
}
const findStatements = { plain: new WeakMap<Executor, ReturnType<typeof prepareFind>>(), locking: new WeakMap<Executor, ReturnType<typeof prepareFind>>() };

export async function findOffer(db: Executor, tenant: Tenant, id: string, options: { lock?: boolean } = {}) {
  const cache = options.lock ? findStatements.locking : findStatements.plain;
  let statement = cache.get(db);
  if (!statement) cache.set(db, (statement = prepareFind(db, !!options.lock)));
  const [row] = await statement.execute({ dealerId: tenant.dealerId, environment: tenant.environment, id });
  return row as OfferRecord | undefined;
}

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
 * (and changes nothing) when the tenant has no such offer.
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
    .returning({ id: offers.id });
  if (updated.length === 0) return false;
  await db.delete(offerAccessories).where(eq(offerAccessories.offerId, id));
  await insertAccessories(db, id, data.accessory);
  return true;
}

/** Moves the tenant's offer to a new status, with the status entries that come with it; false when the tenant has no such offer. */
export async function setOfferStatus(
  db: Executor,
  tenant: Tenant,
  id: string,
  status: OfferStatus,
  extra: Partial<Pick<OfferRow, 'statusErrors' | 'statusInfos' | 'cancelReason' | 'contactFromEmployeeRequested'>> = {},
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
    .returning({ id: offers.id });
  return updated.length > 0;
}

// ---- Lists ---------------------------------------------------------------------------------

export type ValueFilter = { include: string[]; exclude: string[] };

export type OfferListFilters = {
  createdFrom?: Date;
  /** Exclusive upper bound. */
  createdBefore?: Date;
  statusChangedFrom?: Date;
  /** Exclusive upper bound. */
  statusChangedBefore?: Date;
  status?: ValueFilter;
  externalOfferId?: ValueFilter;
  email?: ValueFilter;
  offerNumber?: ValueFilter;
  search?: string;
};

export type OfferListQuery = OfferListFilters & {
  sortBy: SortKey;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** The search expression; the trigram index `offers_tenant_search_trgm_idx` is built on exactly this. */
export const searchExpression = sql`(${offers.customerName} || ' ' || ${offers.offerNumber} || ' ' || coalesce(${offers.productBrandName}, '') || ' ' || coalesce(${offers.productModelName}, ''))`;

const SORT_COLUMNS: Record<SortKey, SQL[]> = {
  createdAt: [sql`${offers.createdAt}`],
  status: [sql`${offers.status}`],
  externalOfferId: [sql`${offers.externalOfferId}`],
  customerEmail: [sql`lower(${offers.customerEmail})`],
  customerName: [sql`lower(${offers.customerName})`],
  totalPriceGross: [sql`${offers.totalPriceGross}`],
  offerNumber: [sql`${offers.offerNumber}`],
  productName: [sql`lower(coalesce(${offers.productBrandName}, ''))`, sql`lower(coalesce(${offers.productModelName}, ''))`],
};

function valueFilter(column: SQL, f?: ValueFilter): SQL[] {
  if (!f) return [];
  const out: SQL[] = [];
  if (f.include.length > 0) out.push(inArray(column, f.include));
  if (f.exclude.length > 0) out.push(notInArray(column, f.exclude));
  return out;
}

function listWhere(tenant: Tenant, f: OfferListFilters): SQL | undefined {
  const lowerEmail = sql`lower(${offers.customerEmail})`;
  const conditions = [
    tenantWhere(tenant),
    f.createdFrom && gte(offers.createdAt, f.createdFrom),
    f.createdBefore && lt(offers.createdAt, f.createdBefore),
    f.statusChangedFrom && gte(offers.statusChangedAt, f.statusChangedFrom),
    f.statusChangedBefore && lt(offers.statusChangedAt, f.statusChangedBefore),
    ...valueFilter(sql`${offers.status}`, f.status),
    ...valueFilter(sql`${offers.externalOfferId}`, f.externalOfferId),
    ...valueFilter(lowerEmail, f.email && { include: f.email.include.map((e) => e.toLowerCase()), exclude: f.email.exclude.map((e) => e.toLowerCase()) }),
    ...valueFilter(sql`${offers.offerNumber}`, f.offerNumber),
    f.search && sql`${searchExpression} ilike ${`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  ];
  return and(...conditions.filter((c): c is SQL => !!c));
}

/** Searches of 3 characters or more are trigram-indexed (see offerListQueries). */
const TRIGRAM_MIN = 3;

/** The queries of a list page, unexecuted (test/explain.test.ts EXPLAINs exactly these). */
export function offerListQueries(db: Executor, tenant: Tenant, q: OfferListQuery) {
  const where = listWhere(tenant, q);
  const dir = q.order === 'asc' ? asc : desc;
  const orderBy = [...SORT_COLUMNS[q.sortBy].map((c) => dir(c)), dir(offers.id)];
  // With a search the matches come from the tenant's trigram index, then are sorted: the
  // OFFSET 0 subquery keeps PostgreSQL from walking a sort index instead and filtering row by
  // row, which it estimates cheap and which reads most of the tenant's offers when the matches
  // sort late (or do not exist). Cost then grows with the matches, not with the tenant's size.
  const fenced = (q.search?.length ?? 0) >= TRIGRAM_MIN;
  // The CTE is named like the table, so the main query (and offerRecordColumns) reads the matches.
  const matches = db.$with('offers', {}).as(sql`select * from ${offers} where ${where} offset 0`);
  // …and the total comes with them (a window count over the matches the page read anyway).
  const rows = (fenced ? db.with(matches) : db)
    .select(fenced ? { ...offerRecordColumns, matchCount: sql<number>`(count(*) over ())::int` } : offerRecordColumns)
    .from(offers)
    .where(fenced ? undefined : where)
    .orderBy(...orderBy)
    .limit(q.limit)
    .offset(q.offset);
  return {
    rows,
    /** A search: rows carry the total as matchCount, no count query is needed. */
    fenced,
    count: db.select({ total: sql<number>`count(*)::int` }).from(offers).where(where),
    /** Counts up to COUNT_EXACT_UP_TO + 1 matches, no further. */
    cappedCount: db
      .select({ total: sql<number>`count(*)::int` })
      .from(db.select({ one: sql`1` }).from(offers).where(where).limit(COUNT_EXACT_UP_TO + 1).as('capped')),
  };
}

/**
 * totalCount is exact up to this many matches. Above it the exact count (which reads every
 * match) is taken once and kept for COUNT_TTL_MS per tenant and filter (page and sort share
 * it), so a 100,000-offer dealer paging or polling its list does not count 100,000 rows per
 * request; such a total (and the nextPage derived from it) may lag up to that long.
 */
export const COUNT_EXACT_UP_TO = 10_000;
export const COUNT_TTL_MS = 30_000;
const bigCounts = new Map<string, { total: number; at: number }>();

async function countOf(queries: ReturnType<typeof offerListQueries>): Promise<number> {
  const { sql: text, params } = queries.count.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const known = bigCounts.get(key);
  if (known && Date.now() - known.at < COUNT_TTL_MS) return known.total;
  const [capped] = await queries.cappedCount;
  if ((capped?.total ?? 0) <= COUNT_EXACT_UP_TO) return capped?.total ?? 0;
  const [exact] = await queries.count;
  const total = exact?.total ?? 0;
  if (bigCounts.size >= 1000) bigCounts.delete(bigCounts.keys().next().value!);
  bigCounts.set(key, { total, at: Date.now() });
  return total;
}

export async function listOffers(db: Executor, tenant: Tenant, q: OfferListQuery) {
  const queries = offerListQueries(db, tenant, q);
  if (queries.fenced) {
    const rows = (await queries.rows) as (OfferRecord & { matchCount?: number })[];
    // A page past the end has no row to carry the total: count then.
    const total = rows[0]?.matchCount ?? (q.offset === 0 ? 0 : await countOf(queries));
    for (const row of rows) delete row.matchCount;
    return { rows: rows as OfferRecord[], total };
  }
  const [rows, total] = await Promise.all([queries.rows, countOf(queries)]);
  return { rows: rows as OfferRecord[], total };
}

/** Offer numbers of the tenant's finished offers (rejected, canceled, done) with this external id. */
export async function linkedOfferNumbers(db: Executor, tenant: Tenant, externalOfferId: string, exceptId?: string) {
  const rows = await db
    .select({ offerNumber: offers.offerNumber })
    .from(offers)
    .where(
      and(
        tenantWhere(tenant),
        eq(offers.externalOfferId, externalOfferId),
        inArray(offers.status, ['rejected', 'canceled', 'done']),
        exceptId ? sql`${offers.id} <> ${exceptId}` : undefined,
      ),
    )
    .orderBy(asc(offers.offerNumber));
  return rows.map((r) => r.offerNumber);
}
