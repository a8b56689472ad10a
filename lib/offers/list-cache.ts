import 'server-only';
import { SerializedJson } from '@/lib/api/respond';
import { askWorker, isWorker, keptPagesState, type KeptPageMessage } from '../../scripts/lib/kept-pages-relay.mjs';

// Kept list pages (docs/performance.md, change 18). A page of `GET /v1/offers` is kept, serialized,
// with the database snapshot it was read under, and answered again only while PostgreSQL reports
// the same snapshot: then exactly the same transactions are committed, so the page and its total
// are what the queries would return. Any commit anywhere in the cluster changes the snapshot, so a
// kept page is never stale — it just stops being used. Per process; the workers of one node fetch
// from each other what one of them read (keepPage, sharedPage), and all compare with the one database.

export type KeptPage = { snapshot: string; data: SerializedJson; total: number };
/** A page as held: with the bytes it is counted at, all of them and those unpacked. */
type Held = KeptPage & { size: number; unpacked: number };

/** At most this many pages … */
export const KEPT_PAGES_MAX = 6_000;
/**
 * … and this many bytes in one process (off the JavaScript heap). Pages are held as their text
 * (inside the envelope of their answer) while those of the most recently used ones stay within
 * KEPT_UNPACKED_BYTES_MAX; older ones are packed as their answer's gzip (lib/api/respond.ts,
 * SerializedJson; ~10 kB for a page of 55 offers of 85 kB), and only past this budget is the least
 * recently used page dropped: ~2,000 pages of searches fit where ~500 did (change 32).
 */
export const KEPT_BYTES_MAX = 40 * 1024 * 1024;
/** The unpacked pages' share of the budget: answered to a client without gzip with nothing to unpack. */
export const KEPT_UNPACKED_BYTES_MAX = 20 * 1024 * 1024;

// One state per process, shared by every copy of this module in the app's bundles and set up by
// the worker before any route loads (scripts/lib/kept-pages-relay.mjs). `unpacked` holds the pages
// held unpacked, least recently used first, and their bytes.
const state = keptPagesState<Held>();
const pages = state.pages;
const unpacked = (state.unpacked ??= { pages: new Map(), bytes: 0 });

// What a page's value holds and the rest (key, total, the envelope's meta).
const sizeOf = (page: KeptPage) => page.data.held + 300;

function drop(key: string) {
  const page = pages.get(key);
  if (!page) return;
  pages.delete(key);
  state.bytes -= page.size;
  if (unpacked.pages.delete(key)) unpacked.bytes -= page.unpacked;
}

/** Counts `page` (held for `key`) at what its value holds now. */
function recount(key: string, page: Held) {
  state.bytes += sizeOf(page) - page.size;
  page.size = sizeOf(page);
  if (unpacked.pages.delete(key)) unpacked.bytes -= page.unpacked;
  page.unpacked = page.data.unpacked;
  if (page.unpacked > 0) {
    unpacked.pages.set(key, page);
    unpacked.bytes += page.unpacked;
  }
}

/** Packs the least recently used unpacked pages past their budget, then drops the least recently used pages past the whole one. */
function withinBudget() {
  while (unpacked.bytes > KEPT_UNPACKED_BYTES_MAX && unpacked.pages.size > 0) {
    const [key, page] = unpacked.pages.entries().next().value!;
    if (page.data.pack()) recount(key, page);
    else drop(key);
  }
  while (pages.size > 0 && (pages.size > KEPT_PAGES_MAX || state.bytes > KEPT_BYTES_MAX)) drop(pages.keys().next().value!);
}

/** The page kept for `key` if it was read under `snapshot`. */
export function keptPage(key: string, snapshot: string): KeptPage | undefined {
  const page = pages.get(key);
  if (!page) return undefined;
  if (page.snapshot !== snapshot) {
    drop(key);
    return undefined;
  }
  // Most recently used last: the oldest use goes first when space runs out.
  pages.delete(key);
  pages.set(key, page);
  if (unpacked.pages.delete(key)) unpacked.pages.set(key, page);
  return page;
}

/**
 * Keeps a page; the least recently used ones make room. A page larger than a quarter of the budget
 * is not kept. In a worker of `npm start` the other workers are told that this one keeps it (key
 * and snapshot only, through the primary, scripts/start.mjs); one of them that is asked for the
 * same page under the same snapshot fetches it from here (sharedPage) instead of reading it: each
 * page is read once per node, and a page nobody asks for again costs the others a short note.
 */
export function keepPage(key: string, page: KeptPage, share = true): void {
  if (!store(key, page)) return;
  if (share && isWorker()) send({ spoke: 'kept-page-note', key, snapshot: page.snapshot });
}

/** How long a fetch from another worker may take before the page is read instead. */
export const ASK_TIMEOUT_MS = 250;

/**
 * The page another worker noted it keeps for `key` under exactly `snapshot`, fetched from it (and
 * kept here too); undefined when none did, when that worker no longer has it, or when it does not
 * answer within ASK_TIMEOUT_MS.
 */
export function sharedPage(key: string, snapshot: string): Promise<KeptPage | undefined> {
  return askWorker(state, 'page', key, snapshot, ASK_TIMEOUT_MS, (answer) => {
    const page = { snapshot, total: answer.total, data: answer.packed ? SerializedJson.packed(answer.packed) : new SerializedJson(answer.bytes!) };
    store(key, page);
    return page;
  });
}

const send = (message: KeptPageMessage) => process.send!(message);

function store(key: string, page: KeptPage): boolean {
  drop(key);
  if (sizeOf(page) > KEPT_BYTES_MAX / 4) return false;
  const held: Held = { ...page, size: 0, unpacked: 0 };
  pages.set(key, held);
  recount(key, held);
  // Counted anew after each answer (it may have written the envelope, made the gzip or unpacked it).
  page.data.keep(() => {
    if (pages.get(key) !== held) return;
    recount(key, held);
    withinBudget();
  });
  withinBudget();
  return pages.get(key) === held;
}

/** What is kept now (for tests). */
export function keptPagesStats(): { pages: number; bytes: number; unpackedPages: number; unpackedBytes: number } {
  return { pages: pages.size, bytes: state.bytes, unpackedPages: unpacked.pages.size, unpackedBytes: unpacked.bytes };
}

/** The kept pages' keys, least recently used first (for tests). */
export function keptPageKeys(): string[] {
  return [...pages.keys()];
}
