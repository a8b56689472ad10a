import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@/lib/api/errors';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@/lib/api/request-id';
import { emptyMetaSchema, errorBodySchema } from '@/lib/api/response-schemas';
import { errorTexts } from '@/lib/i18n/messages';
import type { Scope } from '@/lib/auth/scopes';
import { catalogueQuerySchema, categoriesQuerySchema } from '@/lib/catalogue/read-catalogue';
import { accessoryCatalogueSchema, categoriesSchema } from '@/lib/catalogue/response-schemas';
import {
  historyListSchema,
  offerEnvelopeSchema,
  offerFieldsSchema,
  offerListMetaSchema,
  offerListSchema,
  offerReadEnvelopeSchema,
  offerSchema,
  offerValidationSchema,
} from '@/lib/offers/response-schemas';
import {
  advanceOfferQuerySchema,
  cancelOfferQuerySchema,
  createOfferBodySchema,
  getOfferQuerySchema,
  IDEMPOTENCY_KEY_PATTERN,
  idParamSchema,
  listOffersQuerySchema,
  pagingQuerySchema,
  updateOfferBodySchema,
} from '@/lib/offers/schemas';
import {
  webhookDeliveryDetailEnvelopeSchema,
  webhookDeliveryEnvelopeSchema,
  webhookDeliveryListSchema,
  webhookEndpointEnvelopeSchema,
  webhookEndpointListSchema,
  webhookEndpointWithSecretEnvelopeSchema,
} from '@/lib/webhooks/response-schemas';
import {
  createWebhookBodySchema,
  deliveryIdParamSchema,
  listDeliveriesQuerySchema,
  rotateSecretQuerySchema,
  updateWebhookBodySchema,
} from '@/lib/webhooks/schemas';
import {
  accessoryCatalogueExample,
  categoriesExample,
  createOfferExample,
  createWebhookExample,
  historyExample,
  offerExamples,
  offerListExample,
  updateOfferExample,
  validationExample,
  webhookDeliveryDetailExample,
  webhookDeliveryListExample,
  webhookEndpointExample,
  webhookEndpointListExample,
} from './examples';

// The operations of /v1 as data: each names its schemas, scope, success answer and the error codes
// it can give. lib/openapi/document.ts renders the OpenAPI document from this table, and the
// contract tests (lib/openapi/contract.ts) validate every answer against the same table.

// ---- Headers ------------------------------------------------------------------------------

const requestIdHeader = z.string().meta({
  description: 'The request id: the one the client sent in Spoke-Request-ID (when valid), else a new one. Quote it in support requests.',
  example: '0f4a3f5e-2b8e-4a57-9d0c-3c1b7e4d9a21',
  header: { id: 'Spoke-Request-ID' },
});
const cacheControlHeader = z.string().meta({
  description: 'Cache policy of the answer.',
  example: 'private, no-cache',
  header: { id: 'Cache-Control' },
});
const etagHeader = z.string().meta({
  description: 'Entity tag of the representation; send it as If-None-Match to get 304 while it is unchanged.',
  example: 'W/"3q2-7wE5Xr0dZo0yqQ1sS0kZ8b5w6X4g"',
  header: { id: 'ETag' },
});
const locationHeader = z.string().meta({
  description: 'The path of the created resource.',
  example: '/v1/offers/5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10',
  header: { id: 'Location' },
});
const idempotentReplayedHeader = z.enum(['true', 'false']).meta({
  description: 'Sent when the request had an Idempotency-Key: true when this is the replay of the first answer.',
  header: { id: 'Spoke-Idempotent-Replayed' },
});
const seconds = z.string().regex(/^\d+$/);
const retryAfterHeader = seconds.meta({ description: 'Seconds to wait before retrying.', example: '5', header: { id: 'Retry-After' } });
const rateLimitHeaders = {
  'RateLimit-Limit': seconds.meta({ description: 'Requests allowed per minute for the client.', example: '600', header: { id: 'RateLimit-Limit' } }),
  'RateLimit-Remaining': seconds.meta({ description: 'Requests left in the current window.', example: '599', header: { id: 'RateLimit-Remaining' } }),
  'RateLimit-Reset': seconds.meta({ description: 'Seconds until the window resets.', example: '60', header: { id: 'RateLimit-Reset' } }),
};
const wwwAuthenticateHeader = z.string().meta({
  description: 'The bearer challenge.',
  example: 'Bearer realm="spoke", error="invalid_token"',
  header: { id: 'WWW-Authenticate' },
});

