import 'server-only';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { currentSnapshot, listOffers, type OfferListFilters, type ValueFilter } from '@/db/repositories/offers-list';
import { findOffer } from '@/db/repositories/offers';
import { SerializedJson } from '@/lib/api/respond';
import { isWholeDay, LATEST_INSTANT, parseDateTime, parseDay } from '@/lib/api/dates';
import { badRequest, fieldError, notFound, type ErrorEntry } from '@/lib/api/errors';
import { warn } from '@/lib/api/warnings';
import type { Tenant } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { OFFER_STATUSES } from './lifecycle';
import type { ListOffersQuery } from './schemas';
import { keepPage, keptPage, sharedPage } from './list-cache';
import { searchFromMatches } from './search-matches';
import { OFFER_FIELDS, pickFields, serializeOffer } from './serialize';

export async function getOffer(tenant: Tenant, id: string, lang: Lang, fields: string[] | null) {
  const offer = await findOffer(getDb(), tenant, id);
  if (!offer) notFound();
  return pickFields(serializeOffer(offer, lang), fields);
}

/** `a,!b,c` → include a and c, exclude b. Empty items are ignored. */
export function parseValueList(value: string | undefined): ValueFilter | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
  return {
    include: items.filter((v) => !v.startsWith('!')),
    exclude: items.filter((v) => v.startsWith('!')).map((v) => v.slice(1)).filter(Boolean),
  };
}

/**
 * Validates a `fields` list against the offer's top-level fields (400 on unknown names). A list
 * that names no field (`fields=`, `fields=,`) asks for the whole offer, as no `fields` does.
 */
export function parseFields(value: string | undefined): string[] | null {
  const names = (value ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  if (names.length === 0) return null;
  const unknown = names.filter((n) => !(OFFER_FIELDS as readonly string[]).includes(n));
  if (unknown.length > 0) badRequest(unknown.map((n) => fieldError('INVALID_PARAMETER', 'unknownField', 'fields', { value: n, values: OFFER_FIELDS.join(', ') })));
  return names;
}

const DAY_MS = 86_400_000;
const SEARCH_MIN_LENGTH = 2;

/**
 * A date parameter as a bound: `from` is inclusive, `to` becomes an exclusive upper bound. A whole
 * day (UTC) ends at the next midnight; a date-time at the end of its millisecond, because the
 * database keeps microseconds while answers carry milliseconds, and an offer's own `createdAt`
 * given as `creationDateTo` must include it.
 */
function dateBound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const wholeDay = isWholeDay(value);
  const start = (wholeDay ? parseDay(value) : parseDateTime(value))!;
  // The end of the range's last day is its own bound: no instant past it is ever stored.
  return end ? new Date(Math.min(start.getTime() + (wholeDay ? DAY_MS : 1), LATEST_INSTANT)) : start;
}

export function listFilters(q: ListOffersQuery): OfferListFilters {
  const problems: ErrorEntry[] = [];
  const status = parseValueList(q.status);
  for (const s of [...(status?.include ?? []), ...(status?.exclude ?? [])]) {
    if (!(OFFER_STATUSES as readonly string[]).includes(s)) {
      problems.push(fieldError('INVALID_PARAMETER', 'oneOf', 'status', { values: OFFER_STATUSES.join(', ') }));
      break;
    }
  }
  const filters: OfferListFilters = {
    createdFrom: dateBound(q.creationDateFrom, false),
    createdBefore: dateBound(q.creationDateTo, true),
    statusChangedFrom: dateBound(q.statusChangedDateFrom, false),
    statusChangedBefore: dateBound(q.statusChangedDateTo, true),
    status,
    externalOfferId: parseValueList(q.externalOfferId),
    email: parseValueList(q.email),
    offerNumber: parseValueList(q.offerNumber),
    // Shorter search terms are ignored (spec: applied only from 2 characters), with a warning.
    search: q.search && q.search.trim().length >= SEARCH_MIN_LENGTH ? q.search.trim() : undefined,
  };
  if (q.search && !filters.search) warn('SEARCH_TOO_SHORT', { parameter: 'search' }, { minimum: SEARCH_MIN_LENGTH });
  if (filters.createdFrom && filters.createdBefore && filters.createdBefore <= filters.createdFrom) {
    problems.push(fieldError('INVALID_PARAMETER', 'dateRange', 'creationDateTo'));
  }
  if (filters.statusChangedFrom && filters.statusChangedBefore && filters.statusChangedBefore <= filters.statusChangedFrom) {
    problems.push(fieldError('INVALID_PARAMETER', 'dateRange', 'statusChangedDateTo'));
  }
  if (problems.length > 0) badRequest(problems);
  return filters;
}

