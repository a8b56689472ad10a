import 'server-only';
import { foldedPattern, MATCH_WIDTH, offersByIds, searchMatchOrders, searchMatches, searchPattern, type MatchSortValues, type OfferListQuery, type ValueFilter } from '@/db/repositories/offers-list';
import { type OfferRecord } from '@/db/repositories/offers';
import { OFFER_STATUSES, SORT_KEYS, type SortKey, type Tenant } from '@/lib/shared/model';
import { askWorker, isWorker, keptTermsState, type SharedTerm } from '../../scripts/lib/kept-pages-relay.mjs';

// A search term's matches, read once and kept (docs/performance.md, change 23; docs/decisions.md,
// Lists). People and clients search the same names and brands over and over, with another status
// or date filter, sort, order, page or page size each time. Every such query read all of the term's
// matches off the trigram index again (~6.5 ms of PostgreSQL's CPU for a frequent name at a million
// offers). Kept here are the term's matches — ids, statuses and the two filterable dates — and,
// per sort key asked for, their order: a query of the term is then filtered, counted and paged in
// memory, and only its page's offers are read. Like kept pages (list-cache.ts), the matches hold
// for the database snapshot they were read under and are used only while PostgreSQL reports the
// same one: any commit ends them, so an answer is never stale. The workers of `npm start` share
// them as they share kept pages: a worker that read a term's matches notes it to the others, and
// one that needs the same term under the same snapshot fetches them instead of reading them.

/**
 * A term with more matches than `max` is not kept (its pages come from the sort indexes).
 * `sortHere`: a term's orders are sorted here from the values read with its matches, where the
 * database compares text as JavaScript does (else PostgreSQL sorts them). Settable for tests.
 */
export const MATCH_LIMITS = { max: 20_000, sortHere: true };
/** Bytes of kept matches (texts, arrays) in one process; the least recently used go first. */
export const MATCHES_BYTES_MAX = 24 * 1024 * 1024;
/** Terms remembered as asked once (a term is read into memory when asked again under the same snapshot). */
const ASKED_MAX = 5_000;

type Places = Uint16Array | Uint32Array;

type TermMatches = {
  snapshot: string;
  /** MATCH_WIDTH characters per match (db/repositories/offers.ts, searchMatches), in `readIn` order. */
  text: string;
  readIn: SortKey;
  status: Uint8Array;
  created: Float64Array;
  changed: Float64Array;
  /** Per sort key: the matches' places (in `readIn` order), ascending in that key, ties by id. */
  orders: Map<SortKey, Places>;
  bytes: number;
};

const terms = new Map<string, TermMatches>();
let keptBytes = 0;
/** Term key → the snapshot it was last asked under, and whether it matched more than MATCH_LIMITS.max then. */
const asked = new Map<string, { snapshot: string; tooMany: boolean }>();
const loading = new Map<string, Promise<TermMatches | undefined>>();
/** Orders being read, by term key and snapshot (one read of every order the term does not have). */
const orderLoads = new Map<string, Promise<void>>();

/** What this process did (for tests and the bench). */
export const matchStats = { termReads: 0, orderReads: 0, served: 0, termsFetched: 0 };

type Db = Parameters<typeof searchMatches>[0];
type ListPage = { rows: OfferRecord[]; total: number; snapshot: string };

const filtered = (f: ValueFilter | undefined) => !!f && f.include.length + f.exclude.length > 0;

/**
 * The page of a search answered from the term's kept matches, exact for the snapshot `now` (what
 * the database reported just before): undefined when this query is not one kept matches answer
 * (no search, or a filter by external id, e-mail or offer number), when the term is asked for the
 * first time under this snapshot, matches more than MATCH_LIMITS.max, or something was committed
 * meanwhile — the caller then reads the page as any list.
 */