const baseHeaders = { [REQUEST_ID_HEADER]: requestIdHeader };

// ---- Request parameters -------------------------------------------------------------------

const requestIdParam = z.string().regex(REQUEST_ID_PATTERN).optional().meta({
  description: 'Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer.',
  param: { id: 'SpokeRequestIdParam' },
});
const acceptLanguageParam = z.string().optional().meta({
  description: 'Language of `message` texts: de or en (default en). `translations` always holds both.',
  example: 'de',
  param: { id: 'AcceptLanguage' },
});
const ifNoneMatchParam = z.string().optional().meta({
  description: 'An ETag of an earlier answer: 304 without a body while the representation is unchanged.',
  param: { id: 'IfNoneMatch' },
});
const idempotencyKeyParam = z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
  description:
    'Makes create safe to retry: the same key with the same body replays the first answer; the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters.',
  example: 'erp-2026-0042-create',
  param: { id: 'IdempotencyKey' },
});

const offerIdParams = z.object({
  id: idParamSchema.meta({ description: 'The offer id (UUID). A malformed id answers 400.', param: { id: 'OfferId' } }),
});
const webhookIdParam = idParamSchema.meta({ description: 'The webhook endpoint id (UUID).', param: { id: 'WebhookId' } });
const webhookIdParams = z.object({ id: webhookIdParam });
const deliveryParams = z.object({
  id: webhookIdParam,
  deliveryId: deliveryIdParamSchema.meta({ description: 'The delivery id (UUID).', param: { id: 'DeliveryId' } }),
});

// ---- Operations ---------------------------------------------------------------------------

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Examples = Record<string, { summary: string; value: unknown }>;

export type OperationSpec = {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path, `{name}` for parameters. */
  path: string;
  tag: 'Offers' | 'Catalogue' | 'Sandbox' | 'Webhooks' | 'Reference';
  summary: string;
  description: string;
  /** The scope the operation needs, or null for a public one. */
  scope: Scope | null;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: { schema: z.ZodType; description: string; examples: Examples };
  success: {
    status: 200 | 201 | 202 | 204;
    description: string;
    /** The body schema; none for 204. */
    schema?: z.ZodType;
    headers: z.ZodObject;
    examples?: Examples;
    /** The exact schema of a given request's answer, where it depends on the request (sparse fieldsets). */
    exactFor?: (url: URL) => z.ZodType;
  };
  /** GET with ETag and If-None-Match → 304. */
  cacheable?: boolean;
  /** The error codes beside the common ones, each with its meaning here (true: the default meaning). */
  errors: Partial<Record<ErrorCode, string | true>>;
};

/** What a code means unless an operation says more precisely (else its message). */
const ERROR_MEANING: Partial<Record<ErrorCode, string>> = {
  INVALID_REQUEST: 'malformed JSON, a content type other than application/json, or a body over 256 KiB',
  MISSING_PARAMETER: 'a required field is missing (`details` names it)',
  INVALID_PARAMETER: 'a value has the wrong type, format or range (`details` names the field)',
  UNAUTHORIZED: 'the access token is missing, invalid or expired, or the client is disabled',
  FORBIDDEN: 'the access token lacks the scope of the operation',
  NOT_FOUND: 'no offer with this id for the calling dealer in this environment',
  METHOD_NOT_ALLOWED: 'the method is not allowed on this path (`Allow` lists the allowed ones)',
  OFFER_IS_BEING_PROCESSED: 'an earlier change of the offer is not processed yet (status pending); retry later',
  CONFLICT: '`externalOfferId` is held by an active offer of the dealer',
  OFFER_NOT_MODIFIABLE: 'the offer’s status forbids this',
  IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different body',
  TOO_MANY_REQUESTS: 'the client’s rate limit is exceeded; retry after `Retry-After` seconds',
  INTERNAL_SERVER_ERROR: 'unexpected server error; no details are disclosed',
  SERVICE_UNAVAILABLE: 'the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds',
};

