import { createSpokeClient, type components, type operations, type SpokeClient } from '@/lib/api-client';
import type { Lang } from '@/lib/i18n/lang';
import type { Words } from '@/lib/i18n/words';
import { ApiRequestError, failedRequest, type ApiErrorEntry } from '@/lib/api-client/browser/call';

// Every call the portal makes: the public /v1 API through the typed client generated from the
// OpenAPI document (lib/api-client), with the session cookie (same origin), nothing else. The
// portal's types are the document's schemas, so a wrong document fails `tsc` here or the e2e
// suite in the browser.

type Schemas = components['schemas'];
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type Translations = Schemas['Translations'];
export type StatusMessage = Schemas['StatusMessage'];
export type StatusStep = Schemas['StatusStep'];
export type StatusObject = Schemas['OfferStatus'];
export type OfferStatusCode = Schemas['OfferStatusCode'];
export type Offer = Schemas['Offer'];
export type OfferValidation = Schemas['OfferValidation'];
export type CreateOfferBody = Schemas['CreateOfferBody'];
export type UpdateOfferBody = Schemas['UpdateOfferBody'];
export type ListMeta = Schemas['OfferListMeta'];
export type PageMeta = Schemas['PageMeta'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type CategoryEntry = Schemas['CategoryEntry'];
export type Categories = Schemas['CategoryTree'];
export type CategoriesMeta = Schemas['CategoriesMeta'];
export type CancelReason = NonNullable<Query<'cancelOffer'>['cancelReason']>;

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type WebhookEventType = Schemas['WebhookEventType'];
export type CreateWebhookBody = Schemas['CreateWebhookBody'];
export type UpdateWebhookBody = Schemas['UpdateWebhookBody'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryStatus = WebhookDelivery['status'];

let apiWords: Words | undefined;
/** The reader's words: the language of the API's messages (Accept-Language on every call) and of the client's own. */
export function setApiWords(words: Words) {
  apiWords = words;
}

function signInAgain() {
  if (typeof window === 'undefined' || window.location.pathname.startsWith('/portal/sign-in')) return;
  // The session ended (expired, signed out elsewhere): sign in again and come back here. A full
  // load on purpose: nothing of the old session's client state should survive.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/portal/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

let client: SpokeClient | undefined;
/**
 * The client, made on first use in the browser. openapi-fetch builds `new Request(baseUrl + path)`;
 * a browser would resolve a relative URL against the page, but naming the page's origin also
 * holds where `Request` needs an absolute URL.
 */
function api(): SpokeClient {
  if (client) return client;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // The session cookie goes along (same origin); answers are never taken from the HTTP cache.
  const created = createSpokeClient(origin, (request) => fetch(request, { credentials: 'same-origin', cache: 'no-store' }));
  created.use({
    onRequest({ request }) {
      request.headers.set('Accept', 'application/json');
      request.headers.set('Accept-Language', apiWords?.lang ?? 'de');
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) signInAgain();
      return undefined;
    },
  });
  client = created;
  return created;
}

type Outcome<T> = { data?: T; error?: unknown; response: Response };

/** The answer's data, or an ApiRequestError with its `errors` (a network failure is status 0). */
async function call<T>(request: () => Promise<Outcome<T>>): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await request();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(0, [failedRequest(0, apiWords, (err as Error).message)]);
  }
  const { data, error, response } = outcome;
  if (!response.ok) {
    const errors = (error as { errors?: ApiErrorEntry[] } | undefined)?.errors;
    throw new ApiRequestError(
      response.status,
      Array.isArray(errors) && errors.length > 0 ? errors : [failedRequest(response.status, apiWords, response.statusText || `HTTP ${response.status}`)],
    );
  }
  return data as T;
}

// ---- Offers ----------------------------------------------------------------------------------

export type ListParams = Omit<Query<'listOffers'>, 'fields' | 'offerNumber'>;

/** The fields the list shows (sparse fieldset: less to send for big pages). */
const LIST_FIELDS = [
  'offerNumber',
  'externalOfferId',
  'customerName',
  'customerEmail',
  'product',
  'totalPriceGross',
  'status',
  'createdAt',
  'statusChangedAt',
] as const satisfies readonly (keyof Offer)[];

/** An offer of the list: the fields of LIST_FIELDS (the API answers what `fields` names, and `id`). */
export type ListedOffer = Pick<Offer, 'id' | (typeof LIST_FIELDS)[number]>;

/** Empty filters are left out, as the list's URL leaves them out. */
function compact<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}

