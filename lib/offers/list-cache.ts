import 'server-only';
import { SerializedJson } from '@/lib/api/respond';

// Kept list pages (docs/performance.md, change 18). A page of `GET /v1/offers` is kept, serialized,
// with the database snapshot it was read under, and answered again only while PostgreSQL reports
// the same snapshot: then exactly the same transactions are committed, so the page and its total
// are what the queries would return. Any commit anywhere in the cluster changes the snapshot, so a
// kept page is never stale — it just stops being used. Per process; the workers of one node offer
// each other what they read (keepPage), and all of them compare with the one database.

export type KeptPage = { snapshot: string; data: SerializedJson; total: number };

/** At most this many pages … */
export const KEPT_PAGES_MAX = 500;
/** … and this many bytes (the pages' UTF-8 bytes, off the JavaScript heap) in one process. */
export const KEPT_BYTES_MAX = 32 * 1024 * 1024;

const pages = new Map<string, KeptPage>();
let bytes = 0;

// The UTF-8 bytes (inside the envelope written around them once answered), a gzip of that envelope
// (a fifth of it or less for JSON) and the rest.
const sizeOf = (page: KeptPage) => Math.ceil(page.data.bytes.length * 1.25) + 300;

function drop(key: string) {
  const page = pages.get(key);
  if (!page) return;
  pages.delete(key);
  bytes -= sizeOf(page);
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
 * is not kept. In a worker of `npm start` the page is also offered to the other workers (through
 * the primary, scripts/start.mjs), which keep it under the same snapshot: each page is read once
 * per node instead of once per worker.
 */
export function keepPage(key: string, page: KeptPage, share = true): void {
  if (!store(key, page)) return;
  if (share && process.send && process.env.SPOKE_WORKER_SLOT !== undefined) {
    const message: SharedPage = { spoke: 'kept-page', key, snapshot: page.snapshot, total: page.total, bytes: page.data.bytes.toString('base64') };
    process.send(message);
  }
}

type SharedPage = { spoke: 'kept-page'; key: string; snapshot: string; total: number; bytes: string };

// Pages the other workers kept. A page arriving after this worker read the same key under a
// later snapshot replaces it; both are exact for their own snapshot, the next request decides.
if (process.send && process.env.SPOKE_WORKER_SLOT !== undefined) {
  process.on('message', (message: Partial<SharedPage> | null) => {
    if (message?.spoke !== 'kept-page' || typeof message.key !== 'string' || typeof message.snapshot !== 'string' || typeof message.bytes !== 'string') return;
    if (pages.get(message.key)?.snapshot === message.snapshot) return;
    store(message.key, { snapshot: message.snapshot, total: Number(message.total), data: new SerializedJson(Buffer.from(message.bytes, 'base64')) });
  });
}

function store(key: string, page: KeptPage): boolean {
  drop(key);
  const size = sizeOf(page);
  if (size > KEPT_BYTES_MAX / 4) return false;
  while (pages.size > 0 && (pages.size >= KEPT_PAGES_MAX || bytes + size > KEPT_BYTES_MAX)) drop(pages.keys().next().value!);
  pages.set(key, page);
  bytes += size;
  return true;
}

/** What is kept now (for tests). */
export function keptPagesStats(): { pages: number; bytes: number } {
  return { pages: pages.size, bytes };
}

/** The kept pages' keys, least recently used first (for tests). */
export function keptPageKeys(): string[] {
  return [...pages.keys()];
}