export function pageMeta(page: number, perPage: number, total: number) {
  const last = Math.max(1, Math.ceil(total / perPage));
  return {
    page,
    nextPage: page < last ? page + 1 : null,
    previousPage: page > 1 ? Math.min(page - 1, last) : null,
    perPage,
    totalCount: total,
  };
}

/** A page as read: its total, its JSON, and the snapshot under which both hold exactly, if one does. */
type ReadPage = { total: number; data: SerializedJson; snapshot?: string };

/** The reads in flight in this process, by key: a second request for the same page waits for the first. */
const reading = new Map<string, Promise<ReadPage>>();

/**
 * A page of the tenant's offers. A page read under the database's current snapshot before is
 * answered from what was kept (lib/offers/list-cache.ts): one small statement instead of the page
 * and count queries and the serialization. While the same page is being read for another request,
 * this one waits for that read and takes it if it was read under the snapshot this one saw. `data`
 * is the page's JSON text.
 */
export async function listOffersFor(tenant: Tenant, q: ListOffersQuery, lang: Lang) {
  const fields = parseFields(q.fields);
  const filters = listFilters(q);
  const query = { ...filters, sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage };
  const db = getDb();
  // Everything the page's text depends on: tenant, language, fields and the query itself.
  const key = JSON.stringify([tenant.dealerId, tenant.environment, lang, fields, query]);
  const now = await currentSnapshot(db);
  let page: ReadPage | undefined = keptPage(key, now);
  if (!page) {
    const shared = await reading.get(key)?.catch(() => undefined);
    // Exact for this request only when read under the snapshot it saw (nothing committed between).
    if (shared?.snapshot === now) page = shared;
  }
  if (!page) {
    const read = (async (): Promise<ReadPage> => {
      // Kept by another worker of this node under the same snapshot: fetched from it, not read.
      const fetched = await sharedPage(key, now);
      if (fetched) return fetched;
      pageReads.count++;
      // A term asked again under this snapshot: from its kept matches (search-matches.ts).
      const { rows, total, snapshot } = (await searchFromMatches(db, tenant, query, now)) ?? (await listOffers(db, tenant, query, now));
      const read = { total, data: new SerializedJson(JSON.stringify(rows.map((r) => pickFields(serializeOffer(r, lang), fields)))), snapshot };
      // Kept only when the rows and the total hold exactly for one snapshot (listOffers).
      if (snapshot) keepPage(key, { total, data: read.data, snapshot });
      return read;
    })();
    reading.set(key, read);
    try {
      page = await read;
    } finally {
      if (reading.get(key) === read) reading.delete(key);
    }
  }
  return {
    data: page.data,
    meta: { ...pageMeta(q.page, q.perPage, page.total), sortBy: q.sortBy, order: q.order },
  };
}

/** How many pages this process has read from the database (for tests). */
export const pageReads = { count: 0 };

export async function offerHistoryFor(tenant: Tenant, id: string, page: number, perPage: number) {
  const db = getDb();
  const offer = await findOffer(db, tenant, id);
  if (!offer) notFound();
  const { rows, total } = await listHistory(db, id, perPage, (page - 1) * perPage);
  return {
    data: rows.map((h) => ({
      id: h.id,
      occurredAt: h.occurredAt.toISOString(),
      actor: { type: h.actorType, ...(h.actorId ? { id: h.actorId } : {}), ...(h.actorName ? { name: h.actorName } : {}) },
      action: h.action,
      ...(h.fromStatus ? { fromStatus: h.fromStatus } : {}),
      ...(h.toStatus ? { toStatus: h.toStatus } : {}),
      changes: h.changes,
    })),
    meta: pageMeta(page, perPage, total),
  };
}
