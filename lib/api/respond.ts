import 'server-only';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ErrorEntry } from './errors';
import type { Lang } from '@/lib/i18n/messages';
import { withWarnings } from './warnings';
import { errorDocsUrl } from './error-reference';
import { rawResponse } from './direct-routes';
import type { ChannelPacked } from '../../scripts/lib/kept-pages-relay.mjs';

export type Headers = Record<string, string>;

type Envelope = { meta: string; etag: string; dataOffset: number; body?: Buffer; gzip?: Buffer };
/** What a packed value is made of: its envelope's gzip, that envelope's meta and ETag, where its text lies in it (as the workers' channel carries it). */
export type PackedJson = ChannelPacked;

/**
 * A value's JSON text, written into an envelope as it is instead of being serialized again; its
 * UTF-8 bytes and its hash are computed once, however often it is answered (lib/offers/list-cache.ts).
 *
 * A kept value can be packed (`pack`, decided by its keeper): then only the gzip of its envelope
 * is held — an eighth of the bytes for a page of offers (85 kB → 10.3 kB) — and sent as it is to a
 * client that takes gzip; for one that does not it is unpacked and held unpacked again (the keeper
 * learns of every change of what is held through `keep`'s callback). docs/performance.md, change 32.
 */
export class SerializedJson {
  /** The text's bytes while held unpacked (a view into the envelope's body once one is written). */
  #bytes?: Buffer;
  #length: number;
  #hash?: Buffer;
  #onHeld?: () => void;
  /** The last envelope written around these bytes: its meta, ETag, body while unpacked and gzip once made. */
  envelope?: Envelope;
  constructor(text: string | Buffer) {
    this.#bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.#length = this.#bytes.length;
  }
  /** A value packed elsewhere (another worker's kept page), held packed here too. */
  static packed(p: PackedJson): SerializedJson {
    const value = new SerializedJson(Buffer.alloc(0));
    value.envelope = { meta: p.meta, etag: p.etag, dataOffset: p.dataOffset, gzip: p.gzip };
    value.#bytes = undefined;
    value.#length = p.length;
    return value;
  }
  /** The JSON text's UTF-8 bytes (off the JavaScript heap); a packed value's are unpacked for the caller and not held. */
  get bytes(): Buffer {
    if (this.#bytes) return this.#bytes;
    const e = this.envelope!;
    return gunzipSync(e.gzip!).subarray(e.dataOffset, e.dataOffset + this.#length);
  }
  get hash(): Buffer {
    return (this.#hash ??= createHash('sha256').update(this.bytes).digest());
  }
  /** The unpacked bytes held: the text, or the envelope's body around it once written; 0 when packed. */
  get unpacked(): number {
    const e = this.envelope;
    if (!e) return this.#length;
    return e.body?.length ?? 0;
  }
  /** All bytes held: unpacked ones and the gzip. */
  get held(): number {
    return this.unpacked + (this.envelope?.gzip?.length ?? 0);
  }
  /** The packed form, once there is a gzip (sent to another worker as it is: an eighth of the text). */
  get packedForm(): PackedJson | undefined {
    const e = this.envelope;
    if (!e?.gzip) return undefined;
    return { gzip: e.gzip, meta: e.meta, etag: e.etag, dataOffset: e.dataOffset, length: this.#length };
  }
  /** Kept for later answers: `onHeld` is called whenever an answer changes what is held. */
  keep(onHeld: () => void): void {
    this.#onHeld = onHeld;
  }
  /** Keeps `envelope`, whose body holds these bytes at its dataOffset; from now on the bytes are a view into it (held once). */
  wrap(envelope: Envelope & { body: Buffer }): void {
    this.envelope = envelope;
    this.#bytes = envelope.body.subarray(envelope.dataOffset, envelope.dataOffset + this.#length);
  }
  /** The envelope's gzip, made once. */
  gzip(): Buffer {
    const e = this.envelope!;
    return (e.gzip ??= gzipSync(e.body!, { level: GZIP_LEVEL }));
  }
  /** The envelope's body, unpacked if packed (and held unpacked again). */
  body(): Buffer {
    const e = this.envelope!;
    if (e.body) return e.body;
    const body = gunzipSync(e.gzip!);
    e.body = body;
    this.#bytes = body.subarray(e.dataOffset, e.dataOffset + this.#length);
    return body;
  }
  /** Holds only the envelope's gzip (made now if needed); false for a value without an envelope or a small one, left as it is. */
  pack(): boolean {
    const e = this.envelope;
    if (!e?.body) return !!e?.gzip;
    if (e.body.length < GZIP_FROM_BYTES) return false;
    this.gzip();
    e.body = undefined;
    this.#bytes = undefined;
    return true;
  }
  /** After an answer: the keeper learns what is held now. */
  answered(): void {
    this.#onHeld?.();
  }
}

const DATA_OPEN = Buffer.from('{"data":');
const META_OPEN = Buffer.from(',"meta":');
const CLOSE = Buffer.from('}');
/** Below this a body is sent uncompressed (as the server's own compression does for small ones). */
const GZIP_FROM_BYTES = 1024;
/**
 * Level 3: half the CPU of the default 6 for ~17 % more bytes (an 85 kB page: 0.21 ms and 10.3 kB
 * against 0.47 ms and 8.8 kB) — most pages of a varied search are compressed once and never asked again.
 */
const GZIP_LEVEL = 3;

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
  let body: string | Buffer | undefined;
  let etag: string;
  let gzip: Buffer | undefined;
  /** A kept page: its body is taken (unpacked if need be) only for an answer that is neither gzip nor 304. */
  let serialized: SerializedJson | undefined;
  if (data instanceof SerializedJson) {
    // The same bytes JSON.stringify({ data, meta }) would give, without serializing or hashing `data` again.
    const metaText = JSON.stringify(fullMeta);
    let kept = data.envelope;
    if (kept?.meta !== metaText) {
      const metaBytes = Buffer.from(metaText, 'utf8');
      const wrapped = {
        meta: metaText,
        dataOffset: DATA_OPEN.length,
        body: Buffer.concat([DATA_OPEN, data.bytes, META_OPEN, metaBytes, CLOSE]),
        etag: `W/"${createHash('sha256').update(data.hash).update(metaBytes).digest('base64url').slice(0, 27)}"`,
      };
      data.wrap(wrapped);
      kept = wrapped;
    }
    etag = kept.etag;
    // Compressed once per page (the server would compress every answer anew); small bodies are sent as they are.
    const small = (kept.body?.length ?? Infinity) < GZIP_FROM_BYTES;
    if (precompressedHeader() && !small && acceptsGzip(req)) gzip = data.gzip();
    serialized = data;
  } else {
    body = JSON.stringify({ data, meta: fullMeta });
    etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }
  const common = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding', ...headers };
  const match = req.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    serialized?.answered();
    return new Response(null, { status: 304, headers: common });
  }
  const type = { 'Content-Type': 'application/json; charset=utf-8' };
  if (serialized) {
    if (!gzip) body = serialized.body();
    serialized.answered();
  }
  if (gzip) return rawResponse(req, gzip, { status: 200, headers: { ...type, [precompressedHeader()!]: 'gzip', ...common } });
  return rawResponse(req, body!, { status: 200, headers: { ...type, ...common } });
}
