import { OFFER_STATUSES, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { ApiRequestError } from '@/lib/api-client/browser/call';
import type { ListParams } from './api';
import { SEARCH_MIN_LENGTH } from '@/lib/shared/validation';

// The offer list's whole state lives in the URL, under the API's own parameter names, so a link
// (or a reload) reproduces the view and the state maps 1:1 onto GET /v1/offers.

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const SORTABLE = ['offerNumber', 'externalOfferId', 'customerName', 'productName', 'totalPriceGross', 'status', 'createdAt'] as const;
export type SortColumn = (typeof SORTABLE)[number];

export const TEXT_FILTERS = [
  'status',
  'search',
  'externalOfferId',
  'email',
  'creationDateFrom',
  'creationDateTo',
  'statusChangedDateFrom',
  'statusChangedDateTo',
  'orderStatus',
] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

export type ListState = Record<TextFilter, string> & {
  page: number;
  perPage: number;
  sortBy: SortColumn;
  order: 'asc' | 'desc';
};

/** Every filter cleared (the list's "reset filters"). */
export const EMPTY_FILTERS = Object.fromEntries(TEXT_FILTERS.map((key) => [key, ''])) as Record<TextFilter, string>;

export const DEFAULT_STATE: ListState = {
  ...EMPTY_FILTERS,
  page: 1,
  perPage: 10,
  sortBy: 'createdAt',
  order: 'desc',
};

type Readable = { get(name: string): string | null };

export function readListState(params: Readable): ListState {
  const state: ListState = { ...DEFAULT_STATE };
  for (const key of TEXT_FILTERS) state[key] = params.get(key)?.slice(0, 2000) ?? '';
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page >= 1) state.page = page;
  const perPage = Number(params.get('perPage'));
  if ((PAGE_SIZES as readonly number[]).includes(perPage)) state.perPage = perPage;
  const sortBy = params.get('sortBy');
  if (sortBy && (SORTABLE as readonly string[]).includes(sortBy)) state.sortBy = sortBy as SortColumn;
  const order = params.get('order');
  if (order === 'asc' || order === 'desc') state.order = order;
  return state;
}

/** The URL query of a state, leaving out defaults (so the plain list is just /portal). */
export function listQuery(state: ListState): string {
  const params = new URLSearchParams();
  for (const key of TEXT_FILTERS) if (state[key].trim()) params.set(key, state[key].trim());
  if (state.sortBy !== DEFAULT_STATE.sortBy) params.set('sortBy', state.sortBy);
  if (state.order !== DEFAULT_STATE.order) params.set('order', state.order);
  if (state.perPage !== DEFAULT_STATE.perPage) params.set('perPage', String(state.perPage));
  if (state.page !== 1) params.set('page', String(state.page));
  return params.toString();
}

/** The API parameters of a state; a search under SEARCH_MIN_LENGTH characters is left out (the API ignores it). */
export function apiParams(state: ListState, withPaging = true): ListParams {
  const params: ListParams = { sortBy: state.sortBy, order: state.order };
  for (const key of TEXT_FILTERS) {
    const value = state[key].trim();
    if (value && !(key === 'search' && value.length < SEARCH_MIN_LENGTH)) params[key] = value;
  }
  if (withPaging) {
    params.page = state.page;
    params.perPage = state.perPage;
  }
  return params;
}

export function hasFilters(state: ListState): boolean {
  return TEXT_FILTERS.some((key) => state[key].trim() !== '');
}

/** `draft,rejected` → only these; `!done,!canceled` → all but these. */
export function statusSelection(value: string): { mode: 'only' | 'except'; values: OfferStatus[] } {
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
  const mode = items.length > 0 && items.every((v) => v.startsWith('!')) ? 'except' : 'only';
  const values = items
    .map((v) => v.replace(/^!/, ''))
    .filter((v): v is OfferStatus => (OFFER_STATUSES as readonly string[]).includes(v));
  return { mode, values: OFFER_STATUSES.filter((s) => values.includes(s)) };
}

export function statusParam(mode: 'only' | 'except', values: readonly OfferStatus[]): string {
  return values.map((v) => (mode === 'except' ? `!${v}` : v)).join(',');
}

/** The filter a failed list call refused (a 400 naming one of the filters), if that is why it failed. */
export function refusedFilter(error: unknown): TextFilter | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  const field = error.errors[0]?.details;
  return (TEXT_FILTERS as readonly unknown[]).includes(field) ? (field as TextFilter) : undefined;
}
