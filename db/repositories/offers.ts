import { and, asc, desc, eq, fillPlaceholders, getTableColumns, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
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

/** The insert of an offer's accessories, unexecuted (undefined when there are none). */
export function accessoriesInsert(db: Executor, offerId: string, accessory: AccessoryInput[]) {
  if (accessory.length === 0) return undefined;
  return db.insert(offerAccessories).values(
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

async function insertAccessories(db: Executor, offerId: string, accessory: AccessoryInput[]): Promise<void> {
  const insert = accessoriesInsert(db, offerId, accessory);
  if (insert) await insert;
}

/**
 * Inserts a new offer's row and answers it as findOffer would, its accessories as given (the
 * caller writes them, with accessoriesInsert, in the same transaction): no read-back.
 */
export async function insertOffer(
  db: Executor,
  tenant: Tenant,
  fields: { externalOfferId: string; customerName: string; customerEmail: string },
  data: OfferData,
  infos: StoredStatusEntry[],
): Promise<OfferRecord> {
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
    .returning();
  const accessories: AccessoryRecord[] = data.accessory.map((a) => ({
    bidexCode: a.bidexCode,
    brandName: a.brandName ?? null,
    modelName: a.modelName ?? null,
    priceGross: a.priceGross ?? null,
    listPriceGross: a.listPriceGross ?? null,
  }));
  return { ...row!, accessories };
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

/**
 * A list query's values, named. The names alone decide the SQL (which filters, how many values
 * each list has, whether the search is fenced), so the statements are built once per set of
 * names (a query shape) and run with these values: Drizzle's query building is not paid per
 * request. They run as unnamed statements, so PostgreSQL still plans each execution for its
 * values (a generic plan of a list query can be many times slower, see docs/performance.md).
 */
export type ListValues = Record<string, string | number>;

/** Searches of 3 characters or more are trigram-indexed (see offerListQueries). */
const TRIGRAM_MIN = 3;
const FENCED = 'fenced';

export function listValues(tenant: Tenant, q: OfferListQuery): ListValues {
  const v: ListValues = { dealerId: tenant.dealerId, environment: tenant.environment };
  const date = (name: string, d?: Date) => d && (v[name] = d.toISOString());
  date('createdFrom', q.createdFrom);
  date('createdBefore', q.createdBefore);
  date('statusChangedFrom', q.statusChangedFrom);
  date('statusChangedBefore', q.statusChangedBefore);
  const list = (name: string, f: ValueFilter | undefined, map = (x: string) => x) => {
    f?.include.forEach((x, i) => (v[`${name}:in:${i}`] = map(x)));
    f?.exclude.forEach((x, i) => (v[`${name}:ex:${i}`] = map(x)));
  };
  list('status', q.status);
  list('externalOfferId', q.externalOfferId);
  list('email', q.email, (e) => e.toLowerCase());
  list('offerNumber', q.offerNumber);
  if (q.search) {
    v.search = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (q.search.length >= TRIGRAM_MIN) v[FENCED] = 1;
  }
  v.limit = q.limit;
  v.offset = q.offset;
  return v;
}

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

/** The WHERE of a list, from the names of its values only. */
function listWhere(names: string[]): SQL | undefined {
  const ph = sql.placeholder;
  const has = (name: string) => names.includes(name);
  const listed = (prefix: string) => names.filter((n) => n.startsWith(prefix)).map((n) => ph(n));
  const valueFilter = (column: SQL, name: string): SQL[] => {
    const include = listed(`${name}:in:`);
    const exclude = listed(`${name}:ex:`);
    return [...(include.length > 0 ? [inArray(column, include)] : []), ...(exclude.length > 0 ? [notInArray(column, exclude)] : [])];
  };
  const conditions = [
    eq(offers.dealerId, ph('dealerId')),
    eq(offers.environment, ph('environment')),
    has('createdFrom') && gte(offers.createdAt, ph('createdFrom')),
    has('createdBefore') && lt(offers.createdAt, ph('createdBefore')),
    has('statusChangedFrom') && gte(offers.statusChangedAt, ph('statusChangedFrom')),
    has('statusChangedBefore') && lt(offers.statusChangedAt, ph('statusChangedBefore')),
    ...valueFilter(sql`${offers.status}`, 'status'),
    ...valueFilter(sql`${offers.externalOfferId}`, 'externalOfferId'),
    ...valueFilter(sql`lower(${offers.customerEmail})`, 'email'),
    ...valueFilter(sql`${offers.offerNumber}`, 'offerNumber'),
    has('search') && sql`${searchExpression} ilike ${ph('search')}`,
  ];
  return and(...conditions.filter((c): c is SQL => !!c));
}

/**
 * The queries of a list shape, unexecuted, with placeholders for `values` (test/explain.test.ts
 * EXPLAINs exactly these, through listQuerySQL).
 */
export function offerListQueries(db: Executor, sortBy: SortKey, order: 'asc' | 'desc', values: ListValues) {
  const where = listWhere(Object.keys(values));
  const dir = order === 'asc' ? asc : desc;
  const orderBy = [...SORT_COLUMNS[sortBy].map((c) => dir(c)), dir(offers.id)];
  // With a search the matches come from the tenant's trigram index, then are sorted: the
  // OFFSET 0 subquery keeps PostgreSQL from walking a sort index instead and filtering row by
  // row, which it estimates cheap and which reads most of the tenant's offers when the matches
  // sort late (or do not exist). Cost then grows with the matches, not with the tenant's size.
  const fenced = FENCED in values;
  // The CTE is named like the table, so the main query (and offerRecordColumns) reads the matches.
  const matches = db.$with('offers', {}).as(sql`select * from ${offers} where ${where} offset 0`);
  // …and the total comes with them (a window count over the matches the page read anyway).
  const rows = (fenced ? db.with(matches) : db)
    .select(fenced ? { ...offerRecordColumns, matchCount: sql<number>`(count(*) over ())::int` } : offerRecordColumns)
    .from(offers)
    .where(fenced ? undefined : where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
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

/** A list query's SQL text and its parameters for `values` (for EXPLAIN and the bench's baseline). */
export function listQuerySQL(query: { toSQL(): { sql: string; params: unknown[] } }, values: ListValues) {
  const { sql: text, params } = query.toSQL();
  return { sql: text, params: fillPlaceholders(params, values) };
}

function prepareList(db: Executor, sortBy: SortKey, order: 'asc' | 'desc', values: ListValues) {
  const q = offerListQueries(db, sortBy, order, values);
  // An empty name: node-postgres sends an unnamed statement, planned for the values each time.
  return { fenced: q.fenced, rows: q.rows.prepare(''), count: q.count.prepare(''), cappedCount: q.cappedCount.prepare('') };
}
type PreparedList = ReturnType<typeof prepareList>;
const SHAPES_PER_HANDLE = 500;
const listStatements = new WeakMap<Executor, Map<string, PreparedList>>();

function preparedList(db: Executor, sortBy: SortKey, order: 'asc' | 'desc', values: ListValues): { key: string; prepared: PreparedList } {
  const key = `${sortBy} ${order} ${Object.keys(values).join(',')}`;
  let shapes = listStatements.get(db);
  if (!shapes) listStatements.set(db, (shapes = new Map()));
  let prepared = shapes.get(key);
  if (!prepared) {
    if (shapes.size >= SHAPES_PER_HANDLE) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, (prepared = prepareList(db, sortBy, order, values)));
  }
  return { key, prepared };
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

async function countOf(prepared: PreparedList, values: ListValues): Promise<number> {
  // The filter's values without page, size and sort: every page and sort of a filter shares its count.
  const filter = Object.entries(values).filter(([k]) => k !== 'limit' && k !== 'offset');
  const key = JSON.stringify(filter);
  const known = bigCounts.get(key);
  if (known && Date.now() - known.at < COUNT_TTL_MS) return known.total;
  const [capped] = await prepared.cappedCount.execute(values);
  if ((capped?.total ?? 0) <= COUNT_EXACT_UP_TO) return capped?.total ?? 0;
  const [exact] = await prepared.count.execute(values);
  const total = exact?.total ?? 0;
  if (bigCounts.size >= 1000) bigCounts.delete(bigCounts.keys().next().value!);
  bigCounts.set(key, { total, at: Date.now() });
  return total;
}

export async function listOffers(db: Executor, tenant: Tenant, q: OfferListQuery) {
  const values = listValues(tenant, q);
  const { prepared } = preparedList(db, q.sortBy, q.order, values);
  if (prepared.fenced) {
    const rows = (await prepared.rows.execute(values)) as (OfferRecord & { matchCount?: number })[];
    // A page past the end has no row to carry the total: count then.
    const total = rows[0]?.matchCount ?? (q.offset === 0 ? 0 : await countOf(prepared, values));
    for (const row of rows) delete row.matchCount;
    return { rows: rows as OfferRecord[], total };
  }
  const [rows, total] = await Promise.all([prepared.rows.execute(values), countOf(prepared, values)]);
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
