import 'server-only';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ErrorEntry } from './errors';
import type { Lang } from '@/lib/i18n/messages';
import { withWarnings } from './warnings';
import { errorDocsUrl } from './error-reference';
import { withRawBody } from './direct-routes';

export type Headers = Record<string, string>;

/**
 * A value's JSON text, written into an envelope as it is instead of being serialized again; its
 * UTF-8 bytes and its hash are computed once, however often it is answered (lib/offers/list-cache.ts).
 */
export class SerializedJson {
  #bytes: Buffer;
  #hash?: Buffer;
  /** The last envelope written around these bytes: its meta, body, ETag and, once asked for, gzip. */
  envelope?: { meta: string; body: Buffer; etag: string; gzip?: Buffer };
  constructor(text: string | Buffer) {
    this.#bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  }
  /** The JSON text's UTF-8 bytes (off the JavaScript heap). */
  get bytes(): Buffer {
    return this.#bytes;
  }
  get hash(): Buffer {
    return (this.#hash ??= createHash('sha256').update(this.#bytes).digest());
  }
  /** Keeps `body`, which holds these bytes at `offset`; from now on the bytes are a view into it (held once). */
  wrap(envelope: { meta: string; body: Buffer; etag: string }, offset: number): void {
    this.envelope = envelope;
    this.#bytes = envelope.body.subarray(offset, offset + this.#bytes.length);
  }
}

const DATA_OPEN = Buffer.from('{"data":');
const META_OPEN = Buffer.from(',"meta":');
const CLOSE = Buffer.from('}');
/** Below this a body is sent uncompressed (as the server's own compression does for small ones). */
const GZIP_FROM_BYTES = 1024;

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
 * The header in which a route names the encoding of a body it compressed itself, if the server
 * turns it into Content-Encoding (scripts/server.mjs, the server of `npm start`; Next.js itself
 * drops a route's Content-Encoding). Elsewhere undefined: the server compresses as it does.
 */
const precompressedHeader = (): string | undefined => (globalThis as Record<symbol, unknown>)[Symbol.for('spoke.precompressed')] as string | undefined;

/** Whether the request's Accept-Encoding takes gzip (named with a weight above 0, or `*`). */
export function acceptsGzip(req: Request): boolean {
  const header = req.headers.get('accept-encoding');
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === 'gzip' || name === 'x-gzip') return weight > 0;
    if (name === '*') star = weight > 0;
  }
  return star;
}

/**
 * A cacheable read: answers 304 when `If-None-Match` names the body's ETag. The ETag is a hash of
 * exactly what is sent (for serialized `data`: of its hash and the rest), so any change of the
 * representation changes it. For serialized `data` (a kept list page) the envelope's bytes, ETag
 * and gzip are kept with it, so a page answered again is neither copied, hashed nor compressed again.
 */
export function cacheableEnvelope(req: Request, data: unknown, meta: Record<string, unknown>, headers: Headers = {}): Response {
  const fullMeta = withWarnings(meta);
  let body: string | Buffer;
  let etag: string;
  let gzip: Buffer | undefined;
  if (data instanceof SerializedJson) {
    // The same bytes JSON.stringify({ data, meta }) would give, without serializing or hashing `data` again.
    const metaText = JSON.stringify(fullMeta);
    let kept = data.envelope;
    if (kept?.meta !== metaText) {
      const metaBytes = Buffer.from(metaText, 'utf8');
      kept = {
        meta: metaText,
        body: Buffer.concat([DATA_OPEN, data.bytes, META_OPEN, metaBytes, CLOSE]),
        etag: `W/"${createHash('sha256').update(data.hash).update(metaBytes).digest('base64url').slice(0, 27)}"`,
      };
      data.wrap(kept, DATA_OPEN.length);
    }
    body = kept.body;
    etag = kept.etag;
    // Compressed once per page (the server would compress every answer anew); small bodies are sent as they are.
    // Level 3: half the CPU of the default 6 for ~17 % more bytes (an 85 kB page: 0.21 ms and 10.3 kB
    // against 0.47 ms and 8.8 kB) — most pages of a varied search are compressed once and never asked again.
    if (precompressedHeader() && body.length >= GZIP_FROM_BYTES && acceptsGzip(req)) gzip = kept.gzip ??= gzipSync(body, { level: 3 });
  } else {
    body = JSON.stringify({ data, meta: fullMeta });
    etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }
  const common = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding', ...headers };
  const match = req.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    return new Response(null, { status: 304, headers: common });
  }
  const type = { 'Content-Type': 'application/json; charset=utf-8' };
  // A Buffer is a Uint8Array, which a Response takes (the DOM typings want one over a plain ArrayBuffer).
  if (gzip) return withRawBody(new Response(gzip as BodyInit, { status: 200, headers: { ...type, [precompressedHeader()!]: 'gzip', ...common } }), gzip);
  return withRawBody(new Response(body as BodyInit, { status: 200, headers: { ...type, ...common } }), body);
}
