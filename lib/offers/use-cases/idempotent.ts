import 'server-only';
import { createHash } from 'node:crypto';
import type { Executor } from '@/db/client';
import { findIdempotentResponse, lockIdempotencyKey, storeIdempotentResponse } from '@/db/repositories/idempotency';
import { ApiError } from '@/lib/api/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@/lib/api/idempotency-key';
import { withWarnings } from '@/lib/api/warnings';
import type { Tenant } from '@/lib/auth/authenticate';
import { getDb } from '@/lib/database';

// `Idempotency-Key` (create, update, cancel, customer correction): the same key with the same
// request replays the first answer; the same key with another request answers 409
// IDEMPOTENCY_KEY_REUSED. Keys are the dealer's and environment's, kept 24 hours; only successes are
// kept (an error is not an answer to replay: the retry runs again). The answer is kept as the bytes
// that were sent, and a replay sends those bytes again (a JSON column would reorder its keys).

/** A write's answer: its status and its `{data, meta}` body. */
export type Answer = { status: number; body: { data: { id: string } } };

class ReplayInstead extends Error {}

/** The bytes of a write's answer: its `{data, meta}` with the request's warnings, as sent and as kept. */
export const answerText = (body: { data: unknown; meta?: Record<string, unknown> }) => JSON.stringify({ ...body, meta: withWarnings(body.meta ?? {}) });

/** A kept answer's bytes: the text itself (an answer kept as an object before is written out). */
export const keptText = (kept: unknown) => (typeof kept === 'string' ? kept : JSON.stringify(kept));

/** A stable fingerprint of a request: the same JSON with keys in any order hashes the same. */
export function requestFingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');
}

/**
 * Runs `write` once per key: without a key in a transaction of its own (or on the database itself
 * when `write` is one statement, `single`); with a key, the key is locked, looked up and stored in
 * the write's transaction, so a concurrent retry waits and then replays.
 */
export async function idempotent<A extends Answer>(
  tenant: Tenant,
  key: string | undefined,
  fingerprint: string,
  write: (db: Executor) => Promise<A>,
  options: { single?: boolean } = {},
): Promise<A & { replayed: boolean; text: string }> {
  if (!key) {
    const answer = options.single ? await write(getDb()) : await getDb().transaction(write);
    return { ...answer, replayed: false, text: answerText(answer.body) };
  }
  const attempt = () =>
    getDb().transaction(async (tx): Promise<A & { replayed: boolean; text: string }> => {
      await lockIdempotencyKey(tx, tenant, key);
      const stored = await findIdempotentResponse(tx, tenant, key);
      if (stored) {
        if (stored.requestHash !== fingerprint) throw new ApiError('IDEMPOTENCY_KEY_REUSED', { details: IDEMPOTENCY_KEY_HEADER });
        // The stored answer is the one this write gave for the same request.
        const text = keptText(stored.responseBody);
        return { status: stored.responseStatus, body: JSON.parse(text), replayed: true, text } as A & { replayed: boolean; text: string };
      }
      const answer = await write(tx);
      const text = answerText(answer.body);
      const kept = await storeIdempotentResponse(tx, tenant, {
        key,
        requestHash: fingerprint,
        responseStatus: answer.status,
        responseBody: text,
        offerId: answer.body.data.id,
      });
      if (!kept) throw new ReplayInstead();
      return { ...answer, replayed: false, text };
    });
  try {
    return await attempt();
  } catch (err) {
    // A concurrent request with the same key won: ours rolled back; answer with its answer.
    if (err instanceof ReplayInstead) return attempt();
    throw err;
  }
}
