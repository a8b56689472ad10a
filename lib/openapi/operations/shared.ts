import 'server-only';
import { z } from 'zod';
import type { ErrorCode } from '@/lib/api/errors';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@/lib/api/request-id';
import type { Scope } from '@/lib/auth/scopes';
import { deliveryIdParamSchema } from '@/lib/webhooks/schemas';
import { IDEMPOTENCY_KEY_PATTERN } from '@/lib/shared/validation';
import { idParamSchema } from '@/lib/shared/id-schema';

// What the operation files (one per operation, beside this one) share: the headers and parameters
// several operations use, and the shape of an operation. lib/openapi/operations/index.ts assembles
// the operations into the table the document and the contract checks are built from.

// ---- Headers ------------------------------------------------------------------------------

export const requestIdHeader = z.string().meta({
  description: 'The request id: the one the client sent in Spoke-Request-ID (when valid), else a new one. Quote it in support requests.',
  example: '0f4a3f5e-2b8e-4a57-9d0c-3c1b7e4d9a21',
  header: { id: 'Spoke-Request-ID' },
});
export const cacheControlHeader = z.string().meta({
  description: 'Cache policy of the answer.',
  example: 'private, no-cache',
  header: { id: 'Cache-Control' },
});
export const etagHeader = z.string().meta({
  description: 'Entity tag of the representation; send it as If-None-Match to get 304 while it is unchanged.',
  example: 'W/"3q2-7wE5Xr0dZo0yqQ1sS0kZ8b5w6X4g"',
  header: { id: 'ETag' },
});
export const locationHeader = z.string().meta({
  description: 'The path of the created resource.',
  example: '/v1/offers/5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10',
  header: { id: 'Location' },
});
export const idempotentReplayedHeader = z.enum(['true', 'false']).meta({
  description: 'Sent when the request had an Idempotency-Key: true when this is the replay of the first answer.',
  header: { id: 'Spoke-Idempotent-Replayed' },
});
export const seconds = z.string().regex(/^\d+$/);
export const retryAfterHeader = seconds.meta({ description: 'Seconds to wait before retrying.', example: '5', header: { id: 'Retry-After' } });
export const processingRetryAfterHeader = seconds.meta({
  description: 'Seconds until the next processing run is due (at least 1): retry the change then.',
  example: '2',
  header: { id: 'ProcessingRetryAfter' },
});
export const rateLimitHeaders = {
  'RateLimit-Limit': seconds.meta({ description: 'Requests allowed per minute for the client.', example: '600', header: { id: 'RateLimit-Limit' } }),
  'RateLimit-Remaining': seconds.meta({ description: 'Requests left in the current window.', example: '599', header: { id: 'RateLimit-Remaining' } }),
  'RateLimit-Reset': seconds.meta({ description: 'Seconds until the window resets.', example: '60', header: { id: 'RateLimit-Reset' } }),
};
export const allowHeader = z.string().meta({ description: 'The methods this path offers.', example: 'GET, PUT, OPTIONS', header: { id: 'Allow' } });
export const wwwAuthenticateHeader = z.string().meta({
  description: 'The bearer challenge (RFC 6750); for an expired token with `error_description="The access token expired"`: request a new one.',
  example: 'Bearer realm="spoke", error="invalid_token"',
  header: { id: 'WWW-Authenticate' },
});

export const baseHeaders = { [REQUEST_ID_HEADER]: requestIdHeader };

// ---- Request parameters -------------------------------------------------------------------

export const requestIdParam = z.string().regex(REQUEST_ID_PATTERN).optional().meta({
  description: 'Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer.',
  param: { id: 'SpokeRequestIdParam' },
});
export const acceptLanguageParam = z.string().optional().meta({
  description: 'Language of `message` texts: de or en (default en). `translations` always holds both.',
  example: 'de',
  param: { id: 'AcceptLanguage' },
});
export const ifNoneMatchParam = z.string().optional().meta({
  description: 'An ETag of an earlier answer: 304 without a body while the representation is unchanged.',
  param: { id: 'IfNoneMatch' },
});
export const idempotencyKeyParam = z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
  description:
    'Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well).',
  example: 'erp-2026-0042-create',
  param: { id: 'IdempotencyKey' },
});

