import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { listOffers, offerListVersion, type OfferListFilters, type OfferListQuery, type ValueFilter } from '@/db/repositories/offers-list';
import { findOffer } from '@/db/repositories/offers';
import { berlinDayRange, isWholeDay, LATEST_INSTANT, parseDateTime } from '@/lib/api/dates';
import { badRequest, fieldError, notFound, type ErrorEntry } from '@/lib/api/errors';
import { pageMeta, sortedPageMeta } from '@/lib/api/page-meta';
import { warn } from '@/lib/api/warnings';
import type { Tenant } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';
import { PURCHASE_ORDER_STATUSES } from '@/lib/shared/model';
import type { ListOffersQuery, SortKey } from '@/lib/offers/contract/schemas';
import { findOfferAnswer, offerAnswers } from '@/lib/leasing/offer-lease';
import { OFFER_FIELDS, pickFields, serializeOffer } from '@/lib/offers/contract/serialize';
import { SEARCH_MIN_LENGTH } from '@/lib/shared/validation';

export async function getOffer(tenant: Tenant, id: string, lang: Lang, fields: string[] | null) {
  const answer = await findOfferAnswer(getDb(), tenant, id, lang);
  if (!answer) notFound();
  return pickFields(answer, fields);
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

/**
 * A date parameter as a bound: `from` is inclusive, `to` becomes an exclusive upper bound. A whole
 * day is that day in Europe/Berlin (as a deliveryDate's day is) and ends at the next day's start
 * there; a date-time ends at the end of its millisecond, because the database keeps microseconds
 * while answers carry milliseconds, and an offer's own `createdAt` given as `creationDateTo` must
 * include it.
 */
function dateBound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (isWholeDay(value)) {
    const day = berlinDayRange(value)!;
    return end ? day.end : day.start;
  }
  const at = parseDateTime(value)!;
  // The end of the range's last millisecond is its own bound: no instant past it is ever stored.
  return end ? new Date(Math.min(at.getTime() + 1, LATEST_INSTANT)) : at;
}

/** An offer number as written without its prefix or in lower case (`100302`, `spk-100302`) is SPK-100302. */
export function offerNumberOf(value: string): string {
  if (/^\d+$/.test(value)) return `SPK-${value}`;
  return /^spk-\d+$/i.test(value) ? value.toUpperCase() : value;
}

function offerNumbers(filter: ValueFilter | undefined): ValueFilter | undefined {
  return filter && { include: filter.include.map(offerNumberOf), exclude: filter.exclude.map(offerNumberOf) };
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
  // An e-mail filter is matched whole: a value that is no address could never match, so it is
  // refused naming `email`, as the catalogue refuses one (a typo must not look like "no offers").
  const email = parseValueList(q.email);
  if ([...(email?.include ?? []), ...(email?.exclude ?? [])].some((e) => !z.email().safeParse(e).success)) {
    problems.push(fieldError('INVALID_PARAMETER', 'email', 'email'));
  }
  const orderStatus = parseValueList(q.orderStatus);
  for (const s of [...(orderStatus?.include ?? []), ...(orderStatus?.exclude ?? [])]) {
    if (!(PURCHASE_ORDER_STATUSES as readonly string[]).includes(s)) {
      problems.push(fieldError('INVALID_PARAMETER', 'oneOf', 'orderStatus', { values: PURCHASE_ORDER_STATUSES.join(', ') }));
      break;
    }
  }
  const filters: OfferListFilters = {
    orderStatus,
    createdFrom: dateBound(q.creationDateFrom, false),
    createdBefore: dateBound(q.creationDateTo, true),
    statusChangedFrom: dateBound(q.statusChangedDateFrom, false),
    statusChangedBefore: dateBound(q.statusChangedDateTo, true),
    status,
    externalOfferId: parseValueList(q.externalOfferId),
    email,
    offerNumber: offerNumbers(parseValueList(q.offerNumber)),
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

/** A list request, validated: the repository's query and the fields to answer. */
export type OfferListRequest = { query: OfferListQuery; fields: string[] | null; page: number; perPage: number; sortBy: SortKey; order: 'asc' | 'desc' };

/** Validates a list request (400 on bad parameters, warnings for ignored ones) before anything is read. */
export function offerListRequest(q: ListOffersQuery): OfferListRequest {
  const fields = parseFields(q.fields);
  const query = { ...listFilters(q), sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage };
  return { query, fields, page: q.page, perPage: q.perPage, sortBy: q.sortBy, order: q.order };
}

/**
 * The list's ETag: the tenant's list version (moved on by every committed change of its offers,
 * migration 0018) and everything else the answer depends on — the request, the language, the
 * fields. A client that holds a tag asks with If-None-Match: the version alone is read first, and a
 * list that has not changed since is answered 304 without running it. Otherwise the list's own
 * statement reads the version beside its page, and the tag names the version the page was read at.
 */
function offerListTagOf(tenant: Tenant, list: OfferListRequest, lang: Lang, version: number): string {
  const hash = createHash('sha256').update(JSON.stringify([tenant.dealerId, tenant.environment, lang, list])).digest('base64url').slice(0, 22);
  return `W/"${version}-${hash}"`;
}

/** The list's ETag as it stands now (one short read), for a conditional request. */
export async function offerListTag(tenant: Tenant, list: OfferListRequest, lang: Lang): Promise<string> {
  return offerListTagOf(tenant, list, lang, (await offerListVersion(getDb(), tenant)).version);
}

/** A page of the tenant's offers with the list's meta (the total is exact) and its ETag. */
export async function listOffersFor(tenant: Tenant, list: OfferListRequest, lang: Lang) {
  const { rows, total, version } = await listOffers(getDb(), tenant, list.query);
  // The lease terms and orders are read only when answered (a `fields` list without them skips the query).
  const answers =
    list.fields && !list.fields.includes('leaseTerms') && !list.fields.includes('order') ? rows.map((r) => serializeOffer(r, lang)) : await offerAnswers(getDb(), rows, lang);
  return {
    data: answers.map((o) => pickFields(o, list.fields)),
    meta: { ...pageMeta(list.page, list.perPage, total), sortBy: list.sortBy, order: list.order },
    etag: offerListTagOf(tenant, list, lang, version),
  };
}

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
    // Newest first: by the entry's id, which increases with every change (as occurredAt does).
    meta: sortedPageMeta(page, perPage, total, 'occurredAt', 'desc'),
  };
}
