import 'server-only';
import { ApiError, fieldError } from './errors';
import { jsonErrorOffset, lineAndColumn, repeatedKey } from './json-text';
import { rejectUnstorableText } from './validation';

export const MAX_BODY_BYTES = 256 * 1024;
/** Deepest nesting of objects and arrays a body may have: no offer or webhook needs more than 3. */
export const MAX_BODY_DEPTH = 32;

/** The nesting depth of a parsed JSON value, found without recursion, stopping past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_BODY_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, here]);
  }
  return deepest;
}

function tooLarge(): never {
  throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyTooLarge', undefined, { maximum: '256 KiB' })] });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** Whether the request's body is form fields (text) rather than JSON. */
export const isFormBody = (req: Request) => FORM_TYPE.test(req.headers.get('content-type') ?? '');

/**
 * Reads a JSON object body. Refuses a wrong content type, a body over 256 KiB (by its
 * Content-Length, or while streaming, without reading it whole) and malformed JSON.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  if (!JSON_TYPE.test(req.headers.get('content-type') ?? '')) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'contentType', undefined)] });
  }
  // An absent body reads as '' and fails JSON.parse below, like any other body that is not JSON.
  const text = await readLimitedText(req, MAX_BODY_BYTES);
  if (text === undefined) tooLarge();
  return parseJsonObject(text);
}

function parseJsonObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return invalidJson(text, err);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyObject', undefined)] });
  }
  const repeated = repeatedKey(text);
  if (repeated) throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'repeatedKey', repeated)] });
  rejectUnstorableText(parsed);
  // Bounded here, once: nothing after this (validation, fingerprint, storage) meets a deeper body.
  if (jsonDepth(parsed) > MAX_BODY_DEPTH) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyTooDeep', undefined, { maximum: String(MAX_BODY_DEPTH) })] });
  }
  return parsed as Record<string, unknown>;
}

/**
 * The body of an operation whose input may come in the query string or in the body (cancel): none
 * or an empty one is `{}`; else a JSON object, or form fields (`curl -d cancelReason=other`).
 */
export async function readOptionalBody(req: Request): Promise<Record<string, unknown>> {
  const text = await readLimitedText(req, MAX_BODY_BYTES);
  if (text === undefined) tooLarge();
  if (text.trim() === '') return {};
  const type = req.headers.get('content-type') ?? '';
  if (FORM_TYPE.test(type)) {
    const fields = Object.fromEntries(new URLSearchParams(text));
    rejectUnstorableText(fields);
    return fields;
  }
  if (!JSON_TYPE.test(type)) throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'contentType', undefined)] });
  return text.trim() === 'null' ? {} : parseJsonObject(text);
}

/**
 * Refuses a body sent to an operation that reads none (a body ignored in silence would look like
 * input that counted): no body, an empty one or `{}` pass; `parameters` names where the
 * operation's input goes instead.
 */
export async function refuseBody(req: Request, parameters: string): Promise<void> {
  const text = await readLimitedText(req, MAX_BODY_BYTES);
  const empty = text !== undefined && /^\s*(?:\{\s*\}|null)?\s*$/.test(text);
  if (!empty) throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'noBody', undefined, { parameters })] });
}

/**
 * Reads a body as text when it is at most `limit` bytes — by its Content-Length, then while
 * streaming, never holding more than the limit — or answers `undefined` (too large).
 */
export async function readLimitedText(req: Request, limit: number): Promise<string | undefined> {
  const bytes = await readLimitedBytes(req, limit);
  return bytes === undefined ? undefined : new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** readLimitedText's bytes: the body when it is at most `limit` bytes, else `undefined`. */
export async function readLimitedBytes(req: Request, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) return undefined;
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The largest multipart body (an invoice upload: a PDF of at most 5 MB and its fields). */
export const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

/**
 * Reads a multipart/form-data body of at most MAX_MULTIPART_BYTES (by its Content-Length, then
 * while streaming): its text fields and its files' bytes. Refuses another content type, a larger
 * body and one that is not well-formed.
 */
export async function readMultipartBody(req: Request): Promise<{ fields: Record<string, string>; files: Record<string, Uint8Array> }> {
  const type = req.headers.get('content-type') ?? '';
  if (!MULTIPART_TYPE.test(type)) throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'multipart', undefined)] });
  const bytes = await readLimitedBytes(req, MAX_MULTIPART_BYTES);
  if (bytes === undefined) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyTooLarge', undefined, { maximum: '6 MB' })] });
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'multipart', undefined)] });
  }
  const fields: Record<string, string> = {};
  const files: Record<string, Uint8Array> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = new Uint8Array(await value.arrayBuffer());
  }
  rejectUnstorableText(fields);
  return { fields, files };
}

/** Malformed JSON: where it breaks, by line and column, as editors count them. */
function invalidJson(text: string, err: unknown): never {
  const { line, column } = lineAndColumn(text, jsonErrorOffset(text, err));
  throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'jsonAt', undefined, { line, column })] });
}