export const offerIdParams = z.object({
  id: idParamSchema.meta({ description: 'The offer id (UUID). A malformed id answers 400.', param: { id: 'OfferId' } }),
});
export const webhookIdParam = idParamSchema.meta({ description: 'The webhook endpoint id (UUID).', param: { id: 'WebhookId' } });
export const webhookIdParams = z.object({ id: webhookIdParam });
export const deliveryParams = z.object({
  id: webhookIdParam,
  deliveryId: deliveryIdParamSchema.meta({ description: 'The delivery id (UUID).', param: { id: 'DeliveryId' } }),
});

// ---- Operations ---------------------------------------------------------------------------

/** A binary representation of a success answer, chosen by the request's Accept header. */
export type BinaryAlternative = { contentType: 'application/pdf'; description: string };

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type Examples = Record<string, { summary: string; value: unknown }>;

export type OperationSpec = {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path, `{name}` for parameters. */
  path: string;
  tag: 'Offers' | 'Orders' | 'Catalogue' | 'Sandbox' | 'Webhooks' | 'Reference';
  summary: string;
  description: string;
  /** The scope the operation needs, or null for a public one. */
  scope: Scope | null;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  /** The request body: required unless `optional`; JSON, and form fields too when `form`; only multipart/form-data when `multipart`. */
  body?: { schema: z.ZodType; description: string; examples: Examples; optional?: boolean; form?: boolean; multipart?: boolean };
  success: {
    status: 200 | 201 | 202 | 204;
    description: string;
    /** The body schema; none for 204. */
    schema?: z.ZodType;
    headers: z.ZodObject;
    examples?: Examples;
    /** The exact schema of a given request's answer, where it depends on the request (sparse fieldsets). */
    exactFor?: (url: URL) => z.ZodType;
    /** Other representations chosen with Accept (binary bodies, same headers). */
    alternatives?: BinaryAlternative[];
    /** The only representation is this binary one (a document download): `schema` is not sent. */
    binary?: BinaryAlternative;
  };
  /** GET with ETag and If-None-Match → 304. */
  cacheable?: boolean;
  /** The error codes beside the common ones, each with its meaning here (true: the default meaning). */
  errors: Partial<Record<ErrorCode, string | true>>;
};

export const BODY_ERRORS = { INVALID_REQUEST: true, MISSING_PARAMETER: true, INVALID_PARAMETER: true } as const;
/** An operation that reads no body refuses one rather than ignore it. */
export const NO_BODY = { INVALID_REQUEST: 'a request body was sent, which this operation does not read (its input goes in the query string)' } as const;

export const readHeaders = z.object({ ...baseHeaders, 'Cache-Control': cacheControlHeader, ETag: etagHeader, ...rateLimitHeaders });
export const writeHeaders = z.object({ ...baseHeaders, 'Cache-Control': cacheControlHeader, ...rateLimitHeaders });
/** A write that takes an Idempotency-Key: its request header and its answer's headers. */
export const idempotencyKeyHeaders = z.object({ 'Idempotency-Key': idempotencyKeyParam });
export const idempotentWriteHeaders = writeHeaders.extend({ 'Spoke-Idempotent-Replayed': idempotentReplayedHeader.optional() });

/**
 * With a `fields` that names a field, get and list answer sparse offers; as the server reads a
 * query, a repeated parameter counts with its last value (lib/api/params.ts, parseFields).
 */
export const hasFields = (url: URL) => (url.searchParams.getAll('fields').at(-1) ?? '').split(',').some((f) => f.trim() !== '');
