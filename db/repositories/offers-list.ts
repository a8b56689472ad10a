import 'server-only';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DB_CASING, rowsOf, type Executor } from '../client';
import { preparedOnce } from './prepared';
import { offerListVersions, offerSearch, offers, purchaseOrders } from '../schema';
import { offerRecordColumns, type OfferRecord } from './offers';
import type { SortKey, Tenant } from '@/lib/shared/model';

// A dealer's list of offers: filters, sort orders, pages and exact totals. Lists filter, sort and
// search offer_search (migration 0012: one narrow row per offer, kept by triggers) and read only
// their page's offers from offers. Every statement is scoped by dealer and environment.

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
  /** The offers whose purchase order is (include) or is not (exclude: also those without one) in these statuses. */
  orderStatus?: ValueFilter;
  /** Matched anywhere in the offer's search key, case and accents ignored (spoke_fold). */
  search?: string;
};

export type OfferListQuery = OfferListFilters & {
  sortBy: SortKey;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const os = offerSearch;

/** Each sort key's columns in offer_search (text keys stored folded, as the lists sort them); ties sort by id. */
const SORT_COLUMNS: Record<SortKey, SQL[]> = {
  createdAt: [sql`${os.createdAt}`],
  statusChangedAt: [sql`${os.statusChangedAt}`],
  status: [sql`${os.status}`],
  externalOfferId: [sql`${os.externalOfferId}`],
  customerEmail: [sql`${os.customerEmail}`],
  customerName: [sql`${os.customerName}`],
  totalPriceGross: [sql`${os.totalPriceGross}`],
  offerNumber: [sql`${os.offerNumber}`],
  productName: [sql`${os.productBrand}`, sql`${os.productModel}`],
};

/** A search term as the LIKE pattern the lists run: anywhere in the key, `%` and `_` literal. */
export function searchPattern(term: string): string {
  // NFC: a term typed as base letter + combining accent folds like the precomposed letter.
  return `%${term.normalize('NFC').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A search term's condition. A term of two printable ASCII characters (which spoke_fold only
 * lowers) is in a search key exactly when the key has it as a bigram: that condition is answered
 * by offer_search_bigram_idx (migration 0032), where LIKE '%xy%' would read the tenant's every row
 * (pg_trgm takes no trigram from it). It is only for reading the index: checked row by row (a
 * PL/pgSQL call each) it costs far more than the LIKE, so `byBigram` is set only where the term
 * is the list's one filter and its matches are read off that index — its count, and the page of a
 * term with few matches. Any other term, and a walk of a sort index: LIKE.
 */
function searchCondition(term: string, byBigram: boolean): SQL {
  const nfc = term.normalize('NFC');
  if (byBigram && /^[\x20-\x7e]{2}$/.test(nfc)) return sql`spoke_bigrams(${os.searchKey}) && array[spoke_fold(${nfc}::text)]`;
  return sql`${os.searchKey} like spoke_fold(${searchPattern(term)})`;
}

/** The conditions of a list on offer_search: the tenant, then each filter that is set. */
export function listConditions(tenant: Tenant, f: OfferListFilters, { byBigram = false } = {}): SQL[] {
  const values = (column: SQL, v: ValueFilter | undefined, map = (x: string) => x): SQL[] => [
    ...(v?.include.length ? [inArray(column, v.include.map(map))] : []),
    ...(v?.exclude.length ? [notInArray(column, v.exclude.map(map))] : []),
  ];
  return [
    eq(os.dealerId, tenant.dealerId),
    eq(os.environment, tenant.environment),
    ...(f.createdFrom ? [gte(os.createdAt, f.createdFrom)] : []),
    ...(f.createdBefore ? [lt(os.createdAt, f.createdBefore)] : []),
    ...(f.statusChangedFrom ? [gte(os.statusChangedAt, f.statusChangedFrom)] : []),
    ...(f.statusChangedBefore ? [lt(os.statusChangedAt, f.statusChangedBefore)] : []),
    ...values(sql`${os.status}`, f.status),
    ...values(sql`${os.externalOfferId}`, f.externalOfferId),
    ...values(sql`${os.customerEmail}`, f.email, (e) => e.toLowerCase()),
    ...values(sql`${os.offerNumber}`, f.offerNumber),
    ...(f.orderStatus?.include.length
      ? [sql`${os.offerId} in (select ${purchaseOrders.offerId} from ${purchaseOrders} where ${purchaseOrders.status}::text in ${f.orderStatus.include})`]
      : []),
    ...(f.orderStatus?.exclude.length
      ? [sql`${os.offerId} not in (select ${purchaseOrders.offerId} from ${purchaseOrders} where ${purchaseOrders.status}::text in ${f.orderStatus.exclude})`]
      : []),
    ...(f.search ? [searchCondition(f.search, byBigram && !filtered({ ...f, search: undefined }))] : []),
  ];
}

const filtered = (f: OfferListFilters) =>
  !!(f.createdFrom || f.createdBefore || f.statusChangedFrom || f.statusChangedBefore || f.status || f.externalOfferId || f.email || f.offerNumber || f.orderStatus || f.search);

/**
 * A search with at most this many matches reads them all and sorts them; one with more walks the
 * sort index and stops after the page (a frequent term's matches come early in any order).
 */
export const GATHER_UP_TO = 5_000;

/**
 * The statements of a list: its exact count, and its page given that count (`total`). The page
 * of a search with few matches reads them first (off the trigram index; the OFFSET 0 fence keeps
 * PostgreSQL from walking a sort index row by row instead, which reads the whole tenant when the
 * matches sort late); otherwise it is one ordered statement. The page's offers are then read from
 * offers by id. test/explain.test.ts and bench/explain.ts EXPLAIN exactly these.
 */
export function listStatements(db: Executor, tenant: Tenant, q: OfferListQuery, total: number, gate?: SQL) {
  const where = and(...listConditions(tenant, q));
  // Read off an index: the count and gathered matches may take a short term by its bigram.
  const indexed = and(...listConditions(tenant, q, { byBigram: true }));
  const dir = q.order === 'asc' ? asc : desc;
  const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const sortColumns = SORT_COLUMNS[q.sortBy];
  const gather = !!q.search && total <= GATHER_UP_TO;
  // Named like the table, so the page (and SORT_COLUMNS) reads the matches.
  const matches = db.$with('offer_search', {}).as(sql`select * from ${offerSearch} where ${indexed} offset 0`);
  const keys = Object.fromEntries(sortColumns.map((c, i) => [`k${i}`, c.mapWith(String).as(`k${i}`)]));
  const page = (gather ? db.with(matches) : db)
    .select({ id: os.offerId, ...keys })
    .from(os)
    .where(gather ? undefined : where)
    .orderBy(...sortColumns.map((c) => dir(c)), dir(os.offerId))
    .limit(q.limit)
    .offset(q.offset)
    .as('page');
  const pageKeys = sortColumns.map((_, i) => sql`${(page as unknown as Record<string, SQL.Aliased>)[`k${i}`]!}`);
  return {
    count: db.select({ total: sql<number>`count(*)::int` }).from(os).where(indexed),
    page: db
      .select({ record: recordFields, [PAGE_ORDER]: sql<number>`row_number() over (order by ${sql.join([...pageKeys.map((k) => sql`${k} ${direction}`), sql`${page.id} ${direction}`], sql`, `)})`.as(PAGE_ORDER) })
      .from(page)
      .innerJoin(offers, eq(offers.id, page.id))
      .where(and(eq(offers.dealerId, tenant.dealerId), eq(offers.environment, tenant.environment), gate))
      .orderBy(...pageKeys.map((k) => dir(k)), dir(page.id)),
  };
}

/** The page's place of a row in its order (1, 2, …): a page read inside another statement keeps its order by it. */
const PAGE_ORDER = 'page_order';
const TOTAL = 'list_total';

/**
 * A list without a search term in one statement, one round trip: its exact count (the tenant's
 * count when unfiltered), then its page, which PostgreSQL runs only when the count reaches it (a
 * condition evaluated once before the page, "One-Time Filter"). A search keeps two statements:
 * its page is read one of two ways depending on its count (listStatements), and planning both
 * ways in one statement cost PostgreSQL more than the round trip it saves (docs/performance.md).
 */
export function listStatement(db: Executor, tenant: Tenant, q: OfferListQuery): SQL {
  const count = filtered(q)
    ? listStatements(db, tenant, q, 0).count.getSQL()
    : sql`select coalesce(max(${offerListVersions.offers}), 0)::int from ${offerListVersions}
        where ${offerListVersions.dealerId} = ${tenant.dealerId} and ${offerListVersions.environment} = ${tenant.environment}`;
  const total = sql`(select total from list_count)`;
  const page = listStatements(db, tenant, q, GATHER_UP_TO + 1, sql`${total} > ${q.offset}`).page.getSQL();
  return sql`with list_count (total) as (${count})
    select ${total} as ${sql.identifier(TOTAL)}, ${versionOf(tenant)} as ${sql.identifier(VERSION)}, p.* from (select) as one left join (${page}) as p on true
    order by p.${sql.identifier(PAGE_ORDER)}`;
}

/** The tenant's list version, read in the statement that reads the list (the same snapshot). */
const versionOf = (tenant: Tenant) =>
  sql`(select coalesce(max(${offerListVersions.version}), 0) from ${offerListVersions}
    where ${offerListVersions.dealerId} = ${tenant.dealerId} and ${offerListVersions.environment} = ${tenant.environment})`;
const VERSION = 'list_version';

/**
 * An offer's record, each column under its record key (read as the driver sends it; see recordOf).
 * Rendered once: its text never changes, and Drizzle rendering its 40 columns for every page cost
 * more CPU than the rest of a list's statement (docs/performance.md).
 */
const recordFields = sql.raw(
  new PgDialect({ casing: DB_CASING }).sqlToQuery(sql.join(Object.entries(offerRecordColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`), sql`, `)).sql,
);
const RECORD_DATES = Object.entries(offerRecordColumns)
  .filter(([, c]) => 'columnType' in c && c.columnType === 'PgTimestamp')
  .map(([key]) => key as 'createdAt');

