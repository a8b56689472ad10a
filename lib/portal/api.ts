import type { Lang } from '@/lib/i18n/messages';
import type { OfferStatus } from '@/lib/offers/lifecycle';
import type { CreateOfferBody, UpdateOfferBody } from '@/lib/offers/schemas';

// Every call the portal makes: the public /v1 API with the session cookie (same origin), nothing
// else. Switching to the typed client of lib/api-client later changes this file only.

export type Translations = Record<Lang, string>;
export type StatusMessage = { code: string; message: string; translations: Translations; field?: string };
export type StatusObject = {
  current: StatusMessage & { code: OfferStatus };
  nextSteps: (StatusMessage & { code: OfferStatus })[];
  errors: StatusMessage[];
  infos: StatusMessage[];
};

export type ProductOut = {
  bidexCode: string;
  brandName?: string;
  modelName?: string;
  modelYear?: string;
  color?: string;
  size?: string;
  driveManufacturer?: string;
  batteryCapacity?: string;
  priceGross?: number;
  listPriceGross?: number;
};
export type AccessoryOut = { bidexCode: string; brandName?: string; modelName?: string; priceGross?: number; listPriceGross?: number };

export type Offer = {
  id: string;
  offerNumber: string;
  externalOfferId: string;
  customerName: string;
  customerEmail: string;
  product: ProductOut;
  accessory: AccessoryOut[];
  withShipping?: boolean;
  shippingCostGross?: number;
  installationCostGross?: number;
  deliveryDate?: string;
  notes?: string;
  totalPriceGross: number;
  environment: 'sandbox' | 'production';
  status: StatusObject;
  cancelReason?: string;
  contactFromEmployeeRequested?: boolean;
  createdAt: string;
  updatedAt: string;
  statusChangedAt: string;
};

export type ListMeta = {
  page: number;
  nextPage: number | null;
  previousPage: number | null;
  perPage: number;
  sortBy: string;
  order: 'asc' | 'desc';
  totalCount: number;
};

export type HistoryEntry = {
  id: number;
  occurredAt: string;
  actor: { type: string; id?: string; name?: string };
  action: string;
  fromStatus?: OfferStatus;
  toStatus?: OfferStatus;
  changes: { field: string; old?: unknown; new?: unknown }[];
};

export type CategoryEntry = {
  bidexCode: string;
  name: string;
  categoryPath: string[];
  kind: 'bicycle' | 'accessory';
  SpokeExtension: boolean;
};
export type Categories = { bicycles: CategoryEntry[]; accessories: CategoryEntry[] };

export type ApiErrorEntry = { code: string; message: string; details?: string; translations?: Translations };

/** A non-2xx answer of the API, with its `errors` entries. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorEntry[],
  ) {
    super(errors[0]?.message ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
  }
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

let language: Lang = 'de';
/** The language of the API's messages (Accept-Language on every call). */
export function setApiLanguage(lang: Lang) {
  language = lang;
}

type Query = Record<string, string | number | boolean | undefined | null>;

async function request<T>(method: string, path: string, options: { query?: Query; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(0, [{ code: 'NETWORK_ERROR', message: (err as Error).message }]);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (res.status === 401 && typeof window !== 'undefined' && !window.location.pathname.startsWith('/portal/sign-in')) {
    // The session ended (expired, signed out elsewhere): sign in again and come back here. A full
    // load on purpose: nothing of the old session's client state should survive.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/portal/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  if (!res.ok) {
    const errors = (json as { errors?: ApiErrorEntry[] } | undefined)?.errors;
    throw new ApiRequestError(res.status, Array.isArray(errors) && errors.length > 0 ? errors : [{ code: `HTTP_${res.status}`, message: res.statusText || `HTTP ${res.status}` }]);
  }
  return json as T;
}

// ---- Offers ----------------------------------------------------------------------------------

export type ListParams = {
  status?: string;
  creationDateFrom?: string;
  creationDateTo?: string;
  statusChangedDateFrom?: string;
  statusChangedDateTo?: string;
  search?: string;
  externalOfferId?: string;
  email?: string;
  page?: number;
  perPage?: number;
  sortBy?: string;
  order?: 'asc' | 'desc';
};

/** The fields the list shows (sparse fieldset: less to send for big pages). */
const LIST_FIELDS = 'offerNumber,externalOfferId,customerName,customerEmail,product,totalPriceGross,status,createdAt,statusChangedAt';

export function listOffers(params: ListParams, signal?: AbortSignal) {
  return request<{ data: Offer[]; meta: ListMeta }>('GET', '/v1/offers', { query: { ...params, fields: LIST_FIELDS }, signal });
}

/** Every offer matching `params`, page by page, up to `cap` (for the CSV export). */
export async function listAllOffers(params: ListParams, cap: number): Promise<{ offers: Offer[]; totalCount: number }> {
  const offers: Offer[] = [];
  let totalCount = 0;
  for (let page = 1; offers.length < cap; page++) {
    const { data, meta } = await request<{ data: Offer[]; meta: ListMeta }>('GET', '/v1/offers', {
      query: { ...params, page, perPage: 100 },
    });
    offers.push(...data);
    totalCount = meta.totalCount;
    if (!meta.nextPage) break;
  }
  return { offers: offers.slice(0, cap), totalCount };
}

export function getOffer(id: string, signal?: AbortSignal) {
  return request<{ data: Offer }>('GET', `/v1/offers/${encodeURIComponent(id)}`, { signal }).then((r) => r.data);
}

export function getOfferHistory(id: string, page: number, perPage = 20) {
  return request<{ data: HistoryEntry[]; meta: ListMeta }>('GET', `/v1/offers/${encodeURIComponent(id)}/history`, { query: { page, perPage } });
}

export function createOffer(body: CreateOfferBody) {
  return request<{ data: Offer }>('POST', '/v1/offers', { body }).then((r) => r.data);
}

export function updateOffer(id: string, body: UpdateOfferBody) {
  return request<{ data: Offer }>('PUT', `/v1/offers/${encodeURIComponent(id)}`, { body }).then((r) => r.data);
}

export function cancelOffer(id: string, cancelReason: string, contactFromEmployeeRequested: boolean) {
  return request<{ data: Offer }>('POST', `/v1/offers/${encodeURIComponent(id)}/cancel`, {
    query: { cancelReason, contactFromEmployeeRequested },
  }).then((r) => r.data);
}

/** Sandbox only: the next lifecycle step (or a given status of nextSteps). */
export function advanceSandboxOffer(id: string, to?: OfferStatus) {
  return request<{ data: Offer }>('POST', `/v1/sandbox/offers/${encodeURIComponent(id)}/advance`, { query: { to } }).then((r) => r.data);
}

// ---- Catalogue -------------------------------------------------------------------------------

/** Bicycle and accessory categories; with an employee's e-mail, only those the employer allows. */
export function getCategories(lang: Lang, email?: string) {
  return request<{ data: Categories; meta: { lang: Lang; restrictedForEmployee: boolean } }>('GET', '/v1/offers/categories', {
    query: { lang, email },
  });
}