export async function searchFromMatches(db: Db, tenant: Tenant, q: OfferListQuery, now: string): Promise<ListPage | undefined> {
  if (!q.search || filtered(q.externalOfferId) || filtered(q.email) || filtered(q.offerNumber)) return undefined;
  const pattern = searchPattern(q.search);
  const key = JSON.stringify([tenant.dealerId, tenant.environment, await foldOf(db, pattern)]);
  const term = await termMatches(db, tenant, key, pattern, q.sortBy, now);
  if (!term) return undefined;
  const order = term.orders.get(q.sortBy) ?? (await orderOf(db, tenant, key, pattern, term, q.sortBy));
  if (!order) return undefined;
  const { places, total } = pagePlaces(term, order, q);
  let rows: OfferRecord[] = [];
  if (places.length > 0) {
    const ids = places.map((p) => term.text.slice(p * MATCH_WIDTH, p * MATCH_WIDTH + 36));
    const read = await offersByIds(db, tenant, ids);
    // Committed in between: the caller reads the page as any list.
    if (read.snapshot !== term.snapshot || read.rows.length !== ids.length) return undefined;
    const byId = new Map(read.rows.map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)!);
  }
  matchStats.served++;
  return { rows, total, snapshot: term.snapshot };
}

/**
 * Search patterns as PostgreSQL folds them (spoke_fold), the key of a term's matches: patterns that
 * fold alike match the same offers, so "Müller", "müller", "MÜLLER" and "muller" are one term, read
 * once. The fold is the database's own (one small statement the first time a pattern is seen), never
 * an imitation of it.
 */
const folds = new Map<string, string>();
const FOLDS_MAX = 5_000;

async function foldOf(db: Db, pattern: string): Promise<string> {
  const known = folds.get(pattern);
  if (known !== undefined) return known;
  const folded = await foldedPattern(db, pattern);
  if (folds.size >= FOLDS_MAX) folds.delete(folds.keys().next().value!);
  folds.set(pattern, folded);
  return folded;
}

/** The term's matches kept under `now`, read now if the term was asked before under it. */
async function termMatches(db: Db, tenant: Tenant, key: string, pattern: string, sortBy: SortKey, now: string) {
  const kept = terms.get(key);
  if (kept?.snapshot === now) {
    // Most recently used last.
    terms.delete(key);
    terms.set(key, kept);
    return kept;
  }
  if (kept) drop(key);
  const inFlight = loading.get(key);
  if (inFlight) {
    const read = await inFlight;
    return read?.snapshot === now ? read : undefined;
  }
  // Kept by another worker under this snapshot: fetched from it (the first ask too: it was read once).
  if (shared.notes.get(key)?.snapshot === now) {
    const fetched = await inFlightAs(key, fetchTerm(key, now));
    if (fetched) return fetched;
  }
  const before = asked.get(key);
  if (before?.snapshot === now && before.tooMany) return undefined;
  if (before?.snapshot !== now) {
    // Asked once: answered as any list. A term asked only once is not worth reading in full.
    asked.delete(key);
    if (asked.size >= ASKED_MAX) asked.delete(asked.keys().next().value!);
    asked.set(key, { snapshot: now, tooMany: false });
    return undefined;
  }
  const term = await inFlightAs(key, readTerm(db, tenant, key, pattern, sortBy));
  return term?.snapshot === now ? term : undefined;
}

/** `read`, awaited while other requests for the term wait for it instead of reading too. */
async function inFlightAs(key: string, read: Promise<TermMatches | undefined>): Promise<TermMatches | undefined> {
  loading.set(key, read);
  try {
    return await read;
  } finally {
    loading.delete(key);
  }
}

async function readTerm(db: Db, tenant: Tenant, key: string, pattern: string, sortBy: SortKey): Promise<TermMatches | undefined> {
  matchStats.termReads++;
  const { count, matches: text, values, snapshot } = await searchMatches(db, tenant, pattern, sortBy, MATCH_LIMITS.max + 1);
  if (count > MATCH_LIMITS.max) {
    asked.set(key, { snapshot, tooMany: true });
    return undefined;
  }
  if (text.length !== count * MATCH_WIDTH) {
    // Not to be kept (a value held a separator of the statement's text): read as any list meanwhile.
    asked.set(key, { snapshot, tooMany: true });
    return undefined;
  }
  const term = termOf(text, snapshot, sortBy);
  if (!term) return undefined;
  if (values && MATCH_LIMITS.sortHere) {
    // Every other order sorted here from the values read with the matches: no further statement.
    for (const [sortKey, order] of ordersOf(text, term.status, values, sortBy)) {
      term.orders.set(sortKey, order);
      term.bytes += order.byteLength;
    }
  }
  keep(key, term);
  if (isWorker() && terms.get(key) === term) process.send!({ spoke: 'kept-term-note', key, snapshot });
  return term;
}