/**
 * A row of recordFields as findOffer's record: the timestamps decoded by their columns' own
 * mapping, the accessories parsed if the driver sent text. A page is read as plain rows because
 * Drizzle's mapping of a selection walks every field of every row (~20 µs per offer: most of a
 * 100-offer page's time in Node.js); test/offer-records.test.ts holds both reads equal.
 */
function recordOf(row: Record<string, unknown>): OfferRecord {
  for (const key of RECORD_DATES) {
    const value = row[key];
    if (value !== null && value !== undefined) row[key] = offers[key].mapFromDriverValue(value as string);
  }
  if (typeof row.accessories === 'string') row.accessories = JSON.parse(row.accessories);
  return row as OfferRecord;
}

/** The tenant's list version: it changes with every committed change of one of its offers (migration 0018). */
export async function offerListVersion(db: Executor, tenant: Tenant): Promise<{ version: number; offers: number }> {
  const [row] = await versionStatement(db).execute({ dealerId: tenant.dealerId, environment: tenant.environment });
  return { version: Number(row?.version ?? 0), offers: row?.offers ?? 0 };
}

const versionStatement = preparedOnce((db) =>
  db
    .select({ version: offerListVersions.version, offers: offerListVersions.offers })
    .from(offerListVersions)
    .where(and(eq(offerListVersions.dealerId, sql.placeholder('dealerId')), eq(offerListVersions.environment, sql.placeholder('environment'))))
    .prepare('offer_list_version'),
);

