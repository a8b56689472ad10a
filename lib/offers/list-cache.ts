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

/** At most this many pages … */
export const KEPT_PAGES_MAX = 1_000;
/** … and this many bytes (the pages' UTF-8 bytes, off the JavaScript heap) in one process. */
export const KEPT_BYTES_MAX = 40 * 1024 * 1024;

// One state per process, shared by every copy of this module in the app's bundles and set up by
// the worker before any route loads (scripts/lib/kept-pages-relay.mjs).
const state = keptPagesState<KeptPage>();
const pages = state.pages;

// The UTF-8 bytes (inside the envelope written around them once answered), a gzip of that envelope
// once a client takes one (an eighth of it for a page of offers: 85 kB → 10.3 kB at level 3) and the rest.
const sizeOf = (page: KeptPage) => Math.ceil(page.data.bytes.length * 1.15) + 300;

function drop(key: string) {
  const page = pages.get(key);
  if (!page) return;
  pages.delete(key);
  state.bytes -= sizeOf(page);
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
    const page = { snapshot, total: answer.total, data: new SerializedJson(answer.bytes) };
    store(key, page);
    return page;
  });
}

const send = (message: KeptPageMessage) => process.send!(message);

function store(key: string, page: KeptPage): boolean {
  drop(key);
  const size = sizeOf(page);
  if (size > KEPT_BYTES_MAX / 4) return false;
  while (pages.size > 0 && (pages.size >= KEPT_PAGES_MAX || state.bytes + size > KEPT_BYTES_MAX)) drop(pages.keys().next().value!);
  pages.set(key, page);
  state.bytes += size;
  return true;
}

/** What is kept now (for tests). */
export function keptPagesStats(): { pages: number; bytes: number } {
  return { pages: pages.size, bytes: state.bytes };
}

/** The kept pages' keys, least recently used first (for tests). */
export function keptPageKeys(): string[] {
  return [...pages.keys()];
}