/** A term's matches from their text (searchMatches) in `readIn` order; undefined if the text is not such. */
function termOf(text: string, snapshot: string, readIn: SortKey): TermMatches | undefined {
  const count = text.length / MATCH_WIDTH;
  if (!Number.isInteger(count) || count > MATCH_LIMITS.max) return undefined;
  const status = new Uint8Array(count);
  const created = new Float64Array(count);
  const changed = new Float64Array(count);
  for (let i = 0, at = 0; i < count; i++, at += MATCH_WIDTH) {
    status[i] = text.charCodeAt(at + 36) - 97;
    created[i] = Number(text.slice(at + 37, at + 51));
    changed[i] = Number(text.slice(at + 51, at + 65));
    // Not what searchMatches writes: not kept (a filter could not compare with it).
    if (status[i]! >= OFFER_STATUSES.length || !Number.isFinite(created[i]) || !Number.isFinite(changed[i])) return undefined;
  }
  const identity = placesArray(count);
  for (let i = 0; i < count; i++) identity[i] = i;
  const bytes = 200 + text.length + count * 17 + identity.byteLength;
  return { snapshot, text, readIn, status, created, changed, orders: new Map([[readIn, identity]]), bytes };
}

// ---- Shared between the workers of a node -----------------------------------------------------

const shared = keptTermsState();
/** How long a fetch from another worker may take before the term is read instead. */
export const TERM_ASK_TIMEOUT_MS = 250;

// This copy of the module answers for the terms it keeps: the text and each order's places.
shared.answerers.add((key, snapshot) => {
  const term = terms.get(key);
  if (term?.snapshot !== snapshot) return undefined;
  const orders: Record<string, string> = {};
  for (const [sortKey, places] of term.orders) {
    if (sortKey !== term.readIn) orders[sortKey] = Buffer.from(places.buffer, places.byteOffset, places.byteLength).toString('base64');
  }
  return { text: term.text, readIn: term.readIn, orders };
});

/** The term another worker noted it keeps under exactly `snapshot`, fetched from it and kept here too. */
function fetchTerm(key: string, snapshot: string): Promise<TermMatches | undefined> {
  return askWorker(shared, 'term', key, snapshot, TERM_ASK_TIMEOUT_MS, (answer) => {
    const term = sharedTermOf(answer, snapshot);
    if (!term) return undefined;
    matchStats.termsFetched++;
    keep(key, term);
    return term;
  });
}

/** A term as another worker sent it, checked as one read here would be; undefined if it is not one. */
function sharedTermOf(answer: SharedTerm, snapshot: string): TermMatches | undefined {
  const readIn = SORT_KEYS.find((k) => k === answer.readIn);
  if (typeof answer.text !== 'string' || !readIn || typeof answer.orders !== 'object' || answer.orders === null) return undefined;
  const term = termOf(answer.text, snapshot, readIn);
  if (!term) return undefined;
  const n = term.status.length;
  for (const [name, base64] of Object.entries(answer.orders)) {
    const sortKey = SORT_KEYS.find((k) => k === name);
    if (!sortKey || sortKey === readIn || typeof base64 !== 'string') return undefined;
    const bytes = Buffer.from(base64, 'base64');
    const order = placesArray(n);
    if (bytes.length !== order.byteLength) return undefined;
    new Uint8Array(order.buffer).set(bytes);
    for (let k = 0; k < n; k++) if (order[k]! >= n) return undefined;
    term.orders.set(sortKey, order);
    term.bytes += order.byteLength;
  }
  return term;
}

