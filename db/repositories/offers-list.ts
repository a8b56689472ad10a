import 'server-only';
import { and, asc, desc, eq, fillPlaceholders, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { offerSearch, offers } from '../schema';
import { offerRecordColumns, type OfferRecord } from './offers';
import { OFFER_STATUSES, type SortKey, type Tenant } from '@/lib/shared/model';

// A dealer's list of offers: filters, sort orders, pages and totals, read from offer_search
// (migration 0012) with only the page's offers read from offers.

/**
 * An offer's record for statements that read many offers (list pages, a kept term's page): each
 * column under its record key, read as plain rows (`all()`) and decoded here. Drizzle's own
 * mapping walks every field of every row through its entity checks — about 20 µs per offer, most
 * of a 100-offer page's CPU in Node.js (docs/performance.md, change 27). Here only the timestamps
 * need decoding, by the columns' own mapping, so a record reads the same either way
 * (test/offer-records.test.ts).
 */
const recordEntries = Object.entries(offerRecordColumns);
const offerRecordFields = Object.fromEntries(recordEntries.map(([k, c]) => [k, sql`${c}`.as(k)]));
const RECORD_DATES = recordEntries.filter(([, c]) => 'columnType' in c && c.columnType === 'PgTimestamp').map(([k]) => k as 'createdAt');
/** What a record's statement reads besides the record: removed from each row (last in, first out). */
const RECORD_EXTRAS = ['snapshot', 'total'] as const;

/**
 * A prepared statement's rows as the driver sent them, without Drizzle's mapping: `all()`, which
 * both drivers' prepared queries have (node-postgres and PGlite; not in pg-core's abstract type).
 */
function plainRows(statement: object, values: Record<string, unknown>): Promise<unknown[]> {
  const all = (statement as { all?: (values: Record<string, unknown>) => Promise<unknown[]> }).all;
  if (typeof all !== 'function') throw new Error('this database driver cannot read plain rows');
  return all.call(statement, values);
}

/** A plain row of offerRecordFields (and RECORD_EXTRAS, removed) as the record Drizzle's mapping would give. */
function recordOf(row: Record<string, unknown>): OfferRecord {
  for (let i = RECORD_EXTRAS.length - 1; i >= 0; i--) delete row[RECORD_EXTRAS[i]!];
  for (const key of RECORD_DATES) {
    const value = row[key];
    if (value !== null && value !== undefined) row[key] = offers[key].mapFromDriverValue(value as string);
  }
  // Accessories arrive parsed (json); a driver that sends the text is parsed as the column's mapping does.
  if (typeof row.accessories === 'string') row.accessories = JSON.parse(row.accessories);
  return row as OfferRecord;
}

/**
 * A statement built once per database or transaction handle (when first needed): `prepare(db)`'s
 * result, kept for that handle. Named statements are then parsed and planned once per connection.
 */
function perHandle<T>(prepare: (db: Executor) => T): (db: Executor) => T {
  const statements = new WeakMap<Executor, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}

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

/**
 * A search: the term, folded in the database by the same function that folded the stored key
 * (spoke_fold, migration 0009), anywhere in the offer's search key — case and accents do not
 * matter, `mueller` also finds Müller. The trigram index `offers_search_trgm_idx` serves it.
 */

/**
 * A list query's values, named. The names alone decide the SQL (which filters, how many values
 * each list has, whether the search is fenced), so the statements are built once per set of
 * names (a query shape) and run with these values: Drizzle's query building is not paid per
 * request. They run as unnamed statements, so PostgreSQL still plans each execution for its
 * values (a generic plan of a list query can be many times slower, see docs/performance.md).
 */
export type ListValues = Record<string, string | number>;

/**
 * Sort keys a search term can follow (a brand search sorted by product name or price — a brand's
 * bicycles cost alike —, a name search by customer name or e-mail): an index walk in that order
 * finds the matches bunched at one point, possibly late, not spread evenly as PostgreSQL's
 * estimate assumes. Status does not follow what is searched, so there a frequent term's page
 * comes from walking the sort index.
 */
const CORRELATED_SORTS: ReadonlySet<SortKey> = new Set(['productName', 'totalPriceGross', 'customerName', 'customerEmail']);
/**
 * Offer numbers are SPK- and digits: only a term with a digit can bunch in their order. Any other
 * term matches by name, brand or model (spread over the numbers) or by the SPK- prefix every offer
 * has, so the number index's walk finds its page early. Numbers, external ids (an ERP's running
 * numbers) and creation dates grow together, so a term with a digit bunches in all three orders.
 */
const FOLLOW_DIGITS: ReadonlySet<SortKey> = new Set(['offerNumber', 'externalOfferId', 'createdAt']);
const followsSort = (sortBy: SortKey, term: string) => CORRELATED_SORTS.has(sortBy) || (/\d/.test(term) && FOLLOW_DIGITS.has(sortBy));
const FENCED = 'fenced';

/** A search pattern as the lists compare it with search keys (spoke_fold: lowered, accents stripped). */
export async function foldedPattern(db: Executor, pattern: string): Promise<string> {
  const [row] = rowsOf<{ folded: string }>(await db.execute(sql`select spoke_fold(${pattern}) as folded`));
  return row!.folded;
}

/** A search term as the LIKE pattern the lists run: anywhere in the key, `%` and `_` literal. */
export function searchPattern(term: string): string {
  // NFC: a term typed as base letter + combining accent folds like the precomposed letter.
  return `%${term.normalize('NFC').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
    v.search = searchPattern(q.search);
    if (followsSort(q.sortBy, q.search)) v[FENCED] = 1;
  }
  v.limit = q.limit;
  v.offset = q.offset;
  return v;
}

// Lists read offer_search (migration 0012): the narrow per-tenant rows, text keys stored lowered.
const os = offerSearch;
const SORT_COLUMNS: Record<SortKey, SQL[]> = {
  createdAt: [sql`${os.createdAt}`],
  status: [sql`${os.status}`],
  externalOfferId: [sql`${os.externalOfferId}`],
  customerEmail: [sql`${os.customerEmail}`],
  customerName: [sql`${os.customerName}`],
  totalPriceGross: [sql`${os.totalPriceGross}`],
  offerNumber: [sql`${os.offerNumber}`],
  productName: [sql`${os.productBrand}`, sql`${os.productModel}`],
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
    eq(os.dealerId, ph('dealerId')),
    eq(os.environment, ph('environment')),
    has('createdFrom') && gte(os.createdAt, ph('createdFrom')),
    has('createdBefore') && lt(os.createdAt, ph('createdBefore')),
    has('statusChangedFrom') && gte(os.statusChangedAt, ph('statusChangedFrom')),
    has('statusChangedBefore') && lt(os.statusChangedAt, ph('statusChangedBefore')),
    ...valueFilter(sql`${os.status}`, 'status'),
    ...valueFilter(sql`${os.externalOfferId}`, 'externalOfferId'),
    ...valueFilter(sql`${os.customerEmail}`, 'email'),
    ...valueFilter(sql`${os.offerNumber}`, 'offerNumber'),
    has('search') && sql`${os.searchKey} like spoke_fold(${ph('search')})`,
  ];
  return and(...conditions.filter((c): c is SQL => !!c));
}

/**
 * What the statement saw: equal texts mean equal visible data (the same committed transactions),
 * so a count taken under one holds exactly for every statement that reports the same.
 */
const snapshot = sql<string>`pg_current_snapshot()::text || coalesce(' ' || pg_current_xact_id_if_assigned()::text, '')`;

/**
 * The queries of a list shape, unexecuted, with placeholders for `values` (test/explain.test.ts
 * EXPLAINs exactly these, through listQuerySQL). The page and the count are separate statements,
 * so each gets its own plan: the page of a frequent term can walk the sort order and stop after
 * one page, while the count (and a rare term's page) reads the trigram index.
 */
export function offerListQueries(db: Executor, sortBy: SortKey, order: 'asc' | 'desc', values: ListValues) {
  const where = listWhere(Object.keys(values));
  const dir = order === 'asc' ? asc : desc;
  const sortColumns = SORT_COLUMNS[sortBy];
  // A search sorted by a key it follows (followsSort): the matches come from the
  // tenant's trigram index, then are sorted. The OFFSET 0 subquery keeps PostgreSQL from walking
  // that sort index and filtering row by row, which it estimates cheap and which reads most of
  // the tenant's rows when the matches sort late (or do not exist).
  const fenced = FENCED in values;
  // The CTE is named like the table, so the page query (and SORT_COLUMNS) reads the matches.
  const matches = db.$with('offer_search', {}).as(sql`select * from ${offerSearch} where ${where} offset 0`);
  // The page: the ids and sort keys of one page of offer_search rows, then those offers' rows.
  const keys = Object.fromEntries(sortColumns.map((c, i) => [`k${i}`, c.mapWith(String).as(`k${i}`)]));
  const pageOf = (from: Pick<typeof db, 'select'>, filter: SQL | undefined) =>
    from
      .select({ id: os.offerId, ...keys })
      .from(os)
      .where(filter)
      .orderBy(...sortColumns.map((c) => dir(c)), dir(os.offerId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
  const offersOf = <Extra extends Record<string, SQL | SQL.Aliased>>(from: Pick<typeof db, 'select'>, page: ReturnType<typeof pageOf>, extra: Extra) => {
    const pageKeys = sortColumns.map((_, i) => (page as unknown as Record<string, SQL.Aliased>)[`k${i}`]!);
    return from
      .select({ ...offerRecordFields, snapshot: snapshot.as('snapshot'), ...extra })
      .from(page)
      .innerJoin(offers, eq(offers.id, page.id))
      .where(and(eq(offers.dealerId, sql.placeholder('dealerId')), eq(offers.environment, sql.placeholder('environment'))))
      .orderBy(...pageKeys.map((k) => dir(sql`${k}`)), dir(page.id));
  };
  const rows = offersOf(db, pageOf(fenced ? db.with(matches) : db, fenced ? undefined : where), {});
  // A search's page and total in one statement: its first matches (up to `cap`, the exact-count
  // limit + 1) read once off the trigram index, counted, and the page sorted from them. Below the
  // cap that is the exact answer; at the cap the caller reads the page and count as above.
  const capped = db
    .$with('offer_search', {})
    .as(sql`select ${sql.join([sql`${os.offerId}`, ...sortColumns], sql`, `)} from ${offerSearch} where ${where} limit ${sql.placeholder('cap')}`);
  const pageAndCount = offersOf(db.with(capped), pageOf(db, undefined), { total: sql<number>`(select count(*)::int from offer_search)`.as('total') });
  return {
    rows,
    pageAndCount,
    count: db.select({ total: sql<number>`count(*)::int`, snapshot }).from(os).where(where),
    /** Counts up to COUNT_EXACT_UP_TO + 1 matches, no further. */
    cappedCount: db
      .select({ total: sql<number>`count(*)::int`, snapshot })
      .from(db.select({ one: sql`1` }).from(os).where(where).limit(COUNT_EXACT_UP_TO + 1).as('capped')),
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
  return { rows: q.rows.prepare(''), pageAndCount: q.pageAndCount.prepare(''), count: q.count.prepare(''), cappedCount: q.cappedCount.prepare('') };
}
type PreparedList = ReturnType<typeof prepareList>;
const SHAPES_PER_HANDLE = 500;
const listShapes = perHandle(() => new Map<string, PreparedList>());

function preparedList(db: Executor, sortBy: SortKey, order: 'asc' | 'desc', values: ListValues): { key: string; prepared: PreparedList } {
  const key = `${sortBy} ${order} ${Object.keys(values).join(',')}`;
  const shapes = listShapes(db);
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
 * Any count is also kept with the snapshot it was taken under and reused, exact, while the
 * page queries report the same snapshot (nothing was committed in between).
 */
export const COUNT_EXACT_UP_TO = 10_000;
export const COUNT_TTL_MS = 30_000;
const counts = new Map<string, { total: number; at: number; snapshot: string }>();
const COUNTS_KEPT = 1000;

/** The filter's values without page, size and sort: every page and sort of a filter shares its count. */
const countKey = (values: ListValues) => JSON.stringify(Object.entries(values).filter(([k]) => k !== 'limit' && k !== 'offset' && k !== FENCED && k !== CAP));

/** A count of this filter that may be answered: taken under `seen`, or above the exact-count limit and younger than COUNT_TTL_MS. */
function knownCount(values: ListValues, seen: string | undefined) {
  const known = counts.get(countKey(values));
  return known && (known.snapshot === seen || (known.total > COUNT_EXACT_UP_TO && Date.now() - known.at < COUNT_TTL_MS)) ? known : undefined;
}

/** The total of a filter and the snapshot it was counted under. */
async function countOf(
  prepared: PreparedList,
  values: ListValues,
  seen: string | undefined,
  /** Known to match more than this many (a search's capped read): above the exact-count limit, only the full count is run. */
  moreThan = 0,
): Promise<{ total: number; snapshot?: string }> {
  const known = knownCount(values, seen);
  if (known) return known;
  let [counted] = moreThan >= COUNT_EXACT_UP_TO ? [] : await prepared.cappedCount.execute(values);
  if (moreThan >= COUNT_EXACT_UP_TO || (counted?.total ?? 0) > COUNT_EXACT_UP_TO) [counted] = await prepared.count.execute(values);
  const key = countKey(values);
  const total = counted?.total ?? 0;
  counts.delete(key);
  if (counts.size >= COUNTS_KEPT) counts.delete(counts.keys().next().value!);
  if (counted) counts.set(key, { total, at: Date.now(), snapshot: counted.snapshot });
  return { total, snapshot: counted?.snapshot };
}

/**
 * One page of the tenant's offers and the total. `snapshot` is set when both hold exactly for the
 * data that snapshot sees (the page and its total read the same committed transactions): a result
 * kept under it may be answered again while `currentSnapshot` reports the same text.
 */
export async function listOffers(
  db: Executor,
  tenant: Tenant,
  q: OfferListQuery,
  /** The snapshot `currentSnapshot` reported just before, if the caller asked (lets an empty result be exact too). */
  before?: string,
): Promise<{ rows: OfferRecord[]; total: number; snapshot?: string }> {
  const values = listValues(tenant, q);
  return values.search !== undefined ? listSearch(db, q, values, before) : listPage(db, q, values, before);
}

/** A page, then its total (a short page tells it itself). */
async function listPage(
  db: Executor,
  q: OfferListQuery,
  values: ListValues,
  before: string | undefined,
  moreThan = 0,
): Promise<{ rows: OfferRecord[]; total: number; snapshot?: string }> {
  const { prepared } = preparedList(db, q.sortBy, q.order, values);
  const { rows, seen } = await pageOf(prepared.rows, values);
  // A short page is the last one: it tells the total itself. An empty first page: none match.
  if (rows.length > 0 && rows.length < q.limit) return { rows, total: q.offset + rows.length, snapshot: seen };
  // No row carried the snapshot. If the snapshot is the same before and after the query, nothing
  // was committed in between, so the query read under that one.
  if (rows.length === 0 && q.offset === 0) return { rows, total: 0, snapshot: await unchangedSince(db, before) };
  const counted = await countOf(prepared, values, seen, moreThan);
  return { rows, total: counted.total, snapshot: seen !== undefined && counted.snapshot === seen ? seen : undefined };
}

/** A page statement's offers, the snapshot they were read under and, if the statement counts, the total. */
async function pageOf(statement: object, values: Record<string, unknown>): Promise<{ rows: OfferRecord[]; seen?: string; total?: number }> {
  const rows = (await plainRows(statement, values)) as (Record<string, unknown> & { snapshot?: string; total?: number })[];
  const seen = rows[0]?.snapshot;
  const total = rows[0]?.total;
  return { rows: rows.map(recordOf), seen, total };
}

/**
 * A search reads at most this many matches in one statement and answers page and total from them
 * (the exact-count limit: COUNT_EXACT_UP_TO). Settable for tests only, to send searches down the
 * path for more matches.
 */
export const LIST_PLAN = { readMatchesUpTo: COUNT_EXACT_UP_TO };
const CAP = 'cap';

/**
 * A search: most terms, with their filters, match a few hundred or thousand of a tenant's offers.
 * Page and count would each read all of them off the trigram index (the same rows twice), and
 * PostgreSQL's guess of how many match — on which its choice between that and walking the sort
 * index depends — is often far off (a walk that was to stop after one page read the whole tenant
 * for a term that matched nothing). So one statement reads the matches up to the exact-count
 * limit, counts them and sorts the page from them. Only a term with more matches than that (a
 * common name, a brand, a short number prefix) is read as before: the page by walking the sort
 * index or, in an order the term follows, from all its matches; the total by the count rule.
 */
async function listSearch(db: Executor, q: OfferListQuery, values: ListValues, before: string | undefined) {
  // A filter already counted above the exact-count limit (COUNT_TTL_MS): its matches are not read again.
  if ((knownCount(values, before)?.total ?? 0) > Math.max(COUNT_EXACT_UP_TO, LIST_PLAN.readMatchesUpTo)) return listPage(db, q, values, before);
  const capped = { ...values, [CAP]: LIST_PLAN.readMatchesUpTo + 1 };
  const { prepared } = preparedList(db, q.sortBy, q.order, capped);
  const { rows, seen, total = 0 } = await pageOf(prepared.pageAndCount, capped);
  if (rows.length > 0 && total <= LIST_PLAN.readMatchesUpTo) return { rows, total, snapshot: seen };
  // No row on the first page: nothing matches (the statement read every match there is).
  if (rows.length === 0 && q.offset === 0) return { rows, total: 0, snapshot: await unchangedSince(db, before) };
  // More matches than were read, or a page past them: page and count as for any list.
  return listPage(db, q, values, before, rows.length > 0 ? LIST_PLAN.readMatchesUpTo : 0);
}

// ---- A search term's matches, read once (lib/offers/search-matches.ts keeps them) -----------

/** Characters of one match in `searchMatches`' text: id (36), status (1), two dates in ms (14 each). */
export const MATCH_WIDTH = 65;
const statusCode = sql.raw(`case status ${OFFER_STATUSES.map((s, i) => `when '${s}' then '${String.fromCharCode(97 + i)}'`).join(' ')} else 'z' end`);
/** The tenant's offer_search rows matching the search pattern, at most `cap`, as the CTE `matches`. */
const matchesOf = (tenant: Tenant, pattern: string, cap: number) =>
  sql`with matches as (select * from ${offerSearch} where ${os.dealerId} = ${tenant.dealerId} and ${os.environment} = ${tenant.environment}
    and ${os.searchKey} like spoke_fold(${pattern}) limit ${cap})`;
const orderOf = (sortBy: SortKey) => sql.join([...SORT_COLUMNS[sortBy], sql`${os.offerId}`], sql`, `);

/**
 * Every match's value of each sort key (SORT_COLUMNS) but the status (its letter in the matches'
 * text), in the order its matches were read: enough to sort them by any key here, exactly as
 * PostgreSQL does, when it compares text by code point.
 */
export type MatchSortValues = {
  /** Creation instant in epoch microseconds, as stored. */
  created: number[];
  externalOfferId: string[];
  customerEmail: string[];
  customerName: string[];
  /** The total in cents. */
  total: number[];
  offerNumber: string[];
  productBrand: string[];
  productModel: string[];
};

/**
 * Whether the database compares text by code point (the C collations), as JavaScript compares
 * strings without surrogates: then a term's orders can be sorted here (lib/offers/search-matches.ts).
 */
const comparesByCodePoint = sql`(select datlocprovider = 'c' and datcollate in ('C', 'POSIX', 'C.UTF-8', 'C.utf8') from pg_database where datname = current_database())`;
const msText = (column: SQL) => sql`lpad(floor(extract(epoch from ${column}) * 1000)::int8::text, 14, '0')`;
/** A match's fields in searchMatches' text: its MATCH_WIDTH characters and eight sort values. */
const SORT_FIELDS = 9;

/**
 * A search's matches (`pattern` as listValues builds it; at most `cap`) in `sortBy` order, ascending,
 * in one text: per match MATCH_WIDTH characters — the offer's id, its status as a letter (the
 * status's place in OFFER_STATUSES from `a`), and its creation and status-change instants in epoch
 * milliseconds (rounded down: a bound in milliseconds compares with them as with the stored
 * microseconds). With them, every match's sort values (`values`, in the same order) when the
 * database compares text by code point and no value holds a character outside the BMP (whose
 * UTF-16 order differs); else none, and the orders are PostgreSQL's (searchMatchOrders). One row
 * and one sort, whatever the number of matches.
 */
export async function searchMatches(db: Executor, tenant: Tenant, pattern: string, sortBy: SortKey, cap: number) {
  // Per match its MATCH_WIDTH characters, then its sort values, each after a unit separator; matches
  // apart by a record separator. A value holding either separator shows in the counts below.
  const [row] = rowsOf<{ count: number; matches: string | null; snapshot: string; codePoint: boolean }>(
    await db.execute(sql`${matchesOf(tenant, pattern, cap)}
      select count(*)::int as count, ${snapshot} as snapshot, ${comparesByCodePoint} as "codePoint",
        string_agg(concat_ws(chr(31), ${os.offerId}::text || ${statusCode} || ${msText(sql`${os.createdAt}`)} || ${msText(sql`${os.statusChangedAt}`)},
          (extract(epoch from ${os.createdAt}) * 1000000)::int8, ${os.externalOfferId}, ${os.customerEmail}, ${os.customerName},
          (${os.totalPriceGross} * 100)::int8, ${os.offerNumber}, ${os.productBrand}, ${os.productModel}), chr(30) order by ${orderOf(sortBy)}) as matches
      from matches ${offerSearch}`),
  );
  const count = Number(row!.count);
  const records = count === 0 ? [] : (row!.matches ?? '').split('\x1e');
  if (records.length !== count) return { count, matches: '', snapshot: row!.snapshot };
  const fixed: string[] = new Array(count);
  const fields: string[][] = new Array(count);
  let separated = true;
  for (let i = 0; i < count; i++) {
    const f = records[i]!.split('\x1f');
    fixed[i] = f[0]!;
    fields[i] = f;
    if (f.length !== SORT_FIELDS) separated = false;
  }
  const matches = fixed.join('');
  const text = (k: number) => fields.map((f) => f[k]!);
  const number = (k: number) => fields.map((f) => Number(f[k]));
  const sortable = separated && row!.codePoint === true && !/[\uD800-\uDFFF]/.test(row!.matches ?? '');
  const values: MatchSortValues | undefined = sortable
    ? {
        created: number(1),
        externalOfferId: text(2),
        customerEmail: text(3),
        customerName: text(4),
        total: number(5),
        offerNumber: text(6),
        productBrand: text(7),
        productModel: text(8),
      }
    : undefined;
  return { count, matches, values, snapshot: row!.snapshot };
}

/**
 * The same matches in the order of each of `sortKeys`, each match as its place in `readIn` order
 * (what searchMatches returned for that key), comma-separated per key: the orders of matches
 * already read, without reading them again. One statement reads the matches once for every key.
 * For terms whose orders cannot be sorted in Node.js (searchMatches read no values).
 */
export async function searchMatchOrders(db: Executor, tenant: Tenant, pattern: string, readIn: SortKey, sortKeys: readonly SortKey[], cap: number) {
  const orders = sortKeys.map((k, i) => sql`string_agg(place::text, ',' order by ${orderOf(k)}) as ${sql.raw(`o${i}`)}`);
  const [row] = rowsOf<{ count: number; snapshot: string } & Record<string, string | null>>(
    await db.execute(sql`${matchesOf(tenant, pattern, cap)}
      select count(*)::int as count, ${snapshot} as snapshot, ${sql.join(orders, sql`, `)}
      from (select *, row_number() over (order by ${orderOf(readIn)}) - 1 as place from matches ${offerSearch}) ${offerSearch}`),
  );
  return { count: Number(row!.count), places: sortKeys.map((_, i) => row![`o${i}`] ?? ''), snapshot: row!.snapshot };
}

/** The tenant's offers with these ids (in no particular order) and the snapshot they were read under. */
export async function offersByIds(db: Executor, tenant: Tenant, ids: readonly string[]): Promise<{ rows: OfferRecord[]; snapshot?: string }> {
  const { rows, seen } = await pageOf(byIdsStatement(db), { dealerId: tenant.dealerId, environment: tenant.environment, ids: [...ids] });
  return { rows, snapshot: seen };
}

// Built once per database handle, the ids as one array parameter: one text, so a named statement
// that each connection parses and plans once (a look-up by primary key has no better plan per call;
// a kept term's 100-offer page: PostgreSQL 3.1 → 2.5 ms).
const byIdsStatement = perHandle((db) =>
  db
    .select({ ...offerRecordFields, snapshot: snapshot.as('snapshot') })
    .from(offers)
    .where(
      and(
        eq(offers.dealerId, sql.placeholder('dealerId')),
        eq(offers.environment, sql.placeholder('environment')),
        sql`${offers.id} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .prepare('offers_by_ids'),
);

/** `before` if the database's snapshot is still that one (nothing was committed since), else undefined. */
async function unchangedSince(db: Executor, before: string | undefined): Promise<string | undefined> {
  if (before === undefined) return undefined;
  const after = await currentSnapshot(db);
  return after === before ? after : undefined;
}

/**
 * The snapshot a statement run now would see, as the list queries report it (listOffers). Every
 * list request asks it first (a kept page is answered by it alone): one named statement per
 * connection, its row taken as sent.
 */
export async function currentSnapshot(db: Executor): Promise<string> {
  const [row] = (await plainRows(snapshotStatement(db), {})) as { snapshot: string }[];
  return row!.snapshot;
}

const snapshotStatement = perHandle((db) => db.select({ snapshot: snapshot.as('snapshot') }).from(sql`(select) as now`).prepare('offers_snapshot'));