/** One page of the tenant's offers, in the query's order, and the exact total. */
/**
 * A page of the tenant's offers, its exact total, and the tenant's list version as the count read
 * it (the list's ETag names it; see offerListVersion).
 */
export async function listOffers(db: Executor, tenant: Tenant, q: OfferListQuery): Promise<{ rows: OfferRecord[]; total: number; version: number }> {
  if (q.search) {
    const statements = listStatements(db, tenant, q, 0);
    const [counted] = await db.select({ total: sql<number>`(${statements.count})`, version: sql<string>`${versionOf(tenant)}` }).from(sql`(select) as one`);
    const total = counted?.total ?? 0;
    const version = Number(counted?.version ?? 0);
    if (total <= q.offset) return { rows: [], total, version };
    return { rows: pageRows(await db.execute(listStatements(db, tenant, q, total).page.getSQL())), total, version };
  }
  const rows = rowsOf<Record<string, unknown>>(await db.execute(listStatement(db, tenant, q)));
  const total = Number(rows[0]?.[TOTAL] ?? 0);
  const version = Number(rows[0]?.[VERSION] ?? 0);
  // Past the last page, the one row carries the total alone.
  return { rows: pageRows(rows.filter((row) => row.id !== null && row.id !== undefined)), total, version };
}

function pageRows(result: unknown): OfferRecord[] {
  return rowsOf<Record<string, unknown>>(result).map((row) => {
    delete row[TOTAL];
    delete row[VERSION];
    delete row[PAGE_ORDER];
    return recordOf(row);
  });
}