const AUTHENTICATED: ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'TOO_MANY_REQUESTS', 'INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'];
const PUBLIC: ErrorCode[] = ['INTERNAL_SERVER_ERROR'];

const BODY_ERRORS = { INVALID_REQUEST: true, MISSING_PARAMETER: true, INVALID_PARAMETER: true } as const;

const readHeaders = z.object({ ...baseHeaders, 'Cache-Control': cacheControlHeader, ETag: etagHeader, ...rateLimitHeaders });
const writeHeaders = z.object({ ...baseHeaders, 'Cache-Control': cacheControlHeader, ...rateLimitHeaders });

/** With a non-empty `fields`, get and list answer sparse offers. */
const hasFields = (url: URL) => (url.searchParams.get('fields') ?? '').trim() !== '';

export const OPERATIONS: readonly OperationSpec[] = [
  {
    operationId: 'listOffers',
    method: 'get',
    path: '/v1/offers',
    tag: 'Offers',
    summary: 'List offers',
    description:
      'The calling dealer’s offers in the client’s environment, filtered, sorted and paged. Comma-separated filter values are OR-ed; a value with a leading `!` is excluded. Date filters accept a date-time or `YYYY-MM-DD` (the whole day, UTC); ranges are inclusive.',
    scope: 'offers:read',
    query: listOffersQuerySchema,
    success: {
      status: 200,
      description: 'A page of offers.',
      schema: offerListSchema,
      headers: readHeaders,
      examples: { page: offerListExample },
      exactFor: (url) =>
        hasFields(url)
          ? z.strictObject({ data: z.array(offerFieldsSchema), meta: offerListMetaSchema })
          : z.strictObject({ data: z.array(offerSchema), meta: offerListMetaSchema }),
    },
    cacheable: true,
    errors: {
      INVALID_PARAMETER: 'a parameter is invalid: an unknown status, a bad date, an unknown sortBy, order or field name, page or perPage out of range',
    },
  },
  {
    operationId: 'createOffer',
    method: 'post',
    path: '/v1/offers',
    tag: 'Offers',
    summary: 'Create an offer',
    description:
      'Accepts an offer for asynchronous processing: the answer (202) is the offer in status `pending`. Processing later moves it to `draft` or to `rejected` with the reasons in `status.errors`; read the offer again to follow it. Unknown fields are ignored.',
    scope: 'offers:write',
    headers: z.object({ 'Idempotency-Key': idempotencyKeyParam }),
    body: {
      schema: createOfferBodySchema,
      description: 'The offer: one bicycle and its accessories.',
      examples: { eBike: { summary: 'An e-trekking bike with a U-lock and a rear rack', value: createOfferExample } },
    },
    success: {
      status: 202,
      description: 'Accepted for processing; the offer is `pending`.',
      schema: offerEnvelopeSchema,
      headers: z.object({
        ...baseHeaders,
        Location: locationHeader,
        'Cache-Control': cacheControlHeader,
        'Spoke-Idempotent-Replayed': idempotentReplayedHeader.optional(),
        ...rateLimitHeaders,
      }),
      examples: { pending: offerExamples.pending },
    },
    errors: {
      ...BODY_ERRORS,
      INVALID_PARAMETER: 'a field has the wrong type, format or range (`details` names it), or the Idempotency-Key is malformed',
      CONFLICT: true,
      IDEMPOTENCY_KEY_REUSED: true,
    },
  },
  {
    operationId: 'validateOffer',
    method: 'post',
    path: '/v1/offers/validate',
    tag: 'Offers',
    summary: 'Validate an offer (dry run)',
    description:
      'Runs the request validation, normalization and business checks of create and processing without creating anything, and answers the status object the offer would get: `draft` when valid, `rejected` with the reasons otherwise.',
    scope: 'offers:write',
    body: {
      schema: createOfferBodySchema,
      description: 'The offer as it would be created.',
      examples: { eBike: { summary: 'An e-trekking bike with a U-lock and a rear rack', value: createOfferExample } },
    },
    success: {
      status: 200,
      description: 'The outcome: valid, and the status object the offer would get.',
      schema: offerValidationSchema,
      headers: writeHeaders,
      examples: { rejected: validationExample },
    },
    errors: BODY_ERRORS,
  },
  {
    operationId: 'getOffer',
    method: 'get',
    path: '/v1/offers/{id}',
    tag: 'Offers',
    summary: 'Get an offer',
    description: 'The offer as last processed, with its status object. Poll it to follow processing and the lifecycle.',
    scope: 'offers:read',
    pathParams: offerIdParams,
    query: getOfferQuerySchema,
    success: {
      status: 200,
      description: 'The offer.',
      schema: offerReadEnvelopeSchema,
      headers: readHeaders,
      examples: { draft: offerExamples.draft, rejected: offerExamples.rejected, sparse: offerExamples.sparse },
      exactFor: (url) => (hasFields(url) ? z.strictObject({ data: offerFieldsSchema, meta: emptyMetaSchema }) : offerEnvelopeSchema),
    },
    cacheable: true,
    errors: { INVALID_PARAMETER: 'the id is not a UUID, or `fields` names an unknown field', NOT_FOUND: true },
  },
  {
    operationId: 'updateOffer',
    method: 'put',
    path: '/v1/offers/{id}',
    tag: 'Offers',
    summary: 'Update an offer',
    description:
      'Replaces the offer’s data and resubmits it for processing (status `pending` again). Allowed in `draft` and `rejected`. externalOfferId, customerName and customerEmail cannot be changed and are ignored.',
    scope: 'offers:write',
    pathParams: offerIdParams,
    body: {
      schema: updateOfferBodySchema,
      description: 'The offer’s new data.',
      examples: { fixed: { summary: 'The rejected offer fixed', value: updateOfferExample } },
    },
    success: {
      status: 202,
      description: 'Accepted for processing; the offer is `pending`.',
      schema: offerEnvelopeSchema,
      headers: writeHeaders,
      examples: { pending: offerExamples.pending },
    },
    errors: {
      ...BODY_ERRORS,
      INVALID_PARAMETER: 'the id is not a UUID, or a field has the wrong type, format or range (`details` names it)',
      NOT_FOUND: true,
      OFFER_IS_BEING_PROCESSED: true,
      OFFER_NOT_MODIFIABLE: 'the offer is in order_journey_started or later, or final',
      CONFLICT: '`externalOfferId` is now held by another active offer of the dealer',
    },
  },
  {
    operationId: 'cancelOffer',
    method: 'post',
    path: '/v1/offers/{id}/cancel',
    tag: 'Offers',
    summary: 'Cancel an offer',
    description: 'Cancels the offer in any status but `done` and `canceled`. Final.',
    scope: 'offers:write',
    pathParams: offerIdParams,
    query: cancelOfferQuerySchema,
    success: {
      status: 200,
      description: 'The canceled offer.',
      schema: offerEnvelopeSchema,
      headers: writeHeaders,
      examples: { canceled: offerExamples.canceled },
    },
    errors: {
      INVALID_PARAMETER: 'the id is not a UUID, or a parameter has an unknown value',
      NOT_FOUND: true,
      OFFER_NOT_MODIFIABLE: 'the offer is already done or canceled',
    },
  },
  {
    operationId: 'getOfferHistory',
    method: 'get',
    path: '/v1/offers/{id}/history',
    tag: 'Offers',
    summary: 'Get the history of an offer',
    description: 'Every change of the offer, newest first: when, who (API client, portal user, operator or system) and what.',
    scope: 'offers:read',
    pathParams: offerIdParams,
    query: pagingQuerySchema,
    success: {
      status: 200,
      description: 'A page of history entries.',
      schema: historyListSchema,
      headers: readHeaders,
      examples: { rejected: historyExample },
    },
    cacheable: true,
    errors: { INVALID_PARAMETER: 'the id is not a UUID, or page or perPage is out of range', NOT_FOUND: true },
  },
  {
    operationId: 'listAccessoryCategories',
    method: 'get',
    path: '/v1/offers/accessory',
    tag: 'Catalogue',
    summary: 'List leasable accessory categories',
    description: 'Every leasable accessory entry. Put only accessories whose code is listed here into an offer; others are rejected.',
    scope: 'catalogue:read',
    query: catalogueQuerySchema,
    success: {
      status: 200,
      description: 'The accessory categories.',
      schema: accessoryCatalogueSchema,
      headers: writeHeaders,
      examples: { entries: accessoryCatalogueExample },
    },
    errors: { INVALID_PARAMETER: 'lang is too long' },
  },
  {
    operationId: 'listCategories',
    method: 'get',
    path: '/v1/offers/categories',
    tag: 'Catalogue',
    summary: 'List all leasable categories',
    description:
      'Every leasable bicycle and accessory entry. With `email` of a registered employee, only the categories the employer allows.',
    scope: 'catalogue:read',
    query: categoriesQuerySchema,
    success: {
      status: 200,
      description: 'The categories.',
      schema: categoriesSchema,
      headers: writeHeaders,
      examples: { entries: categoriesExample },
    },
    errors: { INVALID_PARAMETER: 'email is not an e-mail address, or lang is too long' },
  },
  {
    operationId: 'advanceSandboxOffer',
    method: 'post',
    path: '/v1/sandbox/offers/{id}/advance',
    tag: 'Sandbox',
    summary: 'Take the next lifecycle step (sandbox)',
    description:
      'Sandbox clients only: moves the offer on, so an integration can meet every status. Without `to`, a pending offer is processed on the spot and a later one takes the next step on the happy path (draft → order_journey_started → employer_decision_pending → operator_decision_pending → done); with `to`, any status of `nextSteps` (rejected declines with a sandbox reason).',
    scope: 'offers:write',
    pathParams: offerIdParams,
    query: advanceOfferQuerySchema,
    success: {
      status: 200,
      description: 'The offer after the step.',
      schema: offerEnvelopeSchema,
      headers: writeHeaders,
      examples: { orderJourneyStarted: offerExamples.orderJourneyStarted },
    },
    errors: {
      INVALID_PARAMETER: 'the id is not a UUID, or `to` is not a status',
      FORBIDDEN: 'the access token lacks offers:write, or the client is a production client',
      NOT_FOUND: true,
      OFFER_NOT_MODIFIABLE: 'no such step from the current status (`to` not in nextSteps, or no further step)',
    },
  },
  {
    operationId: 'listWebhooks',
    method: 'get',
    path: '/v1/webhooks',
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    description: 'The dealer’s webhook endpoints in the client’s environment (never with their secrets).',
    scope: 'webhooks:read',
    query: pagingQuerySchema,
    success: {
      status: 200,
      description: 'A page of endpoints.',
      schema: webhookEndpointListSchema,
      headers: readHeaders,
      examples: { one: webhookEndpointListExample },
    },
    cacheable: true,
    errors: { INVALID_PARAMETER: 'page or perPage is out of range' },
  },
  {
    operationId: 'createWebhook',
    method: 'post',
    path: '/v1/webhooks',
    tag: 'Webhooks',
    summary: 'Register a webhook endpoint',
    description:
      'Registers an endpoint for offer events of the client’s environment. Spoke POSTs each event as JSON, signed in `Spoke-Signature` with the secret of this answer (the only time it is shown). In production the URL must be https and resolve to public addresses.',
    scope: 'webhooks:write',
    body: {
      schema: createWebhookBodySchema,
      description: 'The endpoint.',
      examples: { erp: { summary: 'Status changes to the dealer’s ERP', value: createWebhookExample } },
    },
    success: {
      status: 201,
      description: 'Registered; the answer carries the signing secret.',
      schema: webhookEndpointWithSecretEnvelopeSchema,
      headers: z.object({ ...baseHeaders, Location: locationHeader, 'Cache-Control': cacheControlHeader, ...rateLimitHeaders }),
      examples: { registered: webhookEndpointExample },
    },
    errors: {
      ...BODY_ERRORS,
      INVALID_PARAMETER: 'a field has the wrong type or value, or the URL is refused (not http(s), credentials in it, not https or not public in production)',
      CONFLICT: 'an endpoint with this URL is already registered, or the environment has the maximum number of endpoints',
    },
  },
  {
    operationId: 'getWebhook',
    method: 'get',
    path: '/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Get a webhook endpoint',
    description: 'One endpoint, without its secret.',
    scope: 'webhooks:read',
    pathParams: webhookIdParams,
    success: { status: 200, description: 'The endpoint.', schema: webhookEndpointEnvelopeSchema, headers: readHeaders },
    cacheable: true,
    errors: { INVALID_PARAMETER: 'the id is not a UUID', NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment' },
  },
  {
    operationId: 'updateWebhook',
    method: 'patch',
    path: '/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Change a webhook endpoint',
    description: 'Changes URL, events, description or active; fields left out stay as they are.',
    scope: 'webhooks:write',
    pathParams: webhookIdParams,
    body: { schema: updateWebhookBodySchema, description: 'The fields to change.', examples: { pause: { summary: 'Pause deliveries', value: { active: false } } } },
    success: { status: 200, description: 'The changed endpoint.', schema: webhookEndpointEnvelopeSchema, headers: writeHeaders },
    errors: {
      ...BODY_ERRORS,
      INVALID_PARAMETER: 'the id is not a UUID, a field has the wrong type or value, or the URL is refused',
      NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment',
      CONFLICT: 'another endpoint has this URL',
    },
  },
  {
    operationId: 'deleteWebhook',
    method: 'delete',
    path: '/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint with its deliveries.',
    scope: 'webhooks:write',
    pathParams: webhookIdParams,
    success: { status: 204, description: 'Deleted.', headers: writeHeaders },
    errors: { INVALID_PARAMETER: 'the id is not a UUID', NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment' },
  },
  {
    operationId: 'rotateWebhookSecret',
    method: 'post',
    path: '/v1/webhooks/{id}/rotate-secret',
    tag: 'Webhooks',
    summary: 'Rotate the signing secret',
    description:
      'A new signing secret, shown only in this answer. The previous one keeps signing beside it (a second `v1` in Spoke-Signature) for `keepPreviousHours`, so a receiver can switch without losing events.',
    scope: 'webhooks:write',
    pathParams: webhookIdParams,
    query: rotateSecretQuerySchema,
    success: {
      status: 200,
      description: 'The endpoint with its new secret.',
      schema: webhookEndpointWithSecretEnvelopeSchema,
      headers: writeHeaders,
      examples: { rotated: webhookEndpointExample },
    },
    errors: {
      INVALID_PARAMETER: 'the id is not a UUID, or keepPreviousHours is out of range',
      NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment',
    },
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/v1/webhooks/{id}/deliveries',
    tag: 'Webhooks',
    summary: 'List deliveries',
    description: 'The endpoint’s recent deliveries, newest first.',
    scope: 'webhooks:read',
    pathParams: webhookIdParams,
    query: listDeliveriesQuerySchema,
    success: {
      status: 200,
      description: 'A page of deliveries.',
      schema: webhookDeliveryListSchema,
      headers: writeHeaders,
      examples: { delivered: webhookDeliveryListExample },
    },
    errors: {
      INVALID_PARAMETER: 'the id is not a UUID, or a parameter is out of range',
      NOT_FOUND: 'no webhook endpoint with this id for the calling dealer in this environment',
    },
  },
  {
    operationId: 'getWebhookDelivery',
    method: 'get',
    path: '/v1/webhooks/{id}/deliveries/{deliveryId}',
    tag: 'Webhooks',
    summary: 'Get a delivery',
    description: 'One delivery with the event it sends (the body, as signed) and every attempt.',
    scope: 'webhooks:read',
    pathParams: deliveryParams,
    success: {
      status: 200,
      description: 'The delivery.',
      schema: webhookDeliveryDetailEnvelopeSchema,
      headers: writeHeaders,
      examples: { delivered: webhookDeliveryDetailExample },
    },
    errors: { INVALID_PARAMETER: 'an id is not a UUID', NOT_FOUND: 'no such endpoint or delivery for the calling dealer in this environment' },
  },
  {
    operationId: 'resendWebhookDelivery',
    method: 'post',
    path: '/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
    tag: 'Webhooks',
    summary: 'Re-send a delivery',
    description: 'Sends the delivery’s event again (same event id and content) at the next processor run.',
    scope: 'webhooks:write',
    pathParams: deliveryParams,
    success: {
      status: 202,
      description: 'The new delivery, pending.',
      schema: webhookDeliveryEnvelopeSchema,
      headers: z.object({ ...baseHeaders, Location: locationHeader, 'Cache-Control': cacheControlHeader, ...rateLimitHeaders }),
    },
    errors: { INVALID_PARAMETER: 'an id is not a UUID', NOT_FOUND: 'no such endpoint or delivery for the calling dealer in this environment' },
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/v1/openapi.json',
    tag: 'Reference',
    summary: 'Get this OpenAPI document',
    description: 'The OpenAPI 3.1 description of /v1. Public.',
    scope: null,
    success: {
      status: 200,
      description: 'The OpenAPI document.',
      schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }).meta({ id: 'OpenApiDocument' }),
      headers: z.object({ ...baseHeaders, 'Cache-Control': cacheControlHeader }),
    },
    errors: {},
  },
];