export async function listOffers(params: ListParams, signal?: AbortSignal) {
  const page = await call(() => api().GET('/v1/offers', { params: { query: { ...compact(params), fields: LIST_FIELDS.join(',') } }, signal }));
  // OfferList says Offer | OfferFields: with `fields`, each item has exactly the fields named.
  return page as { data: ListedOffer[]; meta: ListMeta };
}

export async function getOffer(id: string, signal?: AbortSignal): Promise<Offer> {
  const { data } = await call(() => api().GET('/v1/offers/{id}', { params: { path: { id } }, signal }));
  // Without `fields`, the whole Offer.
  return data as Offer;
}

export function getOfferHistory(id: string, page: number, perPage = 20) {
  return call(() => api().GET('/v1/offers/{id}/history', { params: { path: { id }, query: { page, perPage } } }));
}

export async function createOffer(body: CreateOfferBody) {
  return (await call(() => api().POST('/v1/offers', { body }))).data;
}

/** The dry run: the status object the offer would get (errors and infos), nothing created; of an update with `offerId`. */
export async function validateOffer(body: CreateOfferBody, signal?: AbortSignal, offerId?: string): Promise<OfferValidation> {
  return (await call(() => api().POST('/v1/offers/validate', { body, signal, params: { query: offerId ? { offerId } : {} } }))).data;
}

export async function updateOffer(id: string, body: UpdateOfferBody) {
  return (await call(() => api().PUT('/v1/offers/{id}', { params: { path: { id } }, body }))).data;
}

export async function cancelOffer(
  id: string,
  { cancelReason, cancelNote, contactFromEmployeeRequested }: { cancelReason: CancelReason; cancelNote?: string; contactFromEmployeeRequested: boolean },
) {
  const query = { cancelReason, contactFromEmployeeRequested, ...(cancelNote ? { cancelNote } : {}) };
  return (await call(() => api().POST('/v1/offers/{id}/cancel', { params: { path: { id }, query } }))).data;
}

/** Sandbox only: the next lifecycle step (or a given status of nextSteps). */
export async function advanceSandboxOffer(id: string, to?: OfferStatusCode) {
  return (await call(() => api().POST('/v1/sandbox/offers/{id}/advance', { params: { path: { id }, query: to ? { to } : {} } }))).data;
}

// ---- Catalogue -------------------------------------------------------------------------------

/** Bicycle and accessory categories; with an employee's e-mail, only those the employer allows. */
export function getCategories(lang: Lang, email?: string) {
  return call(() => api().GET('/v1/offers/categories', { params: { query: compact({ lang, email }) } }));
}

// ---- Webhooks --------------------------------------------------------------------------------

/** The dealer's endpoints in the current environment (at most 10 exist, so one page holds them). */
export async function listWebhooks(signal?: AbortSignal) {
  return (await call(() => api().GET('/v1/webhooks', { params: { query: { perPage: 100 } }, signal }))).data;
}

/** Registers an endpoint; the answer holds its secret, which no later answer shows again. */
export async function createWebhook(body: CreateWebhookBody) {
  return (await call(() => api().POST('/v1/webhooks', { body }))).data;
}

export async function updateWebhook(id: string, body: UpdateWebhookBody) {
  return (await call(() => api().PATCH('/v1/webhooks/{id}', { params: { path: { id } }, body }))).data;
}

export async function deleteWebhook(id: string): Promise<void> {
  await call(() => api().DELETE('/v1/webhooks/{id}', { params: { path: { id } } }));
}

/** A new secret; the previous one keeps signing beside it for `keepPreviousHours`. */
export async function rotateWebhookSecret(id: string, keepPreviousHours?: number) {
  const query = keepPreviousHours === undefined ? {} : { keepPreviousHours };
  return (await call(() => api().POST('/v1/webhooks/{id}/rotate-secret', { params: { path: { id }, query } }))).data;
}

/** Sends a signed test event (`ping`) to the endpoint now; answers what the endpoint said. */
export async function testWebhook(id: string) {
  return (await call(() => api().POST('/v1/webhooks/{id}/test', { params: { path: { id } } }))).data;
}

/** An endpoint's recent deliveries, newest first. */
export function listWebhookDeliveries(id: string, params: Query<'listWebhookDeliveries'> = {}, signal?: AbortSignal) {
  return call(() => api().GET('/v1/webhooks/{id}/deliveries', { params: { path: { id }, query: params }, signal }));
}

/** Sends a delivery's event again at the next processor run. */
export async function resendWebhookDelivery(id: string, deliveryId: string) {
  return (await call(() => api().POST('/v1/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { path: { id, deliveryId } } }))).data;
}
