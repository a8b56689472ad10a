import { ApiError, fieldError } from './errors';
import { rejectUnstorableText } from './validation';

export const MAX_BODY_BYTES = 256 * 1024;

function tooLarge(): never {
  throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyTooLarge', undefined, { maximum: '256 KiB' })] });
}

/**
 * Reads a JSON object body. Refuses a wrong content type, a body over 256 KiB (by its
 * Content-Length, or while streaming, without reading it whole) and malformed JSON.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'contentType', undefined)] });
  }
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) tooLarge();
  if (!req.body) return invalidJson();

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      tooLarge();
    }
    chunks.push(value);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalidJson();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyObject', undefined)] });
  }
  rejectUnstorableText(parsed);
  return parsed;
}

function invalidJson(): never {
  throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'json', undefined)] });
}
