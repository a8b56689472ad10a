import 'server-only';
import { badRequest, fieldError } from './errors';
import { IDEMPOTENCY_KEY_PATTERN } from '@/lib/shared/validation';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The request's `Idempotency-Key` (every POST, PUT and PATCH of /v1), or undefined
 * when none is sent. A key that breaks the rule is refused with the rule stated.
 */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    badRequest([fieldError('INVALID_PARAMETER', 'idempotencyKey', IDEMPOTENCY_KEY_HEADER, { length: key.length })]);
  }
  return key;
}
