import 'server-only';
import { createHash } from 'node:crypto';
import type { ErrorEntry } from './errors';
import type { Lang } from '@/lib/i18n/messages';
import { withWarnings } from './warnings';
import { errorDocsUrl } from './error-reference';
import type { Conforms, ErrorBody } from './response-schemas';

export type Headers = Record<string, string>;

export function json(body: unknown, status = 200, headers: Headers = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A JSON answer whose bytes are already written (a kept answer of an Idempotency-Key, replayed as it was sent). */
export function jsonText(text: string, status = 200, headers: Headers = {}): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

/** `{data, meta}` — the envelope of every success; `meta.warnings` names what the request had ignored. */
export function envelope(data: unknown, meta: Record<string, unknown> = {}, status = 200, headers: Headers = {}): Response {
  return json({ data, meta: withWarnings(meta) }, status, headers);
}

/** The error envelope; each entry links to its code's entry in the error reference (`docs`). */
export function errorBody(entries: ErrorEntry[], lang: Lang, publicUrl?: string) {
  return {
    errors: entries.map((e) => ({
      code: e.code,
      message: e.text[lang],
      ...(e.details ? { details: e.details } : {}),
      ...(e.offerId ? { offerId: e.offerId } : {}),
      ...(e.webhookId ? { webhookId: e.webhookId } : {}),
      ...(e.attemptsLeft !== undefined ? { attemptsLeft: e.attemptsLeft } : {}),
      ...(e.expectedAmountGross !== undefined ? { expectedAmountGross: e.expectedAmountGross } : {}),
      translations: e.text,
      docs: errorDocsUrl(e.code, publicUrl),
    })),
  };
}

// The error envelope answers the documented shape.
type _ErrorBodyConforms = Conforms<ReturnType<typeof errorBody>, ErrorBody>;

/** Whether the request's If-None-Match names `etag` (or `*`). */
export function matchesEtag(req: Request, etag: string): boolean {
  const match = req.headers.get('if-none-match');
  return !!match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

/** What a cacheable read answers besides its body: its ETag, revalidated on every use. */
const cacheHeaders = (etag: string, headers: Headers) => ({ ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Language', ...headers });

/** 304 for a read whose ETag the client holds: no body. */
export function notModified(etag: string, headers: Headers = {}): Response {
  return new Response(null, { status: 304, headers: cacheHeaders(etag, headers) });
}

/**
 * A cacheable read: `{data, meta}` with an ETag, or 304 when `If-None-Match` names it. Without a
 * given `etag` the tag is a hash of exactly what is sent, so any change of the representation
 * changes it; a list passes its version tag (lib/offers/use-cases/read-offers.ts, offerListTag).
 */
export function cacheableEnvelope(req: Request, data: unknown, meta: Record<string, unknown>, headers: Headers = {}, etag?: string): Response {
  const body = JSON.stringify({ data, meta: withWarnings(meta) });
  const tag = etag ?? `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  if (matchesEtag(req, tag)) return notModified(tag, headers);
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', ...cacheHeaders(tag, headers) } });
}
