import 'server-only';
import { claimIdempotencyKey, completeIdempotencyKey, IN_PROGRESS, releaseIdempotencyKey } from '@/db/repositories/idempotency';
import { getDb } from '@/lib/database';
import { keptText, requestFingerprint } from '@/lib/offers/use-cases/idempotent';
import { ApiError } from './errors';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf } from './idempotency-key';
import { envelope, jsonText, type Headers } from './respond';
import { withWarnings } from './warnings';
import type { ApiContext } from './context';

// `Idempotency-Key` for the writes that do not run in one transaction of ours — they call out
// (a webhook test), mail (a customer link), or open transactions of their own (webhooks, sandbox
// steps): the same semantics as create (lib/offers/use-cases/idempotent.ts). The key is claimed before the
// write and holds its answer after it: the same key and request replay that answer; another request
// under the key answers 409 IDEMPOTENCY_KEY_REUSED; a retry while the first still runs answers 409
// IDEMPOTENCY_KEY_IN_USE with Retry-After. An error is not kept: the key is freed, a retry runs again.

/** A write's answer before it is sent: its status, `data` and `meta`. */
export type WriteAnswer = { status: number; data: unknown; meta?: Record<string, unknown> };

/**
 * How a stored answer holds what must not rest in the clear (a webhook secret): `seal` before it
 * is stored, `open` when it is replayed — each in place, so the replay's keys keep their order.
 */
export type Sealer = { seal: (body: { data: unknown; meta: unknown }) => unknown; open: (stored: unknown) => { data: unknown; meta: unknown } };

/** A request left in progress this long died before it answered: its key may be claimed again. */
const ABANDONED_AFTER_SECONDS = 120;

export type IdempotentOptions = {
  /** What identifies the request besides its method and path (its body, its query). */
  request: unknown;
  /** The offer the write is about: its key goes when the offer is erased. */
  offerId?: string;
  /** Headers of the answer that follow from its data (Location). */
  headers?: (data: unknown) => Headers;
  seal?: Sealer;
};

/** Runs `write` once per `Idempotency-Key` (or every time without one) and answers its envelope. */
export async function idempotentWrite(ctx: ApiContext, options: IdempotentOptions, write: () => Promise<WriteAnswer>): Promise<Response> {
  const key = idempotencyKeyOf(ctx.req);
  const headersOf = (data: unknown, replayed?: boolean): Headers => ({
    'Cache-Control': 'no-store',
    ...options.headers?.(data),
    ...(replayed === undefined ? {} : { 'Spoke-Idempotent-Replayed': String(replayed) }),
  });
  if (!key) {
    const answer = await write();
    return envelope(answer.data, answer.meta, answer.status, headersOf(answer.data));
  }
  const tenant = ctx.principal;
  const requestHash = requestFingerprint({ method: ctx.req.method, path: ctx.url.pathname, request: options.request });
  const db = getDb();
  const held = await claimIdempotencyKey(db, tenant, { key, requestHash }, ABANDONED_AFTER_SECONDS);
  if (held) {
    if (held.requestHash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED', { details: IDEMPOTENCY_KEY_HEADER });
    if (held.responseStatus === IN_PROGRESS) throw new ApiError('IDEMPOTENCY_KEY_IN_USE', { details: IDEMPOTENCY_KEY_HEADER, headers: { 'Retry-After': '1' } });
    // The bytes first sent (a sealed answer opened in place, so its keys keep their order).
    const kept = keptText(held.responseBody);
    const text = options.seal ? JSON.stringify(options.seal.open(JSON.parse(kept))) : kept;
    return jsonText(text, held.responseStatus, headersOf((JSON.parse(text) as { data: unknown }).data, true));
  }
  let answer: WriteAnswer;
  try {
    answer = await write();
  } catch (err) {
    // The write's error is the answer; a key that cannot be freed now is taken over once abandoned.
    await releaseIdempotencyKey(db, tenant, key, requestHash).catch(() => undefined);
    throw err;
  }
  const body = { data: answer.data, meta: withWarnings(answer.meta ?? {}) };
  const text = JSON.stringify(body);
  // Kept as the bytes sent (a JSON column would reorder the keys of a replay).
  const stored = options.seal ? JSON.stringify(options.seal.seal(body)) : text;
  // The write succeeded, so the offer it was about exists (of this tenant).
  await completeIdempotencyKey(db, tenant, { key, requestHash, status: answer.status, body: stored, offerId: options.offerId ?? null });
  return jsonText(text, answer.status, headersOf(answer.data, false));
}
