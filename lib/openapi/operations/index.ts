import 'server-only';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@/lib/api/errors';
import { errorBodySchema } from '@/lib/api/response-schemas';
import { errorTexts } from '@/lib/i18n/messages';
import { REQUEST_ID_HEADER } from '@/lib/api/request-id';
import { listOffers } from './listOffers';
import { createOffer } from './createOffer';
import { validateOffer } from './validateOffer';
import { getOffer } from './getOffer';
import { updateOffer } from './updateOffer';
import { cancelOffer } from './cancelOffer';
import { correctOfferCustomer } from './correctOfferCustomer';
import { getOfferHistory } from './getOfferHistory';
import { sendCustomerLink } from './sendCustomerLink';
import { handOverOffer } from './handOverOffer';
import { submitInvoice } from './submitInvoice';
import { getInvoiceDocument } from './getInvoiceDocument';
import { getOrderDocument } from './getOrderDocument';
import { listAccessoryCategories } from './listAccessoryCategories';
import { listCategories } from './listCategories';
import { advanceSandboxOffer } from './advanceSandboxOffer';
import { listWebhooks } from './listWebhooks';
import { createWebhook } from './createWebhook';
import { getWebhook } from './getWebhook';
import { updateWebhook } from './updateWebhook';
import { deleteWebhook } from './deleteWebhook';
import { rotateWebhookSecret } from './rotateWebhookSecret';
import { testWebhook } from './testWebhook';
import { listWebhookDeliveries } from './listWebhookDeliveries';
import { getWebhookDelivery } from './getWebhookDelivery';
import { resendWebhookDelivery } from './resendWebhookDelivery';
import { getOpenApiDocument } from './getOpenApiDocument';
import {
  acceptLanguageParam,
  baseHeaders,
  cacheControlHeader,
  etagHeader,
  idempotencyKeyParam,
  idempotentReplayedHeader,
  ifNoneMatchParam,
  type OperationSpec,
  rateLimitHeaders,
  requestIdParam,
  processingRetryAfterHeader,
  allowHeader,
  retryAfterHeader,
  wwwAuthenticateHeader,
  type Examples,
  type BinaryAlternative,
} from './shared';

export type { BinaryAlternative, Examples, HttpMethod, OperationSpec } from './shared';

// The operations of /v1 as data: each operation is described in its own file beside this one
// (named by its operationId), next to the zod schemas it names: scope, success answer and the error
// codes it can give. lib/openapi/document.ts renders the OpenAPI document from this table, the
// contract tests (lib/openapi/contract.ts) validate every answer against the same table, and the
// routes take their scope and query schema from it (`withApi(operations.getOffer, …)`). A new
// endpoint: its operation file, one line here and in by-id.ts, its use case, and its route
// (test/operation-routes.test.ts checks that route and table agree).

/**
 * Every write of /v1 (POST, PUT, PATCH) is safe to retry with an `Idempotency-Key`: its header, the
 * replay's answer header and the key's two refusals are declared on each (docs/contract.md,
 * "Every write is retryable").
 */
function retryable(op: OperationSpec): OperationSpec {
  if (!op.scope || !['post', 'put', 'patch'].includes(op.method)) return op;
  return {
    ...op,
    headers: z.object({ ...(op.headers?.shape ?? {}), 'Idempotency-Key': idempotencyKeyParam }),
    success: { ...op.success, headers: op.success.headers.extend({ 'Spoke-Idempotent-Replayed': idempotentReplayedHeader.optional() }) },
    errors: {
      IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different request',
      IDEMPOTENCY_KEY_IN_USE: 'the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer',
      ...op.errors,
    },
  };
}

/** Every /v1 operation, in the document's order. */
export const OPERATIONS: readonly OperationSpec[] = [
  listOffers,
  createOffer,
  validateOffer,
  getOffer,
  updateOffer,
  cancelOffer,
  correctOfferCustomer,
  getOfferHistory,
  sendCustomerLink,
  handOverOffer,
  submitInvoice,
  getInvoiceDocument,
  getOrderDocument,
  listAccessoryCategories,
  listCategories,
  advanceSandboxOffer,
  listWebhooks,
  createWebhook,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  testWebhook,
  listWebhookDeliveries,
  getWebhookDelivery,
  resendWebhookDelivery,
  getOpenApiDocument,
].map(retryable);

// ---- Responses ----------------------------------------------------------------------------

/** What a code means unless an operation says more precisely (else its message). */
const ERROR_MEANING: Partial<Record<ErrorCode, string>> = {
  INVALID_REQUEST: 'malformed JSON, a content type other than application/json, or a body over 256 KiB',
  MISSING_PARAMETER: 'a required field is missing (`details` names it)',
  INVALID_PARAMETER: 'a value has the wrong type, format or range (`details` names the field)',
  UNAUTHORIZED: 'the access token is missing, invalid or expired, or the client is disabled',
  FORBIDDEN: 'the access token lacks the scope of the operation',
  NOT_FOUND: 'no offer with this id for the calling dealer in this environment',
  METHOD_NOT_ALLOWED: 'another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it)',
  OFFER_IS_BEING_PROCESSED: 'an earlier change of the offer is not processed yet (status pending); retry after `Retry-After` seconds (when the next processing run is due)',
  CONFLICT: '`externalOfferId` is held by an active offer of the dealer; `offerId` names that offer (and `details` its offer number)',
  OFFER_NOT_MODIFIABLE: 'the offer’s status forbids this; `details` names the status and what may be done instead',
  IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different body',
  TOO_MANY_REQUESTS: 'the client’s rate limit is exceeded; retry after `Retry-After` seconds',
  INTERNAL_SERVER_ERROR: 'unexpected server error; no details are disclosed',
  SERVICE_UNAVAILABLE: 'the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds',
};

// 405 belongs to the path rather than the operation, but generated clients read only operations:
// every operation names it, with the Allow header, so they know the answer's shape.
const AUTHENTICATED: ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'METHOD_NOT_ALLOWED', 'TOO_MANY_REQUESTS', 'INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'];
const PUBLIC: ErrorCode[] = ['METHOD_NOT_ALLOWED', 'INTERNAL_SERVER_ERROR'];

export type ResponseSpec = {
  alternatives?: BinaryAlternative[];
  binary?: BinaryAlternative;
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
  if (status === 406) return z.object({ ...baseHeaders, 'Retry-After': processingRetryAfterHeader });
  if (status === 405) return z.object({ ...baseHeaders, Allow: allowHeader });
  if (status === 409) return z.object({ ...baseHeaders, 'Retry-After': retryAfterHeader.optional() });
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
  405: 'Method not allowed',
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