/**
 * The term's order by `sortBy`, read (without its matches) and kept with it; undefined if something
 * was committed. Only for terms whose orders were not sorted here (ordersOf). The term's matches came in one order; the first query in another reads every
 * other order at once: one statement finds the matches once and sorts them by each key (for a
 * frequent name, seven orders cost about three times one), where a query mix of the term soon asks
 * for most of them.
 */
async function orderOf(db: Db, tenant: Tenant, key: string, pattern: string, term: TermMatches, sortBy: SortKey): Promise<Places | undefined> {
  const loadKey = `${key} ${term.snapshot}`;
  let read = orderLoads.get(loadKey);
  if (!read) {
    const missing = SORT_KEYS.filter((k) => !term.orders.has(k));
    read = (async () => {
      matchStats.orderReads++;
      const { count, places, snapshot } = await searchMatchOrders(db, tenant, pattern, term.readIn, missing, MATCH_LIMITS.max + 1);
      const n = term.status.length;
      if (snapshot !== term.snapshot || count !== n) return;
      let added = 0;
      missing.forEach((sortKey, i) => {
        const order = placesOf(places[i]!, n);
        term.orders.set(sortKey, order);
        added += order.byteLength;
      });
      term.bytes += added;
      if (terms.get(key) === term) {
        keptBytes += added;
        makeRoom(key);
      }
    })();
    orderLoads.set(loadKey, read);
    read.finally(() => orderLoads.delete(loadKey)).catch(() => undefined);
  }
  await read;
  return term.orders.get(sortBy);
}

/**
 * The matches' places in every sort key's order but `readIn` (theirs already), ascending, ties by id
 * — exactly PostgreSQL's order by SORT_COLUMNS and offer id, for values searchMatches read (text
 * compared by code point; it reads none otherwise). PostgreSQL's seven ordered aggregates cost it
 * ~80 ms for 10,703 matches (`mueller`); reading the values and these sorts cost Node.js less, and
 * Node.js's work spreads over the workers and nodes where the database's does not (change 33).
 */
function ordersOf(text: string, status: Uint8Array, v: MatchSortValues, readIn: SortKey): Map<SortKey, Places> {
  const n = text.length / MATCH_WIDTH;
  // Each match's rank among the ids (ties of every key go by id), and the match of each rank.
  const ids = Array.from({ length: n }, (_, p) => text.slice(p * MATCH_WIDTH, p * MATCH_WIDTH + 36));
  const matchOfIdRank = ranksOf(ids).order;
  const idRank = new Float64Array(n);
  for (let r = 0; r < n; r++) idRank[matchOfIdRank[r]!] = r;
  // A key's order: each match as (its value's rank among the key's distinct values) × n + its id
  // rank — one number per match, sorted as numbers, which orders by value, then id.
  const orderBy = (valueRank: Float64Array): Places => {
    const keys = new Float64Array(n);
    for (let p = 0; p < n; p++) keys[p] = valueRank[p]! * n + idRank[p]!;
    keys.sort();
    const order = placesArray(n);
    for (let k = 0; k < n; k++) order[k] = matchOfIdRank[keys[k]! % n]!;
    return order;
  };
  const rank = (values: readonly (string | number)[]) => ranksOf(values).rank;
  const rankOf: Record<SortKey, () => Float64Array> = {
    createdAt: () => rank(v.created),
    // The enum's order is OFFER_STATUSES', each status's place in it as termOf read it.
    status: () => Float64Array.from(status),
    externalOfferId: () => rank(v.externalOfferId),
    customerEmail: () => rank(v.customerEmail),
    customerName: () => rank(v.customerName),
    totalPriceGross: () => rank(v.total),
    offerNumber: () => rank(v.offerNumber),
    productName: () => {
      const brand = rank(v.productBrand);
      const model = rank(v.productModel);
      return rank(Array.from(brand, (b, p) => b * n + model[p]!));
    },
  };
  const orders = new Map<SortKey, Places>();
  for (const sortKey of SORT_KEYS) if (sortKey !== readIn) orders.set(sortKey, orderBy(rankOf[sortKey]()));
  return orders;
}