// ---- Responses ----------------------------------------------------------------------------

export type ResponseSpec = {
  status: number;
  description: string;
  /** The body schema; none for 304. */
  schema?: z.ZodType;
  headers: z.ZodObject;
  examples?: Examples;
  /** Error responses: the codes the operation can give with this status. */
  codes?: ErrorCode[];
  exactFor?: (url: URL) => z.ZodType;
};

function errorHeaders(status: number): z.ZodObject {
  if (status === 401) return z.object({ ...baseHeaders, 'WWW-Authenticate': wwwAuthenticateHeader });
  if (status === 429) return z.object({ ...baseHeaders, 'Retry-After': retryAfterHeader, ...rateLimitHeaders });
  if (status === 503) return z.object({ ...baseHeaders, 'Retry-After': retryAfterHeader });
  return z.object(baseHeaders);
}

/** The error codes of an operation with their meaning there. */
export function errorCodesOf(op: OperationSpec): Map<ErrorCode, string> {
  const codes = new Map<ErrorCode, string>();
  const meaningOf = (code: ErrorCode) => ERROR_MEANING[code] ?? errorTexts[code].en.replace(/\.$/, '');
  for (const code of op.scope ? AUTHENTICATED : PUBLIC) codes.set(code, meaningOf(code));
  if (op.scope) codes.set('FORBIDDEN', `the access token lacks the scope ${op.scope}`);
  for (const [code, meaning] of Object.entries(op.errors) as [ErrorCode, string | true][]) {
    codes.set(code, meaning === true ? meaningOf(code) : meaning);
  }
  return codes;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  406: 'Not acceptable now',
  409: 'Conflict',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** Every response an operation can give: success, 304 when cacheable, and one per error status. */
export function responsesOf(op: OperationSpec): ResponseSpec[] {
  const out: ResponseSpec[] = [{ ...op.success }];
  if (op.cacheable) {
    out.push({
      status: 304,
      description: 'Not modified: If-None-Match named the current ETag. No body.',
      headers: z.object({ ...baseHeaders, 'Cache-Control': cacheControlHeader, ETag: etagHeader }),
    });
  }
  const byStatus = new Map<number, [ErrorCode, string][]>();
  for (const [code, meaning] of errorCodesOf(op)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), [code, meaning]]);
  }
  for (const [status, entries] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = entries.map(([code, meaning]) => `- \`${code}\`: ${meaning}.`);
    out.push({
      status,
      description: `${STATUS_TEXT[status] ?? 'Error'}. Codes:\n${lines.join('\n')}`,
      schema: errorBodySchema,
      headers: errorHeaders(status),
      codes: entries.map(([code]) => code),
    });
  }
  return out;
}

/** The request headers every operation takes (If-None-Match on cacheable reads). */
export function requestHeadersOf(op: OperationSpec): z.ZodObject {
  return z.object({
    [REQUEST_ID_HEADER]: requestIdParam,
    'Accept-Language': acceptLanguageParam,
    ...(op.cacheable ? { 'If-None-Match': ifNoneMatchParam } : {}),
    ...(op.headers?.shape ?? {}),
  });
}

/** `GET /v1/offers/{id}` → its operation. */
export function findOperation(method: string, path: string): OperationSpec | undefined {
  return OPERATIONS.find((op) => op.method === method.toLowerCase() && op.path === path);
}

export const DOCUMENTED_PATHS = [...new Set(OPERATIONS.map((op) => op.path))];
