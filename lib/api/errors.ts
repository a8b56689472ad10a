import 'server-only';
import { errorTexts, formatFirst, type ErrorCode, type Text, type TextParams, type ValidationKey, validationTextChain } from '@/lib/i18n/messages';

export type { ErrorCode };

/** One entry of an error response's `errors` array, before it is put into a language. */
export type ErrorEntry = {
  code: ErrorCode;
  text: Text;
  details?: string;
  /** A 409's existing offer (a duplicate externalOfferId). */
  offerId?: string;
  /** A 409's existing webhook endpoint (a duplicate URL). */
  webhookId?: string;
  /** A wrong pickup code's tries left before it locks. */
  attemptsLeft?: number;
  /** An invoice amount's expected value: the offer's total. */
  expectedAmountGross?: number;
};

export const ERROR_STATUS: Record<ErrorCode, number> = {
  INVALID_REQUEST: 400,
  MISSING_PARAMETER: 400,
  INVALID_PARAMETER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  OFFER_IS_BEING_PROCESSED: 406,
  CONFLICT: 409,
  OFFER_NOT_MODIFIABLE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  ORDER_NOT_ALLOWED: 409,
  ORDER_NOT_AWAITING_HANDOVER: 409,
  ORDER_NOT_INVOICEABLE: 409,
  INVOICE_NOT_OPEN: 409,
  PICKUP_CODE_INVALID: 400,
  PICKUP_CODE_LOCKED: 409,
  PICKUP_CODE_EXPIRED: 409,
  INVOICE_AMOUNT_MISMATCH: 400,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * The one error type of the domain. Domain code throws it with a code; the API wrapper maps the
 * code to its HTTP status and the `{errors: [...]}` envelope.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly entries: ErrorEntry[];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: {
      text?: Text;
      details?: string;
      entries?: ErrorEntry[];
      headers?: Record<string, string>;
      offerId?: string;
      webhookId?: string;
      attemptsLeft?: number;
      expectedAmountGross?: number;
    } = {},
  ) {
    super(options.text?.en ?? errorTexts[code].en);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    const { offerId, webhookId, attemptsLeft, expectedAmountGross } = options;
    this.entries = options.entries ?? [
      {
        code,
        text: options.text ?? errorTexts[code],
        details: options.details,
        ...(offerId ? { offerId } : {}),
        ...(webhookId ? { webhookId } : {}),
        ...(attemptsLeft !== undefined ? { attemptsLeft } : {}),
        ...(expectedAmountGross !== undefined ? { expectedAmountGross } : {}),
      },
    ];
    this.headers = options.headers ?? {};
  }
}

/** A request-validation problem with its field path. */
export function fieldError(
  code: 'MISSING_PARAMETER' | 'INVALID_PARAMETER' | 'INVALID_REQUEST',
  key: ValidationKey,
  field: string | undefined,
  params: TextParams = {},
): ErrorEntry {
  // A text whose values are not all known gives way to a less specific one: never a bare `{name}`.
  // A parameter without a name (`?=a&=b`) is named by its empty quotes.
  const name = field === undefined ? 'body' : field === '' ? '""' : field;
  return { code, text: formatFirst(validationTextChain(key), { ...params, field: name }), details: field };
}

/** Throws a 400 carrying every problem found; the first entry's code is the response's code. */
export function badRequest(entries: ErrorEntry[]): never {
  const first = entries[0];
  if (!first) throw new ApiError('INVALID_REQUEST');
  throw new ApiError(first.code, { entries });
}

export function notFound(): never {
  throw new ApiError('NOT_FOUND');
}