/**
 * Each value's rank among the distinct values (ascending: numbers as numbers, text by UTF-16 unit,
 * which is code point order without surrogates), and the indices in that order (ties in index
 * order). The distinct values are sorted without a comparator (the engine's own, several times
 * faster than one in JavaScript).
 */
function ranksOf(values: readonly (string | number)[]): { rank: Float64Array; order: number[] } {
  const numeric = typeof values[0] === 'number';
  const distinct = numeric ? Float64Array.from(new Set(values as number[])).sort() : [...new Set(values as string[])].sort();
  const rankOfValue = new Map<string | number, number>();
  distinct.forEach((value: string | number, r: number) => rankOfValue.set(value, r));
  const rank = new Float64Array(values.length);
  const counts = new Array<number>(distinct.length + 1).fill(0);
  for (let i = 0; i < values.length; i++) counts[(rank[i] = rankOfValue.get(values[i]!)!) + 1]!++;
  // Indices by rank, each rank's in index order (a counting sort).
  for (let r = 1; r < counts.length; r++) counts[r]! += counts[r - 1]!;
  const order = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) order[counts[rank[i]!]!++] = i;
  return { rank, order };
}

/** `n` comma-separated places as an array. */
function placesOf(text: string, n: number): Places {
  const order = placesArray(n);
  let at = 0;
  for (let k = 0; k < n; k++) {
    const comma = k === n - 1 ? text.length : text.indexOf(',', at);
    order[k] = Number(text.slice(at, comma));
    at = comma + 1;
  }
  return order;
}

const placesArray = (n: number): Places => (n <= 0xffff ? new Uint16Array(n) : new Uint32Array(n));

/** The places of the query's page among the term's matches in `order`, and how many pass its filters. */
function pagePlaces(term: TermMatches, order: Places, q: OfferListQuery) {
  const allowed = new Uint8Array(OFFER_STATUSES.length).fill(q.status?.include.length ? 0 : 1);
  const codeOf = (s: string) => (OFFER_STATUSES as readonly string[]).indexOf(s);
  for (const s of q.status?.include ?? []) if (codeOf(s) >= 0) allowed[codeOf(s)] = 1;
  for (const s of q.status?.exclude ?? []) if (codeOf(s) >= 0) allowed[codeOf(s)] = 0;
  const createdFrom = q.createdFrom?.getTime() ?? -Infinity;
  const createdBefore = q.createdBefore?.getTime() ?? Infinity;
  const changedFrom = q.statusChangedFrom?.getTime() ?? -Infinity;
  const changedBefore = q.statusChangedBefore?.getTime() ?? Infinity;
  const { status, created, changed } = term;
  const n = order.length;
  const ascending = q.order === 'asc';
  const end = q.offset + q.limit;
  const places: number[] = [];
  let total = 0;
  for (let k = 0; k < n; k++) {
    const p = order[ascending ? k : n - 1 - k]!;
    if (allowed[status[p]!] !== 1) continue;
    const c = created[p]!;
    const s = changed[p]!;
    if (c < createdFrom || c >= createdBefore || s < changedFrom || s >= changedBefore) continue;
    if (total >= q.offset && total < end) places.push(p);
    total++;
  }
  return { places, total };
}

function keep(key: string, term: TermMatches) {
  drop(key);
  if (term.bytes > MATCHES_BYTES_MAX / 4) return;
  terms.set(key, term);
  keptBytes += term.bytes;
  makeRoom(key);
}

/** Drops the least recently used terms (never `key`) until the kept bytes fit. */
function makeRoom(key: string) {
  for (const oldest of terms.keys()) {
    if (keptBytes <= MATCHES_BYTES_MAX) break;
    if (oldest !== key) drop(oldest);
  }
}

function drop(key: string) {
  const term = terms.get(key);
  if (!term) return;
  terms.delete(key);
  keptBytes -= term.bytes;
}

/** What is kept now (for tests). */
export function keptMatchesStats(): { terms: number; bytes: number } {
  return { terms: terms.size, bytes: keptBytes };
}
