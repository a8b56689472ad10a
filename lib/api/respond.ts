import 'server-only';
import { createHash } from 'node:crypto';
import type { ErrorEntry } from './errors';
import type { Lang } from '@/lib/i18n/messages';
import { withWarnings } from './warnings';
import { errorDocsUrl } from './error-reference';

export type Headers = Record<string, string>;

/**
 * A value's JSON text, written into an envelope as it is instead of being serialized again; its
 * UTF-8 bytes and its hash are computed once, however often it is answered (lib/offers/list-cache.ts).
 */
export class SerializedJson {
  #bytes?: Buffer;
  #hash?: Buffer;
  constructor(readonly text: string) {}
  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text, 'utf8'));
  }
  get hash(): Buffer {
    return (this.#hash ??= createHash('sha256').update(this.bytes).digest());
  }
}

const DATA_OPEN = Buffer.from('{"data":');
const META_OPEN = Buffer.from(',"meta":');
const CLOSE = Buffer.from('}');

export function json(body: unknown, status = 200, headers: Headers = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
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
      translations: e.text,
      docs: errorDocsUrl(e.code, publicUrl),
    })),
  };
}

/**
 * A cacheable read: answers 304 when `If-None-Match` names the body's ETag. The ETag is a hash of
 * exactly what is sent (for serialized `data`: of its hash and the rest), so any change of the
 * representation changes it.
 */
export function cacheableEnvelope(req: Request, data: unknown, meta: Record<string, unknown>, headers: Headers = {}): Response {
  const fullMeta = withWarnings(meta);
  let body: string | Buffer;
  let etag: string;
  if (data instanceof SerializedJson) {
    // The same bytes JSON.stringify({ data, meta }) would give, without serializing or hashing `data` again.
    const metaBytes = Buffer.from(JSON.stringify(fullMeta), 'utf8');
    body = Buffer.concat([DATA_OPEN, data.bytes, META_OPEN, metaBytes, CLOSE]);
    etag = `W/"${createHash('sha256').update(data.hash).update(metaBytes).digest('base64url').slice(0, 27)}"`;
  } else {
    body = JSON.stringify({ data, meta: fullMeta });
    etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }
  const common = { ETag: etag, 'Cache-Control': 'private, no-cache', ...headers };
  const match = req.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    return new Response(null, { status: 304, headers: common });
  }
  // A Buffer is a Uint8Array, which a Response takes (the DOM typings want one over a plain ArrayBuffer).
  return new Response(body as BodyInit, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', ...common } });
}
